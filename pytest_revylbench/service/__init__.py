"""The agent's side of a rollout: its workspace, the grading service and its clients.

Above campaigns/ and below cli/: `workspace` lays out what the agent starts from, `tarball`
packs and (safely) unpacks a submission, `jobs` grades one queued submission with `pytest
--rollout` in a subprocess, `queue` is the queue interface over Redis + RQ, `broker` and
`workers` run the single-machine set-up, `server` answers the agent over HTTP on a Unix socket
or 127.0.0.1, `client` and `mcp_tools` are what the agent runs.
"""
