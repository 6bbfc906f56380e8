# ruff: noqa: RUF001  (the jest separator in item names)
"""The jest recorder's channel: signed records, and the cross-checks that turn a forgery into
`tampered` evidence. The recorder itself (jest/reporter.js) runs here under plain Node, with
real pipes, as jest's parent process would run it."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.checks.functional import JestCase
from pytest_revylbench.checks.jest_channel import HIGH_FD, Channel, judge, mac, records
from pytest_revylbench.checks.jest_config import JEST_FILES, WITNESS_ENV

KEY = b"k" * 32
CASES = [JestCase("totals.test.tsx", ("derived", "equal is not over"), 3),
         JestCase("totals.test.tsx", ("derived", "plural count"), 9)]


def signed(*bodies: dict[str, Any], key: bytes = KEY, start: int = 1) -> bytes:
    lines = []
    for seq, body in enumerate(bodies, start):
        text = f"{seq} {json.dumps(body)}"
        lines.append(f"{mac(key, text)} {text}\n")
    return "".join(lines).encode()


def hello() -> dict[str, Any]:
    return {"kind": "hello", "pid": 7, "maxWorkers": 1, "runInBand": False}


def file_record(*statuses: str, titles: list[tuple[list[str], str]] | None = None,
                in_band: bool = False) -> dict[str, Any]:
    titles = titles or [(["derived"], "equal is not over"), (["derived"], "plural count")]
    return {"kind": "file", "path": "/w/__hidden_tests__/totals.test.tsx", "inBand": in_band,
            "failureMessage": "", "execError": None,
            "tests": [{"ancestorTitles": a, "title": t, "status": s,
                       "failureMessages": [] if s == "passed" else ["Error: expected"]}
                      for (a, t), s in zip(titles, statuses, strict=True)]}


def complete(passed: int, failed: int) -> dict[str, Any]:
    return {"kind": "complete", "success": failed == 0, "numTotalTests": passed + failed,
            "numPassedTests": passed, "numFailedTests": failed, "numTotalTestSuites": 1,
            "numRuntimeErrorTestSuites": 0}


def test_an_honest_run_gives_its_verdicts_untouched() -> None:
    data = signed(hello(), file_record("passed", "failed"), complete(1, 1))
    found = judge(data, KEY, exit_code=1, cases=CASES)
    assert not found.tampered and not found.failure and not found.bench_fault
    assert found.verdicts["totals › derived › equal is not over"].status == "passed"
    assert found.verdicts["totals › derived › plural count"].status == "failed"


@pytest.mark.parametrize(("data_of", "exit_code", "evidence"), [
    # A line signed with another key: a forged record, wherever it came from.
    (lambda: signed(hello()) + signed(file_record("passed", "passed"), complete(2, 0),
                                       key=b"guess" * 8, start=2), 0, "wrong signature"),
    # jest's own JSON report written into the channel.
    (lambda: signed(hello()) + b'{"success": true, "testResults": []}\n', 0, "not a record"),
    # A genuine record replayed.
    (lambda: signed(hello(), file_record("passed", "failed")) + signed(
        file_record("passed", "failed"), start=2) + signed(complete(1, 1), start=4), 1, "out of order"),
    # The recorder says a test failed, but jest's exit status says all passed: the parent was
    # made to exit 0.
    (lambda: signed(hello(), file_record("passed", "failed"), complete(1, 1)), 0, "exited with status 0"),
    # The final record disagrees with the files' records.
    (lambda: signed(hello(), file_record("passed", "failed"), complete(2, 0)), 0, "numPassedTests"),
    # A test the hidden file does not have, and one of its own tests missing.
    (lambda: signed(hello(), file_record("passed", "passed", titles=[
        (["derived"], "equal is not over"), (["derived"], "a test of my own")]), complete(2, 0)), 0,
     "differ from the hidden file's tests"),
    # The same test twice.
    (lambda: signed(hello(), file_record("passed", "passed", titles=[
        (["derived"], "equal is not over"), (["derived"], "equal is not over")]), complete(2, 0)), 0,
     "more than once"),
    # The recorder killed before its final record.
    (lambda: signed(hello(), file_record("passed", "failed")), -9, "killed by signal 9"),
    (lambda: signed(hello()), 137, "killed by signal 9"),
    # A file of the run never reported.
    (lambda: signed(hello(), complete(0, 0)), 0, "without reporting the hidden file"),
    # A record cut off: the channel was written to by someone else, or closed mid-record.
    (lambda: signed(hello(), complete(0, 0))[:-5], 0, "middle of a record"),
])
def test_a_forgery_is_flagged_with_its_evidence(data_of: Any, exit_code: int, evidence: str) -> None:
    found = judge(data_of(), KEY, exit_code=exit_code, cases=CASES)
    assert any(evidence in line for line in found.tampered), found.tampered


def test_a_run_that_never_started_or_ran_out_of_time_is_a_failure_not_tampering() -> None:
    never = judge(b"", KEY, exit_code=1, cases=CASES)
    assert never.failure and not never.tampered
    late = judge(signed(hello(), file_record("passed", "failed")), KEY, exit_code=None, cases=CASES)
    assert "out of time" in late.failure and not late.tampered


def test_tests_run_in_the_recorder_s_process_are_the_grader_s_fault() -> None:
    data = signed(hello(), file_record("passed", "passed", in_band=True), complete(2, 0))
    assert "in band" in judge(data, KEY, exit_code=0, cases=CASES).bench_fault


def test_records_are_checked_in_order_and_signature() -> None:
    good, problems = records(signed(hello(), complete(0, 0)), KEY)
    assert [r["kind"] for r in good] == ["hello", "complete"] and not problems


RECORDER_HARNESS = """
const Recorder = require(process.argv[1]);
const options = JSON.parse(process.argv[2]);
const recorder = new Recorder({maxWorkers: 1}, options);
// What a worker started now would inherit: no descriptor of the channel or the key.
const inherited = require('child_process').execFileSync('ls', ['/proc/self/fd']).toString().split('\\n')
  .filter(Boolean).map(Number);
process.stderr.write(JSON.stringify({inherited, workerOptions: process.env.NODE_OPTIONS}) + '\\n');
const last = process.argv[3];
recorder.onTestFileResult({}, {testFilePath: '/w/__hidden_tests__/totals.test.tsx', testResults: [
  {ancestorTitles: ['derived'], title: 'equal is not over', status: 'passed', failureMessages: []},
  {ancestorTitles: ['derived'], title: 'plural count', status: last, failureMessages: []}]});
// As jest calls it: `success` is still false (jest sets it after its reporters ran).
const failed = last === 'failed' ? 1 : 0;
recorder.onRunComplete(new Set(), {success: false, numTotalTests: 2, numPassedTests: 2 - failed,
  numFailedTests: failed, numTotalTestSuites: 1, numRuntimeErrorTestSuites: 0,
  snapshot: {failure: false}});
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
@pytest.mark.parametrize(("last", "exit_code"), [("failed", 1), ("passed", 0)])
def test_the_recorder_signs_what_it_sends_and_leaves_workers_no_way_in(last: str, exit_code: int) -> None:
    with Channel() as channel:
        options = {**channel.reporter_options, "workerNodeOptions": "--experimental-permission"}
        proc = subprocess.run(
            ["node", "-e", RECORDER_HARNESS, str(JEST_FILES / "reporter.js"), json.dumps(options), last],
            pass_fds=channel.pass_fds, capture_output=True, text=True, timeout=60, check=True)
        channel.started()
        data, key = channel.received(), channel.key
        witness = {int(fd) for fd in channel.witness_env[WITNESS_ENV].split(",")}
    seen = json.loads(proc.stderr.strip().splitlines()[-1])
    # Besides stdio and the witnesses' two pipes (every worker's environment reads its key from
    # one and writes to the other), the child holds only the descriptor `ls` opened.
    assert len(set(seen["inherited"]) - {0, 1, 2} - witness) == 1, seen["inherited"]
    assert "--experimental-permission" in seen["workerOptions"]
    found = judge(data, key, exit_code=exit_code, cases=CASES)
    assert not found.tampered, found.tampered
    assert found.verdicts["totals › derived › plural count"].status == last
    # The same bytes under any other key are forgeries, and so is the other exit status.
    assert judge(data, b"x" * 32, exit_code=exit_code, cases=CASES).tampered
    assert judge(data, key, exit_code=1 - exit_code, cases=CASES).tampered


def ledger(*bodies: dict[str, object], key: bytes = KEY, worker: str = "w1") -> bytes:
    lines = []
    for seq, body in enumerate(bodies, 1):
        text = json.dumps({**body, "worker": worker, "seq": seq})
        lines.append(f"{mac(key, text)} {text}\n")
    return "".join(lines).encode()


RAN = [{"kind": "ran", "file": "totals.test.tsx", "test": f"derived › {t}"}
       for t in ("equal is not over", "plural count")]
REPORT = signed(hello(), file_record("passed", "passed"), complete(2, 0))


def test_a_test_is_credited_only_when_the_witness_saw_it_complete() -> None:
    honest = judge(REPORT, KEY, exit_code=0, cases=CASES, ledger=ledger(*RAN), witness_key=KEY)
    assert not honest.tampered and {v.status for v in honest.verdicts.values()} == {"passed"}
    unseen = judge(REPORT, KEY, exit_code=0, cases=CASES, ledger=ledger(RAN[0]), witness_key=KEY)
    assert any("never saw" in t and "plural count" in t for t in unseen.tampered)


def test_a_failure_the_witness_saw_outweighs_jest_s_report() -> None:
    failed = {"kind": "failed", "file": "totals.test.tsx", "test": "derived › plural count"}
    cleared = judge(REPORT, KEY, exit_code=0, cases=CASES, ledger=ledger(*RAN, failed), witness_key=KEY)
    assert any("saw it fail" in t for t in cleared.tampered)
    # A run stopped at its limit still fails what the witness saw fail.
    late = judge(signed(hello()), KEY, exit_code=None, cases=CASES, ledger=ledger(failed), witness_key=KEY)
    assert late.verdicts["totals › derived › plural count"].status == "failed"


def test_an_unsigned_or_reordered_ledger_line_is_tampering() -> None:
    forged = judge(REPORT, KEY, exit_code=0, cases=CASES, ledger=ledger(*RAN, key=b"y" * 32),
                   witness_key=KEY)
    assert any("not written by the grader's witness" in t for t in forged.tampered)
    lines = ledger(*RAN).splitlines(keepends=True)
    swapped = judge(REPORT, KEY, exit_code=0, cases=CASES, ledger=lines[1] + lines[0], witness_key=KEY)
    assert any("out of order" in t for t in swapped.tampered)


def test_a_channel_closes_its_descriptors_once_and_never_one_opened_after(tmp_path: Path) -> None:
    # The checks run in a thread beside the device tests: a descriptor the device side opens
    # after the channel closed its own may take one of their numbers, and a second close would
    # end it (once: EBADF in a visual item, a device test's DevTools socket lost).
    opened: list[int] = []
    with Channel() as channel:
        numbers = set(channel.pass_fds)
        channel.started()
        while len(opened) < 8 and not numbers <= set(opened):
            # The lowest free number from HIGH_FD, where the channel's descriptors were.
            fd = os.open(tmp_path / f"f{len(opened)}", os.O_CREAT | os.O_RDWR)
            opened.append(fcntl.fcntl(fd, fcntl.F_DUPFD, HIGH_FD))
            os.close(fd)
        assert numbers & set(opened), "the test could not reuse a closed number"
    for fd in opened:
        os.fstat(fd)  # still open: the channel's exit closed none of them
        os.close(fd)


FORKED_WORKER = r"""
const { fork } = require('child_process');
const fs = require('fs');
if (process.argv[2] === 'worker') {
  const [keyFd] = process.env.REVYLBENCH_WITNESS_FDS.split(',').map(Number);
  const raw = Buffer.alloc(32);
  let got = 0;
  while (got < 32) got += fs.readSync(keyFd, raw, got, 32 - got, null);
  process.stdout.write(raw.toString('hex'));
} else {
  fork(process.argv[1], ['worker'], { stdio: 'inherit' });
}
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_a_worker_forked_by_node_inherits_the_witness_key(tmp_path: Path) -> None:
    # jest's test workers are forked by its Node parent, which marks inherited descriptors in
    # the low range it fills at start close-on-exec: a key pipe passed at 8 to 23 reached no
    # worker, and every hidden file failed to run (or a reference's passes were unwitnessed).
    script = tmp_path / "fork.js"
    script.write_text(FORKED_WORKER, encoding="utf-8")
    with Channel() as channel:
        assert min(channel.pass_fds) >= HIGH_FD
        proc = subprocess.run(["node", str(script)], pass_fds=channel.pass_fds,
                              env={**os.environ, **channel.witness_env},
                              capture_output=True, text=True, timeout=60, check=False)
        channel.started()
    assert proc.stdout == channel.witness_key.hex(), proc.stderr
    # The same key at a low number (9, as a grader with few files open once passed it): the
    # forked worker reads some descriptor of Node's own instead.
    low = subprocess.run(
        [sys.executable, "-c",
         "import os, sys; r, w = os.pipe(); os.write(w, bytes(32)); os.close(w); os.dup2(r, 9);"
         "os.environ['REVYLBENCH_WITNESS_FDS'] = '9,9'; os.execvp('node', ['node', sys.argv[1]])",
         str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert low.stdout != bytes(32).hex(), "Node now passes low descriptors on: HIGH_FD may go"
