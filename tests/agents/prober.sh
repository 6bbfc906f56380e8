# A scripted agent that tries to reach what it must not: the grader's repository, its suites
# and reports, the campaign's other rollouts and the service's state (paths given by the test
# in PROBE_PATHS, host paths), a host-side 127.0.0.1 port directly, a host the policy does not
# allow, and submit's --workspace; then the allowed host and the MCP server. Every line it
# prints says what it saw.
for path in $PROBE_PATHS; do
  if ls "$path" >/dev/null 2>&1; then echo "VISIBLE $path"; else echo "hidden $path"; fi
done
for secret in /etc/shadow /etc/gshadow /etc/ssh/ssh_host_ed25519_key; do
  if [ -s "$secret" ]; then echo "READABLE $secret"; else echo "empty $secret"; fi
done
if [ -e /root ] || [ -e /work ]; then echo "VISIBLE host folders"; else echo "hidden host folders"; fi
code=$(curl -sS -m 30 --noproxy '*' -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HOST_PORT/" 2>&1 | tr '\n' ' ')
echo "direct 127.0.0.1:$HOST_PORT -> $code"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' "https://$DENIED_HOST/" 2>&1 | tr '\n' ' ')
echo "proxied https://$DENIED_HOST -> $code"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' "http://$DENIED_HOST/" 2>&1)
echo "proxied http://$DENIED_HOST -> $code"
body=$(curl -sS -m 30 "http://127.0.0.1:$HOST_PORT/allowed.txt" 2>&1)
echo "proxied allowed -> $body"
submit --workspace /etc --status 2>&1
echo "submit --workspace exit $?"
submit --status | grep -c '"budget": 5' | sed 's/^/status budget lines: /'
revylbench submit --status | grep -c '"left": 5' | sed 's/^/revylbench submit left lines: /'
grep -c "In this sandbox" AGENTS.md | sed 's/^/AGENTS.md sandbox notes: /'
# The MCP server over stdio, its input held open until it has listed its tools (or 60 s): a
# fixed pause would be too short on a loaded machine.
mkfifo /tmp/mcp.in
"$REVYLBENCH_MCP" < /tmp/mcp.in > /tmp/mcp.out 2>/dev/null &
exec 3> /tmp/mcp.in
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' >&3
for _ in $(seq 120); do grep -q '"id":2' /tmp/mcp.out && break; sleep 0.5; done
exec 3>&-
wait
grep -o '"name":"[a-z]*"' /tmp/mcp.out | sort -u | tr '\n' ' '
echo
echo "probe done"
