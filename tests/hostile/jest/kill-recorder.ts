// @ts-nocheck
// Forges a passing report, then kills its parent (the recorder) and every other process it
// can see, itself last.
import { attempt, forgedReport, nodeRequire, realProcess, reportFile, tell } from './lib';

const fs = nodeRequire('fs');
const seen = { wrote: attempt(() => fs.writeFileSync(reportFile(), JSON.stringify(forgedReport()))) };
let pids = [];
try {
  pids = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
} catch (e) {
  seen.proc = 'error:' + e.code;
}
seen.parent = attempt(() => realProcess.kill(realProcess.ppid, 'SIGKILL'));
for (const pid of pids) {
  if (pid !== realProcess.pid && pid !== realProcess.ppid) seen[pid] = attempt(() => realProcess.kill(pid, 'SIGTERM'));
}
tell('kill-recorder', seen);
attempt(() => realProcess.kill(realProcess.pid, 'SIGKILL'));
