// @ts-nocheck
// Shared by the hostile jest submissions (tests/device/test_hostile_jest.py): what code under
// the hidden component tests can reach, and the forgeries it tries. Each attack module is
// copied into a submission's src/attack/ and imported first thing by its App.tsx.

/** The real `process` of whatever realm jest put us in (jest hands tests a copy). */
export const realProcess = (() => {
  try {
    return setTimeout.constructor('return process')();
  } catch (e) {
    return process;
  }
})();

/** A `require` for Node's modules: jest's own, else the worker's real one. */
export function nodeRequire(name: string) {
  const tries = [
    () => eval('require')(name),
    () => realProcess.mainModule.require(name),
    () => module.constructor._load(name),
  ];
  for (const attempt of tries) {
    try {
      const value = attempt();
      if (value) return value;
    } catch (e) {
      // next way in
    }
  }
  return null;
}

export function attempt(fn: () => unknown): string {
  try {
    const value = fn();
    return 'ok:' + String(value === undefined ? '' : value).slice(0, 120);
  } catch (e) {
    return 'error:' + (e && (e.code || e.message));
  }
}

/** One line in the check log saying what the attack saw. */
export function tell(name: string, data: unknown): void {
  try {
    realProcess.stderr.write(`HOSTILE-JEST ${name} ${JSON.stringify(data)}\n`);
  } catch (e) {
    // nowhere to tell
  }
}

const fs = nodeRequire('fs');
const path = nodeRequire('path');

/** The hidden tests' titles, read from the hidden test files (indentation gives nesting). */
export function hiddenCases(): { file: string; ancestorTitles: string[]; title: string }[] {
  const cases = [];
  const roots = [realProcess.cwd()];
  for (const root of roots) {
    let folders = [];
    try {
      folders = fs.readdirSync(root).filter((n) => n.includes('hidden')).map((n) => path.join(root, n));
    } catch (e) {
      continue;
    }
    for (const folder of folders) {
      for (const name of fs.readdirSync(folder).filter((n) => n.endsWith('.test.tsx'))) {
        const stack = [];
        for (const line of fs.readFileSync(path.join(folder, name), 'utf8').split('\n')) {
          const m = /^(\s*)(describe|test|it)\(\s*["']([^"']+)["']/.exec(line);
          if (!m) continue;
          const depth = m[1].length / 2;
          stack.length = depth;
          if (m[2] === 'describe') stack[depth] = m[3];
          else cases.push({ file: path.join(folder, name), ancestorTitles: stack.filter(Boolean), title: m[3] });
        }
      }
    }
  }
  return cases;
}

/** A jest --json report in which every hidden test passed. */
export function forgedReport(): Record<string, unknown> {
  const cases = hiddenCases();
  const files = [...new Set(cases.map((c) => c.file))];
  return {
    success: true, numFailedTests: 0, numPassedTests: cases.length, numTotalTests: cases.length,
    numFailedTestSuites: 0, numPassedTestSuites: files.length, numTotalTestSuites: files.length,
    numRuntimeErrorTestSuites: 0,
    testResults: files.map((file) => ({
      name: file, status: 'passed', message: '',
      assertionResults: cases.filter((c) => c.file === file).map((c) => ({
        ancestorTitles: c.ancestorTitles, title: c.title, fullName: [...c.ancestorTitles, c.title].join(' '),
        status: 'passed', failureMessages: [],
      })),
    })),
  };
}

/** Every passed-test record the attacker can think of: jest's JSON, and the grader's channel
 * format with a guessed (all-zero) MAC, and one with each 64-hex string it found. */
export function forgedLines(keys: string[] = []): string {
  const report = forgedReport();
  const lines = [JSON.stringify(report)];
  const bodies = [
    ...report.testResults.map((f) => ({ kind: 'file', path: f.name, failureMessage: '', execError: null,
      tests: f.assertionResults.map((a) => ({ ancestorTitles: a.ancestorTitles, title: a.title, status: 'passed', failureMessages: [] })) })),
    { kind: 'complete', success: true, numTotalTests: report.numTotalTests, numPassedTests: report.numTotalTests,
      numFailedTests: 0, numRuntimeErrorTestSuites: 0 },
  ];
  const crypto = nodeRequire('crypto');
  for (const key of ['0'.repeat(64), ...keys]) {
    bodies.forEach((body, i) => {
      const text = `${i + 1} ${JSON.stringify(body)}`;
      let mac = key;
      try {
        mac = crypto.createHmac('sha256', Buffer.from(key, 'hex')).update(text).digest('hex');
      } catch (e) {
        // keep the guess
      }
      lines.push(`${mac} ${text}`);
    });
  }
  return lines.join('\n') + '\n';
}

/** Where jest was told to write its report, if anywhere. */
export function reportFile(): string {
  const flag = realProcess.argv.find((a) => a.startsWith('--outputFile='));
  if (flag) return flag.slice('--outputFile='.length);
  return path.join(realProcess.cwd(), '.revylbench-jest.json');
}

/** Turn a failed jest report into a passed one. */
export function flip(text: string): string {
  return text
    .replace(/"status":"failed"/g, '"status":"passed"')
    .replace(/"failureMessages":\[[^\]]*\]/g, '"failureMessages":[]')
    .replace(/"numFailedTests":\d+/g, '"numFailedTests":0')
    .replace(/"success":false/g, '"success":true');
}
