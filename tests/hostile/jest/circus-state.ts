// @ts-nocheck
// Known residual: code in the test process clears the failed test's errors in jest-circus's
// own state before jest reads them, through a hook it registers at import.
import { attempt, tell } from './lib';

const seen = {};
const symbol = Object.getOwnPropertySymbols(globalThis).find((s) => String(s).includes('JEST_STATE'));
seen.state = attempt(() => String(symbol));
seen.hook = attempt(() =>
  afterEach(() => {
    const state = globalThis[symbol];
    if (state && state.currentlyRunningTest) state.currentlyRunningTest.errors.length = 0;
  }),
);
tell('circus-state', seen);
