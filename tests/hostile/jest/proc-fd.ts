// @ts-nocheck
// Writes forged "all passed" records to every descriptor it can find through /proc: its own
// and its parent's (and every process it can see).
import { attempt, forgedLines, nodeRequire, realProcess, tell } from './lib';

const fs = nodeRequire('fs');
const lines = forgedLines();
const seen = {};
const pids = ['self', String(realProcess.ppid)];
try {
  pids.push(...fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)));
} catch (e) {
  seen.proc = 'error:' + e.code;
}
for (const pid of [...new Set(pids)]) {
  let fds = [];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch (e) {
    seen[pid] = 'error:' + e.code;
    continue;
  }
  for (const fd of fds) {
    if (pid === 'self' && Number(fd) <= 2) continue;
    seen[`${pid}/${fd}`] = attempt(() => {
      const handle = fs.openSync(`/proc/${pid}/fd/${fd}`, 'w');
      fs.writeSync(handle, lines);
      fs.closeSync(handle);
      return 'wrote';
    });
    if (pid === 'self') seen[`self-raw/${fd}`] = attempt(() => fs.writeSync(Number(fd), lines));
  }
}
tell('proc-fd', seen);
