"""Whose failure a failed export is: a compile error in the submission, or the tools' own crash.

`expo export` runs the submission's code (its modules through Babel, its bundler configs),
so most failures are the submission's, and Metro says so by naming a file of it (`SyntaxError:
/work/App.tsx: Unexpected token`, `Unable to resolve module x from /work/App.tsx`). The bench's
are the ones the submission cannot cause, or that no file of it explains: the sandbox that
cannot start, the machine out of disk or memory, a process killed from outside, Metro crashing
inside its own code on a submission with no bundler config of its own. What is neither is
charged to the submission, whose code the export runs, and the reason says it could not be told.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path

from ..models import StepDiagnosis

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
BUNDLER_CONFIGS = (
    "babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json", ".babelrc",
    ".babelrc.js", ".babelrc.json", "metro.config.js", "metro.config.cjs", "metro.config.mjs",
    "metro.config.json", "metro.config.ts", "app.config.js", "app.config.ts",
)
"""Files of a submission that shape how the bundler runs: with one of them, a crash inside
Metro may be the submission's doing."""
CANNOT_TELL = ("whether the submission or the bundler failed cannot be told from the export's "
               "output; charged to the submission, whose code the export runs")


def _signal_name(status: int) -> str:
    number = -status if status < 0 else status - 128
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _killed_by_signal(status: int) -> bool:
    return status < 0 or 128 < status < 128 + 65


def submission_lines(lines: list[str], work: Path) -> list[str]:
    """Lines naming a file of the submission: a path in `work`, outside its dependencies and
    the build's own folders."""
    root = re.escape(str(work).rstrip("/"))
    own = re.compile(root + r"/(?!node_modules/|\.revylbench-tmp/|dist/|\.expo/)[^\s:'\")]+")
    return [line for line in lines if own.search(line)]


def diagnose_export(output: str, *, step: str, exit_code: int, work: Path) -> StepDiagnosis:
    """Whose failure an export that exited with `exit_code` is, from what it printed."""
    lines = [line.rstrip() for line in _ANSI.sub("", output).splitlines()]
    lines = [line for line in lines if line.strip() and not line.startswith("$ ")]
    text = "\n".join(lines)
    lowered = text.lower()

    def found(*needles: str) -> str:
        return next((line.strip() for line in lines
                     if any(n.lower() in line.lower() for n in needles)), "")

    def bench(rule: str, code: str, evidence: str) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="bench", rule=rule, code=code, evidence=evidence)

    def agent(rule: str, code: str, evidence: str) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="agent", rule=rule, code=code, evidence=evidence)

    sandbox_error = next((line for line in lines if line.startswith(("bwrap:", "prlimit:", "setpriv:"))), "")
    if sandbox_error:
        return bench("the sandbox could not start the export", "sandbox", sandbox_error)
    for needle, rule in _HOST_SHORTAGE.items():
        if needle.lower() in lowered:
            return bench(rule, needle if needle.isupper() else "ENOSPC", found(needle))
    if any(n in lowered for n in _OUT_OF_MEMORY):
        return bench(
            "the bundler ran out of memory at the sandbox's per-process limit (the reference "
            "apps' export peaks near 330 MB); whether the submission's code made it use that "
            "much cannot be told", "ENOMEM", found(*_OUT_OF_MEMORY),
        )
    if exit_code == 128 + signal.SIGXFSZ or exit_code == -signal.SIGXFSZ:
        return agent("a file reached the sandbox's output-size limit", "SIGXFSZ", "")
    named = submission_lines(lines, work)
    if named:
        return agent("a compile error in the submission: the bundler's error names a file of it",
                     f"exit {exit_code}", _error_with_file(lines, named))
    if _killed_by_signal(exit_code):
        name = _signal_name(exit_code)
        return bench(
            f"the export was killed by {name}, not by the grader's time limit (the machine's "
            "out-of-memory killer or an operator; the submission's own code sending it cannot "
            "be ruled out)", name, found("killed", "signal") or f"exit status {exit_code}",
        )
    own_configs = sorted(name for name in BUNDLER_CONFIGS if (work / name).is_file())
    crash = found(*_WORKER_CRASH) or (
        next((line.strip() for line in lines if _JS_ERROR.match(line.strip())), "")
        if any(_STACK_FRAME.match(line) for line in lines) or found(*_WORKER_CRASH) else "")
    if crash and not own_configs:
        return bench("the bundler crashed inside its own code, naming no file of the submission "
                     "(which has no bundler config of its own)", f"exit {exit_code}", crash)
    last = next((line.strip() for line in reversed(lines) if not line.startswith("[revylbench]")), "")
    why = f"; the submission's {', '.join(own_configs)} shapes the bundler" if own_configs else ""
    return agent(CANNOT_TELL + why, f"exit {exit_code}", crash or last)


def _error_with_file(lines: list[str], named: list[str]) -> str:
    """The error line and the first line naming a submission file (often the same line)."""
    first = named[0].strip()
    error = next((line.strip() for line in lines if _JS_ERROR.match(line.strip())), "")
    return first if not error or error == first else f"{error}\n{first}"
