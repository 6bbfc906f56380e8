'use strict';
// The grader's jest test environment: the preset's own (React Native's, on Node's), plus what
// keeps the hidden tests' verdicts out of reach of the submission's code, which runs in this
// worker, in the test's realm:
//   - a witness of every test: jest-circus hands each event to this environment, which runs
//     in the worker's outer realm. The moment a test's function fails (or succeeds) it writes
//     a record, signed with a key only this module holds, to a pipe the grader reads. A
//     failure that has left the process cannot be undone by clearing jest-circus's state,
//     rewriting what the worker sends its parent, or hanging afterwards. The grader credits a
//     test only when jest and the witness both say it passed;
//   - each hidden test's function, mode and `failing` flag are pinned when the hidden file
//     declares the test, so no later code can swap the test's body;
//   - the test realm's intrinsics are frozen (ses `lockdown()`, from the grader's own
//     packages) after the setup files and before the hidden file, so no module of the
//     submission can patch what `expect`, the matchers and the testing library compute with;
//   - the outer realm's function constructors are made inert, so no function handed to the
//     test realm (a timer, a mock, `require`) leads to the worker's own `process` and modules.
// Everything this module calls after the submission loaded was captured at its own load.

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const crypto = require('crypto');

const { apply, defineProperty, getOwnPropertyDescriptor, getOwnPropertyDescriptors, getPrototypeOf } = {
  apply: Reflect.apply,
  defineProperty: Object.defineProperty,
  getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
  getOwnPropertyDescriptors: Object.getOwnPropertyDescriptors,
  getPrototypeOf: Object.getPrototypeOf,
};
const { writeSync, readSync, fstatSync, closeSync, readFileSync } = fs;
const { createHmac, createSecretKey, randomBytes } = crypto;
const stringify = JSON.stringify;
const probe = createHmac('sha256', 'probe');
const hmacUpdate = probe.update;
const hmacDigest = probe.digest;
const weakGet = WeakMap.prototype.get;
const weakSet = WeakMap.prototype.set;
const weakHas = WeakMap.prototype.has;
const bufferToString = Buffer.prototype.toString;
const realExit = process.reallyExit;
const realPid = process.pid;

const ROOT = 'ROOT_DESCRIBE_BLOCK';
const SEPARATOR = ' \u203a ';
const LOCKDOWN = Symbol.for('revylbench.lockdown');
const WITNESS = 'REVYLBENCH_WITNESS_FDS';
const CLOCK_ENV = ['LD_PRELOAD', 'FAKETIME'];
const RUNNER_ENV = /^JEST_/;
const SES = path.join(__dirname, 'revylbench-ses.js');
const BASES = ['@react-native/jest-preset/jest/react-native-env.js',
  'react-native/jest/react-native-env.js', 'jest-environment-node'];
// Options for lockdown(): errors keep their stacks (jest prints them), jest's own console,
// process and eval stay as they are; every data property of an intrinsic becomes overridable
// on an instance (`this.name = ...` in an Error subclass), as code written before lockdown
// expects.
const LOCKDOWN_OPTIONS = {
  errorTaming: 'unsafe', stackFiltering: 'verbose', overrideTaming: 'severe',
  consoleTaming: 'unsafe', domainTaming: 'unsafe', errorTrapping: 'none',
  unhandledRejectionTrapping: 'none', evalTaming: 'unsafe-eval', reporting: 'none',
};

function presetEnvironment() {
  for (const name of BASES) {
    let found;
    try {
      found = require(name);
    } catch (error) {
      if (error && error.code === 'MODULE_NOT_FOUND') continue;
      throw error;
    }
    return found.TestEnvironment || found.default || found;
  }
  throw new Error('revylbench: no jest test environment of React Native or Node is installed');
}

// The outer realm: `fn.constructor` of any of its functions would compile code here, with the
// real `process` and `require` in reach. Inert stand-ins keep names and prototypes, so
// `fn.constructor.name` and `instanceof` checks still hold; the global constructors still work.
function tameOuterConstructors() {
  const kinds = [
    ['Function', function () {}],
    ['AsyncFunction', async function () {}],
    ['GeneratorFunction', function* () {}],
    ['AsyncGeneratorFunction', async function* () {}],
  ];
  for (const [name, sample] of kinds) {
    const prototype = getPrototypeOf(sample);
    if (!getOwnPropertyDescriptor(prototype, 'constructor').configurable) continue; // done
    const inert = function () {
      throw new TypeError('revylbench: function constructors are not available to code under test');
    };
    defineProperty(inert, 'name', { value: name });
    defineProperty(inert, 'prototype', { value: prototype, writable: false });
    defineProperty(prototype, 'constructor', { value: inert, writable: false, configurable: false });
  }
}

// One witness per worker process: the key is read before any test file (and so any code of
// the submission) ran here, and never exists as a string.
let witness = null;

function openWitness(options) {
  if (witness !== null) return witness;
  const raw = Buffer.alloc(32);
  let got = 0;
  while (got < raw.length) {
    const n = readSync(options.keyFd, raw, got, raw.length - got, null);
    if (n === 0) throw new Error('revylbench: the grader gave this worker no key');
    got += n;
  }
  closeSync(options.keyFd);
  const key = createSecretKey(raw);
  raw.fill(0);
  witness = {
    key, fd: options.ledgerFd, inode: fstatSync(options.ledgerFd).ino, seq: 0,
    worker: apply(bufferToString, randomBytes(8), ['hex']),
  };
  return witness;
}

function die() {
  // The ledger is gone (closed or replaced): no verdict of this process can be witnessed.
  apply(realExit, process, [70]);
}

function send(body) {
  const w = witness;
  if (w === null) return;
  w.seq += 1;
  body.worker = w.worker;
  body.seq = w.seq;
  const text = stringify(body);
  const hmac = createHmac('sha256', w.key);
  apply(hmacUpdate, hmac, [text]);
  const line = `${apply(hmacDigest, hmac, ['hex'])} ${text}\n`;
  try {
    if (fstatSync(w.fd).ino !== w.inode) die();
    // One write of at most PIPE_BUF bytes is never interleaved with another writer's.
    writeSync(w.fd, line);
  } catch (error) {
    die();
  }
}

function record(kind, file, name) {
  const body = Object.create(null);
  body.kind = kind;
  body.file = file;
  if (name !== undefined) body.test = name;
  send(body);
}

let tamed = false;

module.exports = class RevylbenchEnvironment extends presetEnvironment() {
  constructor(config, context) {
    const fds = /^(\d+),(\d+)$/.exec(process.env[WITNESS] || '');
    delete process.env[WITNESS];
    // The test realm as V8 made it, before jest and the setup files add to its global.
    const createContext = vm.createContext;
    let pristine = null;
    vm.createContext = function (...args) {
      const made = apply(createContext, this, args);
      pristine = vm.runInContext('Object.getOwnPropertyDescriptors(globalThis)', made);
      return made;
    };
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
    delete this.global.process.env[WITNESS];
    // The grader's clock (builder/clock.py: libfaketime, preloaded when this process started)
    // is no business of the code under test. Only the test realm's copy loses it: libfaketime
    // reads FAKETIME again every 10 s, and without it the clocks would jump back to the host's
    // (Node then aborts: its monotonic clock went backwards).
    // jest's own variables (JEST_WORKER_ID) are a sign of the runner, not of the app's world.
    for (const name of Object.keys(this.global.process.env)) {
      if (CLOCK_ENV.includes(name) || RUNNER_ENV.test(name)) delete this.global.process.env[name];
    }
    if (!tamed) {
      tameOuterConstructors();
      tamed = true;
    }
    this.file = path.basename(context.testPath || '');
    this.names = new WeakMap();
    this.running = null;
    if (fds) openWitness({ keyFd: Number(fds[1]), ledgerFd: Number(fds[2]) });
    this.offerLockdown(pristine);
  }

  // jest's setup files (React Native's polyfills, the testing library) must load before the
  // intrinsics freeze; the grader's setup file, the last, calls this once.
  offerLockdown(pristine) {
    const context = this.getVmContext();
    new vm.Script(readFileSync(SES, 'utf8'), { filename: SES }).runInContext(context);
    const global = this.global;
    const lockdown = global.lockdown;
    for (const name of ['lockdown', 'harden', 'Compartment', 'assert', 'repairIntrinsics']) {
      delete global[name];
    }
    const blank = vm.runInContext('({})', context);
    defineProperty(global, LOCKDOWN, {
      configurable: true,
      value: () => {
        delete global[LOCKDOWN];
        // ses checks every intrinsic on the global it finds: jest put the outer realm's
        // ArrayBuffer, Uint8Array, timers, console and more there, and the setup files their
        // polyfills. The global's own intrinsics stand in while lockdown runs.
        const aside = [];
        for (const [name, now] of Object.entries(getOwnPropertyDescriptors(global))) {
          const own = pristine[name];
          if (!now.configurable) continue;
          if (own && 'value' in own && 'value' in now && own.value === now.value) continue;
          if (!own && 'value' in now && !(now.value && (typeof now.value === 'object' || typeof now.value === 'function'))) continue;
          aside.push([name, now]);
          delete global[name];
          if (own) defineProperty(global, name, own);
        }
        defineProperty(global, 'console', { value: blank, configurable: true, writable: true });
        try {
          lockdown(LOCKDOWN_OPTIONS);
        } finally {
          for (const [name, descriptor] of aside) defineProperty(global, name, descriptor);
        }
      },
    });
  }

  nameOf(test) {
    let name = '';
    let depth = 0;
    for (let block = test; block && block.name !== ROOT && depth < 64; block = block.parent, depth += 1) {
      const title = typeof block.name === 'string' ? block.name : '?';
      name = depth === 0 ? title : `${title}${SEPARATOR}${name}`;
    }
    return name;
  }

  handleTestEvent(event, state) {
    const result = super.handleTestEvent ? super.handleTestEvent(event, state) : undefined;
    const name = event.name;
    if (name === 'add_test') {
      this.pin(event, state);
    } else if (name === 'test_start') {
      this.running = event.test;
    } else if (name === 'test_fn_success') {
      const test = event.test;
      if (apply(weakHas, this.names, [test]) && test.fn === apply(weakGet, this.names, [test]).fn) {
        record('ran', this.file, apply(weakGet, this.names, [test]).name);
      }
    } else if (name === 'test_fn_failure' || (name === 'hook_failure' && event.test)) {
      this.failed(event.test);
    } else if (name === 'error') {
      this.failed(this.running);
    } else if (name === 'test_done') {
      if (event.test && event.test.errors && event.test.errors.length) this.failed(event.test);
      this.running = null;
    }
    return result;
  }

  failed(test) {
    if (test && apply(weakHas, this.names, [test])) {
      record('failed', this.file, apply(weakGet, this.names, [test]).name);
    } else {
      record('failed', this.file);
    }
  }

  // The test jest-circus just made for `test(...)`: its body, its `failing` flag (which turns
  // a failure into a success), its name and place can no longer change. (Its mode circus
  // itself sets later; a skipped test is never credited.)
  pin(event, state) {
    const block = state.currentDescribeBlock;
    const children = block && block.children;
    const test = children && children[children.length - 1];
    if (!test || test.type !== 'test' || test.fn !== event.fn || test.parent !== block) return;
    for (const key of ['fn', 'failing', 'concurrent', 'parent', 'name']) {
      defineProperty(test, key, { value: test[key], writable: false, configurable: false });
    }
    apply(weakSet, this.names, [test, { fn: test.fn, name: this.nameOf(test) }]);
  }
};
