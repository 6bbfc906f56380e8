// @ts-nocheck
// After each test, if it failed, throws a value that is not an Error: an object whose `name`,
// `message` and `stack` getters (read by jest when it formats the failure) clear the failed
// test's errors in jest-circus's state a moment later, and a bare `undefined` for the next.
import { attempt, tell } from './lib';

const seen = {};
const symbol = Object.getOwnPropertySymbols(globalThis).find((s) => String(s).includes('JEST_STATE'));
const state = () => globalThis[symbol];
let thrown = 0;
seen.hook = attempt(() =>
  afterEach(() => {
    const test = state() && state().currentlyRunningTest;
    if (!test || !test.errors.length) return;
    thrown += 1;
    if (thrown > 1) throw undefined; // eslint-disable-line no-throw-literal
    const clear = () => {
      queueMicrotask(() => {
        test.errors.length = 0;
      });
      return '';
    };
    throw Object.create(null, { name: { get: clear }, message: { get: clear }, stack: { get: clear } });
  }),
);
tell('throw-non-error', seen);
