# A scripted agent: submits a version with a planted bug (a syntax error: the build fails),
# reads the feedback, then submits the reference app. The apps come from the test's file
# server ($APP_SERVER, the one host the network policy allows), through the proxy.
set -u
fetch() {   # replace the app in the workspace with $1.tar.gz
  find . -mindepth 1 -maxdepth 1 ! -name .revylbench ! -name .feedback -exec rm -rf {} +
  curl -sS -f "$APP_SERVER/$1.tar.gz" | tar -xzf -
}
fetch planted-bug
submit --wait
echo "agent: first submit exited $?"
grep -q "App.tsx" .feedback/1/feedback.md && echo "agent: the feedback names App.tsx"
fetch reference
submit --wait
echo "agent: second submit exited $?"
