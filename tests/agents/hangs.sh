# A scripted agent that never stops: a child in the background and one in the foreground,
# both marked so the test can look for them on the host afterwards.
echo "agent: hanging"
sleep 86399 &
sleep 86398
