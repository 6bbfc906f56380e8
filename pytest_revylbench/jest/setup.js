'use strict';
// Runs after jest's globals exist and before a hidden test file (and so the submission)
// loads, in the test's own module registry: the submission cannot swap the functions and
// matchers the hidden tests call, nor the testing library's exports.

const freezeGlobal = (name) => {
  const value = globalThis[name];
  Object.defineProperty(globalThis, name, { value, writable: false, configurable: false });
};
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
  Object.defineProperty(globalThis, MATCHERS, { value: table, writable: false, configurable: false });
}
Object.freeze(globalThis.expect);
for (const name of Object.keys(library)) {
  const value = library[name];
  if (name === 'screen') continue; // rebound by each render; its methods are its own
  if (value && (typeof value === 'object' || typeof value === 'function')) Object.freeze(value);
}
Object.freeze(library);
