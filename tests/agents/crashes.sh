# A scripted agent that fails.
echo "agent: something went wrong" >&2
exit 3
