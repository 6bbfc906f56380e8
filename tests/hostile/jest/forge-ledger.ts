// @ts-nocheck
// Writes forged "this test ran" records, for every hidden test, into each pipe the worker
// holds (the grader's witness writes to one of them), highest descriptor first, signed with
// nothing it could know. (Writing into the runtime's own pipes may well crash the worker.)
import { hiddenCases, nodeRequire, tell } from './lib';

const fs = nodeRequire('fs');
const lines = hiddenCases().map((c, i) => `${'0'.repeat(64)} ${JSON.stringify({
  kind: 'ran', file: c.file.split('/').pop(), test: [...c.ancestorTitles, c.title].join(' \u203a '),
  worker: 'forged', seq: i + 1,
})}`).join('\n') + '\n';
const pipes = [];
for (let fd = 63; fd >= 3; fd -= 1) {
  try {
    if (fs.fstatSync(fd).isFIFO()) pipes.push(fd);
  } catch (e) {
    // not open
  }
}
tell('forge-ledger', { pipes });
for (const fd of pipes) {
  try {
    fs.writeSync(fd, lines);
  } catch (e) {
    // a read end
  }
}
