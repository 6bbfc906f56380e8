# A scripted agent with the published budget of 5: submits (without waiting), submits again at
# once (the first is still queued or grading: refused), waits for the first grade, submits four
# more times waiting for each, then a sixth time (the budget is used: refused). Every refusal
# is on its stdout.
set -u
fetch() {
  find . -mindepth 1 -maxdepth 1 ! -name .revylbench ! -name .feedback -exec rm -rf {} +
  curl -sS -f "$APP_SERVER/$1.tar.gz" | tar -xzf -
}
fetch planted-bug
submit 2>&1
echo "agent: first submit exited $?"
submit 2>&1
echo "agent: second submit exited $?"
until submit --status | grep -q '"in_flight": \[\]'; do sleep 2; done
submit --feedback 1 >/dev/null 2>&1
echo "agent: feedback 1 exited $?"
for k in 2 3 4 5; do
  submit --wait >/dev/null 2>&1
  echo "agent: submission $k exited $?"
done
submit --wait 2>&1
echo "agent: sixth submit exited $?"
