"""The agent's side of a rollout: its workspace, the grading service and its clients.

Above campaigns/ and below cli/. `workspace` lays out what the agent starts from and `endpoint`
the file that tells it where to submit; `tarball` packs and (safely) unpacks a submission;
`submissions` decides what is accepted, `server` carries it over HTTP on a Unix socket or
127.0.0.1; `queue` is the queue interface over Redis + RQ, `jobs` grades one queued submission
with `pytest --rollout` in a subprocess, `worker`/`workers` run the graders and `broker` the
single machine's Redis; `runner` is `revylbench serve`; `client` and `mcp_tools` are what the
agent runs.
"""
