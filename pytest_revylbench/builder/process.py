"""Run one build step with a time limit, its output appended (capped) to the build log."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

import psutil

from pytest_revylbench.builder.proctree import GONE, kill_and_reap
from pytest_revylbench.builder.sandbox import MiB, Sandbox, processes_of
from pytest_revylbench.records.build import StepDiagnosis

DEFAULT_MAX_LOG_BYTES = 8 * MiB
CHUNK = 64 * 1024


class StepFailed(Exception):
    """A build step exited non-zero or ran out of time."""

    def __init__(self, step: str, reason: str, *, timed_out: bool = False,
                 exit_code: int | None = None, diagnosis: StepDiagnosis | None = None) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason
        self.timed_out = timed_out
        self.exit_code = exit_code
        """The step's exit status, when it exited by itself (negative: killed by that signal)."""
        self.diagnosis = diagnosis
        """Whose failure it is and by which rule, once a classifier has read the tool's output."""

    @property
    def killed(self) -> bool:
        """Ended by a signal: its own (negative status) or its sandboxed child's (bwrap exits
        128 + the signal's number)."""
        return self.exit_code is not None and (self.exit_code < 0 or self.exit_code > 128)


def run_step(
    step: str,
    argv: Sequence[str],
    *,
    cwd: Path,
    log: Path,
    deadline: float,
    env: Mapping[str, str] | None = None,
    sandbox: Sandbox | None = None,
    pass_fds: Sequence[int] = (),
) -> None:
    """Run `argv` in `cwd`, logging to `log`; kill its whole process tree at `deadline`.

    `deadline` is a `time.monotonic()` value shared by all steps of one build, so the
    build's limit holds however the time splits between steps. With a `sandbox` the step
    runs confined, in a clean environment (plus `env`), under the sandbox's limits.
    `pass_fds` stay open in the step (the jest recorder's channel).
    """
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise StepFailed(step, "the build's time limit was reached before this step", timed_out=True)
    if sandbox is None:
        command, environment = list(argv), {**os.environ, **(env or {})}
        max_log = DEFAULT_MAX_LOG_BYTES
    else:
        command, environment = sandbox.command(argv), {**sandbox.environment(), **(env or {})}
        max_log = sandbox.limits.max_log_bytes
    with log.open("a", encoding="utf-8") as out:
        where = f"sandboxed in {cwd}" if sandbox else f"in {cwd}"
        out.write(f"\n$ {' '.join(argv)}    # {step}, {where}\n")
    # umask: a dependency fill must leave files every build's uid can read.
    proc = subprocess.Popen(
        command, cwd=cwd, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, start_new_session=True, umask=0o022, pass_fds=tuple(pass_fds),
    )
    assert proc.stdout is not None
    pump = _LogPump(proc.stdout, log, max_log)
    pump.start()
    watches: list[_DiskWatch | MemoryWatch] = []
    if sandbox is not None:
        watches.append(_DiskWatch(sandbox))
        if sandbox.watch_memory:
            watches.append(MemoryWatch(proc.pid, sandbox.uid, sandbox.limits.max_total_memory_bytes))
    try:
        code = _wait(proc, deadline, watches)
    except subprocess.TimeoutExpired:
        _kill_tree(proc, sandbox)
        pump.finish()
        _note(log, f"{step} killed after the build's time limit")
        raise StepFailed(step, "exceeded the build's time limit", timed_out=True) from None
    except _OverLimit as exc:
        _kill_tree(proc, sandbox)
        pump.finish()
        _note(log, f"{step} killed: {exc}")
        raise StepFailed(step, str(exc)) from None
    except BaseException:
        _kill_tree(proc, sandbox)
        pump.finish()
        raise
    _kill_tree(proc, sandbox)  # whatever the step left running
    pump.finish()
    if pump.dropped:
        _note(log, f"{step}: output over {max_log // MiB} MiB dropped ({pump.dropped} bytes)")
    if sandbox is not None:
        _check_output_limit(step, sandbox)
    if code != 0:
        raise StepFailed(step, f"exited with status {code}{_hint(code, log, sandbox)}", exit_code=code)


class _OverLimit(Exception):
    """A sandboxed step went past one of its sandbox's limits that `run_step` watches."""


class _TooMuchWritten(_OverLimit):
    """A sandboxed step's work folder grew past the sandbox's limit."""


class _TooMuchMemory(_OverLimit):
    """A sandboxed step's processes together held more memory than the sandbox's limit."""


PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
MEMORY_POLL_S = 0.2
"""How often a watched step's memory is summed (about 4 ms a time, 110 processes on the
host). Between two looks its processes can grow by what they can touch in that time, bounded
by RLIMIT_DATA per process and the process limit."""


class MemoryWatch:
    """The resident memory of a step's processes together, against a limit (read from /proc:
    Linux only, like the sandbox).

    A process counts when it descends from the step's first process or (with a `uid`) runs
    as the step's uid: the pid namespace keeps a sandboxed step's orphans under bwrap, the
    uid catches the moment between. Resident memory counts pages shared between processes
    once per process (the node binary's text, about 50 MB each), so the sum errs high; a
    shared anonymous mapping, which RLIMIT_DATA does not count, is counted here.
    """

    def __init__(self, root: int, uid: int | None, limit: int) -> None:
        self.root, self.uid, self.limit = root, uid, limit
        self.peak = 0

    def total(self) -> tuple[int, int]:
        """(bytes resident, processes) of the step now."""
        parents: dict[int, int] = {}
        resident: dict[int, int] = {}
        chosen: set[int] = set()
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:  # one read a process: psutil's process_iter took 35 ms a look, this 4 ms
                with open(f"/proc/{name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
                owner = os.stat(f"/proc/{name}").st_uid
            except (OSError, IndexError):
                continue
            pid = int(name)
            # After the command's name: state, ppid, ... rss (pages) is the 22nd.
            parents[pid], resident[pid] = int(fields[1]), int(fields[21]) * PAGE_BYTES
            if owner == self.uid:
                chosen.add(pid)
        for pid in parents:
            ancestor, hops = pid, 0
            while ancestor != self.root and ancestor in parents and hops < 64:
                ancestor, hops = parents[ancestor], hops + 1
            if ancestor == self.root:
                chosen.add(pid)
        total = sum(resident[pid] for pid in chosen)
        self.peak = max(self.peak, total)
        return total, len(chosen)

    def check(self) -> None:
        total, count = self.total()
        if total > self.limit:
            held = math.ceil(total * 10 / MiB) / 10  # rounded up: never "512 over the limit of 512"
            raise _TooMuchMemory(
                f"its {count} processes held {held:.1f} MiB of memory together, over the "
                f"limit of {self.limit // MiB} MiB for all of a build step's processes"
            )


class _DiskWatch:
    """Notices a step filling the disk with many files, each under the file-size limit.

    The file system's usage is cheap to read; only when it grew by more than the limit
    since the step started (other programs write too) is the work folder measured.
    """

    def __init__(self, sandbox: Sandbox) -> None:
        self.root = sandbox.work
        self.limit = sandbox.limits.max_work_bytes
        self.start = self._used()

    def _used(self) -> int:
        st = os.statvfs(self.root)
        return (st.f_blocks - st.f_bfree) * st.f_frsize

    def check(self) -> None:
        if self._used() - self.start <= self.limit:
            return
        size = folder_bytes(self.root)
        if size > self.limit:
            raise _TooMuchWritten(
                f"wrote {size // MiB} MiB into its work folder, over the limit of "
                f"{self.limit // MiB} MiB"
            )


def folder_bytes(root: Path) -> int:
    """Disk space taken by the files under `root` (links not followed)."""
    total = 0
    for folder, _dirs, files in os.walk(root):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_blocks * 512
            except OSError:
                continue
    return total


def _wait(proc: subprocess.Popen[bytes], deadline: float,
          watches: Sequence[_DiskWatch | MemoryWatch]) -> int:
    """The step's exit status; TimeoutExpired at the deadline, _OverLimit past a watched limit
    (a disk fill, too much memory)."""
    poll = MEMORY_POLL_S if any(isinstance(w, MemoryWatch) for w in watches) else 1.0
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise subprocess.TimeoutExpired(proc.args, 0)
        try:
            return proc.wait(timeout=min(remaining, poll) if watches else remaining)
        except subprocess.TimeoutExpired:
            for watch in watches:
                watch.check()


class _LogPump(threading.Thread):
    """Copies a step's output into the log up to a cap, and drains (drops) the rest."""

    def __init__(self, source: IO[bytes], log: Path, limit: int) -> None:
        super().__init__(daemon=True)
        self.source, self.log, self.limit = source, log, limit
        self.written = 0
        self.dropped = 0

    def run(self) -> None:
        with self.log.open("ab") as out:
            while chunk := os.read(self.source.fileno(), CHUNK):
                keep = chunk[: max(0, self.limit - self.written)]
                if keep:
                    out.write(keep)
                    out.flush()
                self.written += len(keep)
                self.dropped += len(chunk) - len(keep)

    def finish(self) -> None:
        # Unsandboxed, a daemon the step left behind may hold the pipe open: stop waiting.
        self.join(timeout=5)
        if not self.is_alive():
            self.source.close()


def _note(log: Path, message: str) -> None:
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n[revylbench] {message}\n")


def _kill_tree(proc: subprocess.Popen[bytes], sandbox: Sandbox | None) -> None:
    """SIGKILL the step's process tree and group; sandboxed, also anything still running as
    its uid.

    Killing bwrap kills its pid namespace, so a sandboxed step leaves nothing behind; the
    uid sweep covers the moment between the two. Descendants the grader adopted (it is a
    child subreaper once a device started) are reaped, so none stays a zombie.
    """
    try:  # the tree first: a descendant may have left the step's process group
        tree = psutil.Process(proc.pid).children(recursive=True)
    except GONE:
        tree = []
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()
    kill_and_reap(tree, wait_s=1.0)
    if sandbox is None or sandbox.uid is None:
        return
    for _ in range(50):
        left = processes_of(sandbox.uid)
        if not left:
            return
        kill_and_reap(_processes(left), wait_s=0.1)


def _processes(pids: list[int]) -> list[psutil.Process]:
    found = []
    for pid in pids:
        try:
            found.append(psutil.Process(pid))
        except GONE:
            continue
    return found


def _check_output_limit(step: str, sandbox: Sandbox) -> None:
    """Fail the step if it wrote a file up to the size limit; empty that file (disk space)."""
    limit = sandbox.limits.max_file_bytes
    hit: list[str] = []
    for folder, _dirs, files in os.walk(sandbox.work):
        for name in files:
            path = Path(folder, name)
            try:
                if path.lstat().st_size >= limit:
                    hit.append(path.relative_to(sandbox.work).as_posix())
                    path.open("r+b").truncate(0)
            except OSError:
                continue
    if hit:
        raise StepFailed(
            step, f"wrote {', '.join(sorted(hit))} up to the output-size limit "
            f"({limit // MiB} MiB per file); writing stops there",
        )


def _hint(code: int, log: Path, sandbox: Sandbox | None) -> str:
    """A plain-words cause for a sandboxed step's failure, when the signs are unambiguous."""
    if sandbox is None:
        return ""
    limits = sandbox.limits
    if code in (-signal.SIGXFSZ, 128 + signal.SIGXFSZ):
        return f" (a file reached the output-size limit of {limits.max_file_bytes // MiB} MiB)"
    tail = log_tail(log, 60).lower()
    if "out of memory" in tail or "allocation failed" in tail:
        return f" (a process ran out of memory: the limit is {limits.memory_bytes // MiB} MiB per process)"
    if "eagain" in tail or "resource temporarily unavailable" in tail or "cannot fork" in tail:
        return f" (process limit reached: at most {limits.max_processes} processes and threads)"
    return ""


def step_output(log: Path, mark: int, limit: int = 256 * 1024) -> str:
    """What was appended to `log` after byte offset `mark` (one step's output), at most its
    last `limit` bytes: where a tool prints its final error."""
    try:
        with log.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(mark, size - limit))
            data = handle.read()
    except FileNotFoundError:
        return ""
    return data.decode("utf-8", errors="replace")


def log_tail(log: Path, lines: int = 40) -> str:
    """The last `lines` lines of a log, for a grade record or feedback (reads only the end)."""
    try:
        with log.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - 256 * 1024))
            data = handle.read()
    except FileNotFoundError:
        return ""
    text = data.decode("utf-8", errors="replace")
    return "\n".join(text.rstrip().splitlines()[-lines:])
