// @ts-nocheck
// Makes the hidden tests' assertions pass whatever the app shows: replaces the matchers,
// the `expect` global and the testing library's queries.
import * as rntl from '@testing-library/react-native';

import { attempt, nodeRequire, tell } from './lib';

const pass = () => ({ pass: true, message: () => '' });
const seen = {};
/** Apply a patch and say whether it took (a frozen target ignores or refuses it). */
function patch(name: string, apply: () => unknown, took: () => boolean) {
  seen[name] = attempt(() => {
    apply();
    if (!took()) throw new Error('ignored');
    return 'took';
  });
}
patch('extend', () => expect.extend({ toHaveTextContent: pass, toBe: pass, toEqual: pass }),
  () => globalThis[Symbol.for('$$jest-matchers-object')].matchers.toHaveTextContent === pass);
const table = () => globalThis[Symbol.for('$$jest-matchers-object')];
patch('matchers_object', () => {
  table().matchers.toHaveTextContent = pass;
  table().matchers.toBeNull = pass;
}, () => table().matchers.toBeNull === pass);
const fake = () => new Proxy({}, { get: () => () => undefined });
patch('global_expect', () => {
  globalThis.expect = fake;
}, () => globalThis.expect === fake);
const library = nodeRequire('@testing-library/react-native') || rntl;
const noop = Object.assign(() => undefined, { press: () => undefined });
patch('rntl_export', () => {
  library.fireEvent = noop;
}, () => library.fireEvent === noop);
const query = () => null;
patch('rntl_screen', () => {
  library.screen.queryByTestId = query;
}, () => library.screen.queryByTestId === query);
const render = () => ({ unmount() {} });
patch('rntl_render', () => Object.defineProperty(library, 'render', { value: render }),
  () => library.render === render);
tell('patch-expect', seen);
