"""The hidden component tests' recorder channel, and the checks that turn a forgery into a
flagged failure.

The verdicts of a jest run are not read from a file the submission could write, nor from
jest's output. The grader's reporter (`jest/reporter.js`) runs in jest's parent process,
which runs no submission code (every test file runs in a worker), and sends each record over
a pipe the grader opened, signed with an HMAC key that only that process ever holds (it reads
it from a second pipe before the first worker starts, and closes it). `judge` then
cross-checks what arrived: every MAC, the order, each test reported exactly once, the
reported tests equal to the statically collected ones, the counts against the final record
and the final record against jest's exit status. A mismatch is tampering, with its evidence.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import secrets
import signal
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from pytest_revylbench.checks.functional import SEPARATOR, SUFFIX, JestCase, JestVerdict, verdicts
from pytest_revylbench.checks.jest_config import WITNESS_ENV

MAX_CHANNEL_BYTES = 32 * 1024 * 1024
"""More than any honest run sends (a budget run sends ≈20 KB); the rest is dropped, and
a run that overflows is judged tampered."""


WITNESS_KEYS = 256
"""Copies of the witnesses' key in their pipe: one per worker process jest starts (it starts
one, and another each time a worker outgrows `workerIdleMemoryLimit`)."""


class _Pipe:
    """The read end of a pipe, drained by a thread into memory (at most MAX_CHANNEL_BYTES)."""

    def __init__(self) -> None:
        self.read, self.write = os.pipe()
        self._chunks: list[bytes] = []
        self._size = 0
        self.overflowed = False
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while chunk := os.read(self.read, 64 * 1024):
            if self._size + len(chunk) > MAX_CHANNEL_BYTES:
                self.overflowed = True
                continue
            self._chunks.append(chunk)
            self._size += len(chunk)

    def received(self, timeout_s: float) -> bytes:
        self._reader.join(timeout=timeout_s)
        return b"".join(self._chunks)

    def close(self) -> None:
        """Close the read end once its reader has ended. A reader still blocked in a read
        keeps its descriptor (left open, not closed under it): closed, its number would be
        taken by the next file or socket the grader opens, and the reader would read that."""
        self._reader.join(timeout=1.0)
        if self._reader.is_alive() or self.read < 0:
            return
        fd, self.read = self.read, -1
        os.close(fd)


HIGH_FD = 256
"""The lowest number a descriptor passed to the jest run takes. Node marks inherited
descriptors in the low range it fills with its own at start close-on-exec (measured on Node
20.20: a pipe inherited at 8 to 17 by a plain `node`, at 22 and 23 by jest's parent, reached
none of its worker processes), so a test worker found no witness key there (EBADF or EAGAIN
on another descriptor of the same number) and its file failed to run. Below the usual soft
limit of 1024 open files."""


def _high(fd: int) -> int:
    """`fd` moved to the lowest free number from HIGH_FD (close-on-exec, as `os.pipe`'s); left
    where it is on a host whose open-file limit is below that number."""
    try:
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, HIGH_FD)
    except OSError:
        return fd
    os.close(fd)
    return moved


class Channel:
    """The pipes of one jest run: the recorder's key (read once by the recorder) and its
    records; the witnesses' key (read once by each test worker's environment, before any test
    file loads) and their ledger.

    Use as a context manager around the jest step; pass `pass_fds` to the process,
    `reporter_options` to the reporter's configuration and `witness_env` to its environment,
    then call `received()` and `ledger()`.
    """

    def __init__(self, *, owner: int | None = None) -> None:
        self._closed = False
        self.key = secrets.token_bytes(32)
        self.witness_key = secrets.token_bytes(32)
        key_read, key_write = os.pipe()
        self._records = _Pipe()
        self._ledger = _Pipe()
        self._key_read = _high(key_read)
        self._records.write = _high(self._records.write)
        self._ledger.write = _high(self._ledger.write)
        witness_read, witness_write = os.pipe()
        self._witness_read = _high(witness_read)
        if owner is not None:
            # The recorder reopens its end through /proc after the sandbox changed its uid.
            os.fchown(self._records.write, owner, owner)
            os.fchown(self._key_read, owner, owner)
        os.write(key_write, self.key.hex().encode())
        os.close(key_write)
        os.write(witness_write, self.witness_key * WITNESS_KEYS)  # 8 KB: within a pipe's buffer
        os.close(witness_write)

    @property
    def pass_fds(self) -> tuple[int, ...]:
        return (self._key_read, self._records.write, self._witness_read, self._ledger.write)

    @property
    def reporter_options(self) -> dict[str, int]:
        return {"keyFd": self._key_read, "channelFd": self._records.write}

    @property
    def witness_env(self) -> dict[str, str]:
        return {WITNESS_ENV: f"{self._witness_read},{self._ledger.write}"}

    @property
    def overflowed(self) -> bool:
        return self._records.overflowed or self._ledger.overflowed

    def started(self) -> None:
        """The process has its copies: close the grader's, so the readers see the end.

        Once only: the grader runs these checks in a thread beside the device tests, so a
        descriptor number closed a second time may already be a socket or file of theirs (a
        second close here once ended a device test in EBADF, or its DevTools socket in a
        device fault)."""
        if self._closed:
            return
        self._closed = True
        for fd in (self._key_read, self._records.write, self._witness_read, self._ledger.write):
            os.close(fd)

    def received(self, timeout_s: float = 10.0) -> bytes:
        """Everything the recorder sent (call after the process and its sandbox ended)."""
        return self._records.received(timeout_s)

    def ledger(self, timeout_s: float = 10.0) -> bytes:
        """Everything the test workers' witnesses sent."""
        return self._ledger.received(timeout_s)

    def __enter__(self) -> Channel:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.started()
        self._records.close()
        self._ledger.close()


@dataclass
class RunJudgement:
    """What one jest run's records say, once checked."""

    verdicts: dict[str, JestVerdict] = field(default_factory=dict)
    tampered: list[str] = field(default_factory=list)
    """Evidence of tampering: each a plain sentence naming what did not add up."""
    failure: str = ""
    """Why the run gave no verdicts, when that is not tampering (jest never started)."""
    bench_fault: str = ""
    """The grader's own setup failed (the tests ran in the recorder's process)."""


def mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def _whole_lines(data: bytes, problems: list[str], what: str) -> list[bytes]:
    """The newline-ended lines of `data`; a last line cut short is left out and said."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    elif lines:
        problems.append(f"{what} ends in the middle of a record")
        lines.pop()
    return lines


def records(data: bytes, key: bytes) -> tuple[list[dict[str, Any]], list[str]]:
    """The signed records in `data`, in order, and the evidence against any that is not."""
    found: list[dict[str, Any]] = []
    problems: list[str] = []
    for number, raw in enumerate(_whole_lines(data, problems, "the channel"), 1):
        try:
            line = raw.decode("utf-8")
            signature, seq, body = line.split(" ", 2)
            record = json.loads(body)
        except (UnicodeDecodeError, ValueError):
            problems.append(f"channel line {number} is not a record of the grader's recorder: "
                            f"{raw[:120]!r}")
            continue
        if not hmac.compare_digest(signature, mac(key, f"{seq} {body}")):
            problems.append(f"channel line {number} has a wrong signature (not written by the "
                            f"grader's recorder): {line[:160]!r}")
            continue
        if seq != str(len(found) + 1) or not isinstance(record, dict):
            problems.append(f"channel line {number} is out of order (sequence {seq}, expected "
                            f"{len(found) + 1}): a record was replayed or dropped")
            continue
        found.append(record)
    return found, problems


@dataclass
class Witnessed:
    """What the test workers' witnesses saw, by test name (`<file stem> › <titles>`)."""  # noqa: RUF002

    ran: set[str] = field(default_factory=set)
    """Tests whose function (the one the hidden file declared) completed without an error."""
    failed: set[str] = field(default_factory=set)
    """Tests whose function, hooks or code failed: never credited, whatever jest reports."""


def witnessed(data: bytes, key: bytes) -> tuple[Witnessed, list[str]]:
    """The ledger's records, and the evidence against any line a witness did not sign."""
    seen = Witnessed()
    problems: list[str] = []
    last: dict[str, int] = {}
    for number, raw in enumerate(_whole_lines(data, problems, "the witnesses' ledger"), 1):
        try:
            signature, body = raw.decode("utf-8").split(" ", 1)
            record = json.loads(body)
            worker, seq = str(record["worker"]), int(record["seq"])
        except (UnicodeDecodeError, ValueError, KeyError, TypeError):
            problems.append(f"ledger line {number} is not a witness's record: {raw[:120]!r}")
            continue
        if not hmac.compare_digest(signature, mac(key, body)):
            problems.append(f"ledger line {number} has a wrong signature (not written by the "
                            f"grader's witness): {raw[:160]!r}")
            continue
        if seq != last.get(worker, 0) + 1:
            problems.append(f"ledger line {number} is out of order (worker {worker}, sequence "
                            f"{seq}, expected {last.get(worker, 0) + 1})")
        last[worker] = seq
        if "test" not in record:
            continue  # a failure outside any test: jest reports it with its file
        name = SEPARATOR.join((Path(str(record.get("file", ""))).name.removesuffix(SUFFIX),
                               str(record["test"])))
        if record.get("kind") == "ran":
            seen.ran.add(name)
        elif record.get("kind") == "failed":
            seen.failed.add(name)
    return seen, problems


def _killed_by(exit_code: int | None) -> int | None:
    if exit_code is None:
        return None
    if exit_code < 0:
        return -exit_code
    if exit_code > 128 and exit_code - 128 in {s.value for s in signal.Signals}:
        return exit_code - 128
    return None


def judge(
    data: bytes, key: bytes, *, exit_code: int | None, cases: list[JestCase],
    overflowed: bool = False, ledger: bytes | None = None, witness_key: bytes = b"",
) -> RunJudgement:
    """The verdicts of one jest run from its channel, cross-checked, and with `ledger` against
    what the test workers' witnesses saw.

    :param exit_code: jest's exit status (None when the grader stopped it at the deadline).
    :param cases: the tests collected statically from the hidden files the run was given.
    """
    result = _judge(data, key, exit_code=exit_code, cases=cases, overflowed=overflowed)
    if ledger is None:
        return result
    seen, problems = witnessed(ledger, witness_key)
    result.tampered.extend(problems)
    for name, verdict in sorted(result.verdicts.items()):
        if verdict.status != "passed":
            continue
        if name in seen.failed:
            result.tampered.append(f"jest reported {name!r} passed, but the grader's witness saw "
                                   "it fail: code under test rewrote the test's result")
        elif name not in seen.ran:
            result.tampered.append(f"jest reported {name!r} passed, but the grader's witness never "
                                   "saw the hidden file's test function complete")
    for name in sorted(seen.failed):
        if result.verdicts.get(name, JestVerdict("not_run")).status != "failed":
            # A run cut short (a hang, a killed worker) still fails what failed before.
            result.verdicts[name] = JestVerdict("failed", "the grader's witness saw this test fail")
    return result


def _judge(
    data: bytes, key: bytes, *, exit_code: int | None, cases: list[JestCase], overflowed: bool,
) -> RunJudgement:
    found, problems = records(data, key)
    result = RunJudgement(tampered=problems)
    if overflowed:
        result.tampered.append(f"the channel received more than {MAX_CHANNEL_BYTES} bytes")
    if not found or found[0].get("kind") != "hello":
        if not result.tampered:
            result.failure = "jest stopped before the grader's recorder started"
        return result
    completes = [i for i, r in enumerate(found) if r.get("kind") == "complete"]
    files = [r for r in found if r.get("kind") == "file"]
    if any(r.get("kind") == "hello" for r in found[1:]) or len(completes) > 1:
        result.tampered.append("the recorder started or finished twice in one run")
    if completes and completes[0] != len(found) - 1:
        result.tampered.append("records arrived after the run's final record")
    if any(f.get("inBand") for f in files):
        result.bench_fault = ("the hidden tests ran in the recorder's own process (in band); the "
                              "grader's jest configuration must keep them in workers")
    expected: dict[str, list[str]] = {}
    for case in cases:
        expected.setdefault(case.file, []).append(case.name)
    seen_files: set[str] = set()
    passed = failed = 0
    for file_record in files:
        file = Path(str(file_record.get("path", ""))).name
        stem = file.removesuffix(SUFFIX)
        if file not in expected:
            result.tampered.append(f"jest reported a test file the grader did not give it: {file!r}")
            continue
        if file in seen_files:
            result.tampered.append(f"jest reported the test file {file!r} twice")
            continue
        seen_files.add(file)
        tests = file_record.get("tests") or []
        message = str(file_record.get("failureMessage") or file_record.get("execError") or "")
        found_here = verdicts({"testResults": [{
            "name": file, "status": "failed", "assertionResults": tests,
            "message": message or "jest could not run this file"}]})
        names = [SEPARATOR.join((stem, *map(str, t.get("ancestorTitles") or []), str(t.get("title", ""))))
                 for t in tests]
        for name in sorted({n for n in names if names.count(n) > 1}):
            result.tampered.append(f"the test {name!r} was reported more than once")
        passed += sum(v.status == "passed" for v in found_here.values())
        failed += sum(v.status == "failed" for v in found_here.values() if tests)
        result.verdicts.update(found_here)
        if not tests:
            continue
        if sorted(names) != sorted(expected[file]):
            extra = sorted(set(names) - set(expected[file]))
            missing = sorted(set(expected[file]) - set(names))
            result.tampered.append(
                f"{file}: the tests jest reported differ from the hidden file's tests "
                f"(not in the file: {extra}; not reported: {missing})")
    signalled = _killed_by(exit_code)
    if not completes:
        if exit_code is None:
            result.failure = "jest ran out of time before it finished"
        elif signalled is not None:
            result.tampered.append(
                f"jest's parent process, the grader's recorder, was killed by signal {signalled} "
                "before the run's final record: code under test stopped the recorder")
        else:
            result.failure = f"jest exited with status {exit_code} before the run's final record"
        return result
    final = found[completes[0]]
    if sorted(seen_files) != sorted(expected):
        missing_files = sorted(set(expected) - seen_files)
        result.tampered.append(f"the run finished without reporting the hidden file(s) {missing_files}")
    counts = {"numPassedTests": passed, "numFailedTests": failed}
    for key_name, counted in counts.items():
        if final.get(key_name) != counted:
            result.tampered.append(f"the final record's {key_name} is {final.get(key_name)}, "
                                   f"but the file records add up to {counted}")
    if exit_code is not None and bool(final.get("success")) != (exit_code == 0):
        result.tampered.append(
            f"jest exited with status {exit_code}{f' (signal {signalled})' if signalled else ''}"
            f" but its recorder's final record says success={bool(final.get('success'))}")
    return result
