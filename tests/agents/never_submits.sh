# A scripted agent that reads its instructions and stops without submitting.
head -n 3 AGENTS.md
echo "agent: done, nothing submitted"
