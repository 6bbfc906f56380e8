# A scripted agent: submits its workspace as it was laid out (the untouched scaffold) once,
# waits for the grade, shows the feedback, and stops.
set -u
echo "agent: submitting the untouched workspace"
submit --wait
echo "agent: submit exited with $?"
ls .feedback/*/feedback.md
