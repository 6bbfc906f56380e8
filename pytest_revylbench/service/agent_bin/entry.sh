#!/bin/sh
# The sandbox's first process: start the proxy bridge, wait until it listens, run the agent.
ready=/tmp/.revylbench-proxy-ready
python3 /run/revylbench/bin/.proxy-bridge "$REVYLBENCH_PROXY_PORT" /run/revylbench/proxy.sock "$ready" &
i=0
while [ ! -e "$ready" ] && [ "$i" -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
rm -f "$ready"
exec /bin/sh -c "$REVYLBENCH_AGENT_CMD"
