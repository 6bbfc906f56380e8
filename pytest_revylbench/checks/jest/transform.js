'use strict';
// The grader's jest transformer: babel-jest with the grader's options, backed by a read-only
// store of transforms (checks/jest_store.py). An entry is babel-jest's own cache key -> the
// code and source map babel-jest made for it; the key covers the file's content and path, the
// Babel options, the project config, babel-jest itself and Node's version, so an entry is
// exactly what babel-jest would make again. A miss is transformed as without the store.
//
// The store is written only by the grader's seed run (REVYLBENCH_JEST_RECORD=1), which runs
// the grader's own seed app and nothing of any submission. In a grade it is mounted read-only,
// outside everything the run may write (bubblewrap and Node's permission model), so no
// submission can put a transform there for another to read.

const fs = require('fs');
const path = require('path');
const babelJest = require('babel-jest');

const factory = babelJest.default || babelJest;
const RECORD = process.env.REVYLBENCH_JEST_RECORD === '1';

function createTransformer(userOptions) {
  const { store, ...babelOptions } = userOptions || {};
  const inner = factory.createTransformer(babelOptions);
  const entry = (key) => path.join(store, key.slice(0, 2), `${key}.json`);

  function stored(key) {
    let value;
    try {
      value = JSON.parse(fs.readFileSync(entry(key), 'utf8'));
    } catch {
      return null; // no entry (or an unreadable one): transformed as without the store
    }
    return value !== null && typeof value.code === 'string' ? value : null;
  }

  // `file` (the source, relative to the project) is for whoever audits the store: never read.
  function keep(key, result, sourcePath, options) {
    if (!RECORD) return;
    const file = entry(key);
    const source = path.relative(options.config.rootDir, sourcePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.partial`,
      JSON.stringify({ file: source, code: result.code, map: result.map ?? null }));
    fs.renameSync(`${file}.partial`, file);
  }

  // jest asks for a file's key just before it asks for its transform: the last key is kept
  // so that Babel's options are not loaded twice per file. It is reused only for the same
  // text, path and every option the key depends on.
  const OPTIONS = ['configString', 'instrument', 'supportsDynamicImport',
    'supportsExportNamespaceFrom', 'supportsStaticESM', 'supportsTopLevelAwait'];
  let last = null;
  function keyOf(sourceText, sourcePath, options) {
    const same = last !== null && last.sourceText === sourceText && last.sourcePath === sourcePath
      && OPTIONS.every((name) => last.options[name] === options[name]);
    if (!same) {
      last = { sourceText, sourcePath, options, key: inner.getCacheKey(sourceText, sourcePath, options) };
    }
    return last.key;
  }

  return {
    canInstrument: inner.canInstrument,
    getCacheKey: keyOf,
    getCacheKeyAsync: inner.getCacheKeyAsync,
    process(sourceText, sourcePath, options) {
      const key = keyOf(sourceText, sourcePath, options);
      const hit = stored(key);
      if (hit) return hit;
      const made = inner.process(sourceText, sourcePath, options);
      keep(key, made, sourcePath, options);
      return made;
    },
    async processAsync(sourceText, sourcePath, options) {
      const key = await inner.getCacheKeyAsync(sourceText, sourcePath, options);
      const hit = stored(key);
      if (hit) return hit;
      const made = await inner.processAsync(sourceText, sourcePath, options);
      keep(key, made, sourcePath, options);
      return made;
    },
  };
}

module.exports = { createTransformer };
