"""Whose failure a failed export is: a compile error in the submission, or the tools' own crash.

`expo export` transforms the submission's modules and runs its configs, so most failures are
the submission's, and Metro says so by naming a file of it (`SyntaxError: /work/App.tsx:
Unexpected token`, `Unable to resolve module x from /work/App.tsx`). The bench's are the
tools' own crashes that no file of it explains: the sandbox that cannot start, the machine out
of disk or memory, a process killed from outside, Metro crashing inside its own code. Code of
the submission that runs in the export (a babel or metro config, a config plugin) could crash
the same way on purpose, so with such code the crash cannot be told apart; that, and anything
no rule knows, is charged to the submission, and the reason says it could not be told.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path

from pytest_revylbench.builder.export_code import code_run_by_export
from pytest_revylbench.builder.install_faults import signal_name
from pytest_revylbench.records.build import StepDiagnosis

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_OUT_OF_MEMORY = ("javascript heap out of memory", "reached heap limit", "allocation failed")
_HOST_SHORTAGE = {
    "ENOSPC": "the grader's disk is full",
    "no space left on device": "the grader's disk is full",
    "ENFILE": "the grader's system ran out of file descriptors",
}
_STACK_FRAME = re.compile(r"^\s+at .*[/(]node_modules/")
_JS_ERROR = re.compile(r"^(?:\w*Error|Error)\b.*:|^Failed to construct transformer")
_WORKER_CRASH = ("child process exceptions, exceeding retry limit", "call retries were exceeded",
                 "worker exited unexpectedly")
CANNOT_TELL = ("whether the submission or the bundler failed cannot be told from the export's "
               "output; charged to the submission, whose code the export runs")


def _killed_by_signal(status: int) -> bool:
    return status < 0 or 128 < status < 128 + 65


def submission_lines(lines: list[str], work: Path) -> list[str]:
    """Lines naming a file of the submission: a path in `work`, outside its dependencies and
    the build's own folders."""
    root = re.escape(str(work).rstrip("/"))
    own = re.compile(root + r"/(?!node_modules/|\.revylbench-tmp/|dist/|\.expo/)[^\s:'\")]+")
    return [line for line in lines if own.search(line)]


def diagnose_export(output: str, *, step: str, exit_code: int, work: Path,
                    own_code: list[str] | None = None) -> StepDiagnosis:
    """Whose failure an export that exited with `exit_code` is, from what it printed.

    `own_code`: what of the submission the export ran (`code_run_by_export`, read before it
    ran: its code may remove its own files); None reads `work` now."""
    lines = [line.rstrip() for line in _ANSI.sub("", output).splitlines()]
    lines = [line for line in lines if line.strip() and not line.startswith("$ ")]
    lowered = "\n".join(lines).lower()

    def found(*needles: str) -> str:
        return next((line.strip() for line in lines
                     if any(n.lower() in line.lower() for n in needles)), "")

    def bench(rule: str, code: str, evidence: str) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="bench", rule=rule, code=code, evidence=evidence)

    def agent(rule: str, code: str, evidence: str) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="agent", rule=rule, code=code, evidence=evidence)

    # The sandbox's own failure comes before anything of the export runs: its first line.
    if lines and lines[0].startswith(("bwrap:", "prlimit:", "setpriv:")):
        return bench("the sandbox could not start the export", "sandbox", lines[0])
    if exit_code == 128 + signal.SIGXFSZ or exit_code == -signal.SIGXFSZ:
        return agent("a file reached the sandbox's output-size limit", "SIGXFSZ", "")
    named = submission_lines(lines, work)
    if named:
        return agent("an error in the submission's code or configuration: the bundler's error "
                     "names a file of it", f"exit {exit_code}", _error_with_file(lines, named))
    crash = _tools_crash(lines, lowered, exit_code)
    own_code = code_run_by_export(work) if own_code is None else own_code
    if crash is not None and not own_code:
        return bench(*crash)
    last = next((line.strip() for line in reversed(lines) if not line.startswith("[revylbench]")), "")
    if crash is not None:
        rule, code, evidence = crash
        return agent(f"{CANNOT_TELL}: it looks like the tools' crash ({rule}), but the "
                     f"submission's {', '.join(own_code)} runs in the export", code, evidence)
    why = f"; the submission's {', '.join(own_code)} runs in the export" if own_code else ""
    return agent(CANNOT_TELL + why, f"exit {exit_code}", last)


def _tools_crash(lines: list[str], lowered: str, exit_code: int) -> tuple[str, str, str] | None:
    """(rule, code, evidence) when the output reads as the machine's or the bundler's own
    failure: a full disk, out of memory, a signal from outside, a crash in Metro's code."""

    def found(*needles: str) -> str:
        return next((line.strip() for line in lines
                     if any(n.lower() in line.lower() for n in needles)), "")

    for needle, rule in _HOST_SHORTAGE.items():
        if needle.lower() in lowered:
            return rule, needle if needle.isupper() else "ENOSPC", found(needle)
    if any(n in lowered for n in _OUT_OF_MEMORY):
        return ("the bundler ran out of memory at the sandbox's per-process limit (the reference "
                "apps' export peaks near 330 MB)", "ENOMEM", found(*_OUT_OF_MEMORY))
    if _killed_by_signal(exit_code):
        name = signal_name(exit_code)
        return (f"the export was killed by {name}, not by the grader's time limit (the "
                "machine's out-of-memory killer or an operator)", name, f"exit status {exit_code}")
    worker = found(*_WORKER_CRASH)
    if worker:
        return "the bundler's worker processes crashed", f"exit {exit_code}", worker
    if any(_STACK_FRAME.match(line) for line in lines):
        error = next((line.strip() for line in lines if _JS_ERROR.match(line.strip())), "")
        if error:
            return ("the bundler crashed inside its own code, naming no file of the submission",
                    f"exit {exit_code}", error)
    return None


def _error_with_file(lines: list[str], named: list[str]) -> str:
    """The error line and the first line naming a submission file (often the same line)."""
    first = named[0].strip()
    error = next((line.strip() for line in lines if _JS_ERROR.match(line.strip())), "")
    return first if not error or error == first else f"{error}\n{first}"


FAIR_SHARE = 0.5
"""An export given at least this share of the build's time limit had the time a clean export
needs: at the default 600 s it had 300 s, where a budget reference's sandboxed export takes
about 45 s cold and 12 s with the Metro store (measured on 2 cores)."""


def diagnose_timeout(output: str, *, step: str, own_code: list[str], given_s: float,
                     limit_s: float) -> StepDiagnosis:
    """Whose fault an export stopped at the build's time limit is.

    The submission's (`build_failed`) when its own code ran in the export (`own_code`, read
    before it ran) and the export had its fair share of the limit: a config that blocks or
    loops looks, from outside, like a stalled bundler, and only the submission chose to run
    code there. The bench's (`timeout`) when no code of the submission runs in the export, or
    when the steps before it (a cold install, the Metro seed) left it too little time."""
    lines = [line.strip() for line in _ANSI.sub("", output).splitlines()]
    last = next((line for line in reversed(lines)
                 if line and not line.startswith(("$ ", "[revylbench]"))), "")
    had = f"the export had {given_s:.0f} s of the build's {limit_s:.0f} s limit"
    evidence = f"{had}; its last line: {last}" if last else f"{had}; it printed nothing"
    if own_code and given_s >= limit_s * FAIR_SHARE:
        return StepDiagnosis(
            step=step, party="agent", code="timeout", evidence=evidence,
            rule=f"the export ran the submission's {', '.join(own_code)} and did not finish "
                 "within the build's time limit: a stall there cannot be told from the "
                 "submission's own code blocking, and is charged to the submission")
    if own_code:
        rule = (f"the build's time limit: the steps before the export left it less than "
                f"{FAIR_SHARE:.0%} of the limit, so its stall is not charged to the submission")
    else:
        rule = ("the build's time limit, with no code of the submission running in the export "
                "(no Babel, Metro, Expo or PostCSS config of its own, no config plugin, no "
                "static web output)")
    return StepDiagnosis(step=step, party="bench", rule=rule, code="timeout", evidence=evidence)
