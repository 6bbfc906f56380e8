'use strict';
// Runs after jest's globals exist and before a hidden test file (and so the submission)
// loads, in the test's own module registry: the submission cannot swap the functions and
// matchers the hidden tests call, nor the testing library's exports.

const freezeGlobal = (name) => {
  const value = globalThis[name];
  Object.defineProperty(globalThis, name, { value, writable: false, configurable: false });
};
// A hidden file's `beforeAll` is its warm-up: the app's first render loads and transforms
// React Native's modules (jest's transform cache is never read back), which takes seconds on
// an idle machine and over a minute on a loaded one. Its limit is the grader's, at least
// WARM_UP_MS whatever the file asks, so the machine's load never decides a verdict; a hanging
// app is still stopped by the whole run's limit (--functional-timeout).
const WARM_UP_MS = 300000;
const declaredBeforeAll = globalThis.beforeAll;
globalThis.beforeAll = (fn, timeout) =>
  declaredBeforeAll(fn, Math.max(typeof timeout === 'number' ? timeout : 0, WARM_UP_MS));

for (const name of ['expect', 'test', 'it', 'describe', 'beforeEach', 'afterEach', 'beforeAll',
  'afterAll', 'jest']) {
  freezeGlobal(name);
}

// The testing library adds its matchers (toHaveTextContent...) when first imported: import it
// here, first, then freeze the matcher table, expect's own properties and the library.
const library = require('@testing-library/react-native');
const MATCHERS = Symbol.for('$$jest-matchers-object');
const table = globalThis[MATCHERS];
if (table) {
  Object.freeze(table.matchers);
  // expect's equality testers decide toEqual and the like: none may be added after this.
  if (Array.isArray(table.customEqualityTesters)) Object.freeze(table.customEqualityTesters);
  Object.freeze(table);
  Object.defineProperty(globalThis, MATCHERS, { value: table, writable: false, configurable: false });
}
Object.freeze(globalThis.expect);

// `screen` is rebound to each render's result. Only results made by the library's own render
// are accepted, and each is frozen, so the submission cannot swap a query of the screen.
try {
  const screenModule = require('@testing-library/react-native/dist/screen');
  const rendered = new WeakSet();
  const setResult = screenModule.setRenderResult;
  const clearResult = screenModule.clearRenderResult;
  const fallback = Object.freeze(screenModule.screen);
  let current = fallback;
  Object.defineProperty(screenModule, 'screen', {
    enumerable: true, configurable: false,
    get: () => current,
    set: (value) => {
      if (value !== fallback && !rendered.has(value)) {
        throw new Error('revylbench: the testing library\'s screen can only be set by render');
      }
      current = value;
    },
  });
  const guarded = {
    setRenderResult: (result) => {
      rendered.add(Object.freeze(result));
      return setResult(result);
    },
    clearRenderResult: () => clearResult(),
  };
  for (const [name, value] of Object.entries(guarded)) {
    Object.defineProperty(screenModule, name, { value, writable: false, configurable: false });
  }
} catch (error) {
  if (!String(error && error.code).includes('MODULE_NOT_FOUND')) throw error;
}
for (const name of Object.keys(library)) {
  const value = library[name];
  if (name === 'screen') continue; // rebound by each render; its methods are its own
  if (value && (typeof value === 'object' || typeof value === 'function')) Object.freeze(value);
}
Object.freeze(library);

// The matchers and the library look their helpers up on those modules' exports at each call:
// every module of the verdict's path loaded so far keeps its exports.
const VERDICT_PATH = /\/node_modules\/(@testing-library\/|expect\/|@jest\/expect|jest-matcher-utils\/|jest-diff\/|pretty-format\/|test-renderer\/|react-test-renderer\/|redent\/)/;
for (const file of Object.keys(require.cache)) {
  const loaded = require.cache[file];
  if (!VERDICT_PATH.test(file) || !loaded || !loaded.exports) continue;
  if (typeof loaded.exports === 'object' || typeof loaded.exports === 'function') Object.freeze(loaded.exports);
}

// Last, before the hidden file (and so any module of the submission) loads: the test realm's
// intrinsics freeze (jest/environment.js offers this once).
const lockdown = globalThis[Symbol.for('revylbench.lockdown')];
if (typeof lockdown !== 'function') throw new Error('revylbench: the grader\'s test environment is not in use');
lockdown();
