// @ts-nocheck
// Makes the hidden tests' assertions pass whatever the app shows: replaces the matchers,
// the `expect` global and the testing library's queries.
import * as rntl from '@testing-library/react-native';

import { attempt, nodeRequire, tell } from './lib';

const pass = () => ({ pass: true, message: () => '' });
const seen = {};
seen.extend = attempt(() => expect.extend({ toHaveTextContent: pass, toBe: pass, toEqual: pass }));
seen.matchers_object = attempt(() => {
  const state = globalThis[Symbol.for('$$jest-matchers-object')];
  state.matchers.toHaveTextContent = pass;
  state.matchers.toBe = pass;
  return Object.keys(state.matchers).length;
});
seen.global_expect = attempt(() => {
  const fake = () => new Proxy({}, { get: () => () => undefined });
  globalThis.expect = fake;
  return globalThis.expect === fake;
});
const library = nodeRequire('@testing-library/react-native') || rntl;
seen.rntl_export = attempt(() => {
  library.fireEvent = Object.assign(() => undefined, { press: () => undefined });
  return library.fireEvent.press.length;
});
seen.rntl_screen = attempt(() => {
  library.screen.getByTestId = () => ({ props: { children: '' } });
  return 'patched';
});
seen.rntl_render = attempt(() => {
  Object.defineProperty(library, 'render', { value: () => ({ unmount() {} }) });
  return 'patched';
});
tell('patch-expect', seen);
