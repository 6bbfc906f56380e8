'use strict';
// The grader's recorder of the hidden component tests. It runs in jest's parent process,
// which never runs the submission's code: every test file runs in a worker process (the
// grader sets `workerIdleMemoryLimit`, which keeps jest from running tests in band), and
// this reporter is built before the first worker starts. At that moment it
//   - reads the run's HMAC key from a pipe and closes it, so no worker inherits it;
//   - reopens the result pipe through /proc as a close-on-exec descriptor and closes the
//     inherited one, so no worker inherits a way to write to it;
//   - captures the primitives it needs (fs.writeSync, JSON.stringify, the HMAC);
//   - gives the workers Node's permission model through NODE_OPTIONS (no child processes,
//     threads, inspector or native addons; no reading /proc or writing outside scratch).
// Every record it sends is `<hmac> <seq> <json>`; the grader checks the MACs, the order, the
// names against the tests it collected, and the counts against jest's exit status.

const fs = require('fs');
const crypto = require('crypto');

const writeSync = fs.writeSync;
const stringify = JSON.stringify;
const Hmac = crypto.createHmac;

function readAll(fd) {
  const chunks = [];
  const buffer = Buffer.alloc(256);
  for (;;) {
    const n = fs.readSync(fd, buffer, 0, buffer.length, null);
    if (n === 0) return Buffer.concat(chunks);
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
}

class RevylbenchRecorder {
  constructor(globalConfig, options) {
    const key = Buffer.from(readAll(options.keyFd).toString('ascii').trim(), 'hex');
    fs.closeSync(options.keyFd);
    const out = fs.openSync(`/proc/self/fd/${options.channelFd}`, 'w');
    fs.closeSync(options.channelFd);
    let seq = 0;
    this._send = (body) => {
      seq += 1;
      const text = `${seq} ${stringify(body)}`;
      const mac = Hmac('sha256', key).update(text).digest('hex');
      const line = Buffer.from(`${mac} ${text}\n`, 'utf8');
      let done = 0;
      while (done < line.length) done += writeSync(out, line, done, line.length - done);
    };
    if (options.workerNodeOptions) {
      process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS || '', options.workerNodeOptions].join(' ').trim();
    }
    this._send({
      kind: 'hello', pid: process.pid, maxWorkers: globalConfig.maxWorkers,
      runInBand: Boolean(globalConfig.runInBand),
    });
  }

  onTestFileResult(test, result) {
    this._send({
      kind: 'file',
      path: result.testFilePath,
      // jest sets this in its own process only when it runs a test file there (in band)
      inBand: process.env.JEST_WORKER_ID !== undefined,
      failureMessage: result.failureMessage || '',
      execError: result.testExecError ? String(result.testExecError.message || '') : null,
      tests: (result.testResults || []).map((t) => ({
        ancestorTitles: t.ancestorTitles, title: t.title, status: t.status,
        failureMessages: t.failureMessages || [],
      })),
    });
  }

  onRunComplete(contexts, results) {
    // jest sets `results.success` only after its reporters ran (it is still false here):
    // the same rule as jest's, which decides its exit status.
    const success = results.numFailedTests === 0 && results.numRuntimeErrorTestSuites === 0 &&
      !(results.snapshot && results.snapshot.failure) && !results.runExecError;
    this._send({
      kind: 'complete', success,
      numTotalTests: results.numTotalTests, numPassedTests: results.numPassedTests,
      numFailedTests: results.numFailedTests, numTotalTestSuites: results.numTotalTestSuites,
      numRuntimeErrorTestSuites: results.numRuntimeErrorTestSuites,
    });
  }

  getLastError() {
    return undefined;
  }
}

module.exports = RevylbenchRecorder;
