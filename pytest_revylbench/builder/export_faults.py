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

import json
import re
import signal
from pathlib import Path

from pytest_revylbench.builder.install_faults import signal_name
from pytest_revylbench.builder.intake import SubmissionRefused, read_regular
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
BUNDLER_CONFIGS = (
    "babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json", ".babelrc",
    ".babelrc.js", ".babelrc.json", "metro.config.js", "metro.config.cjs", "metro.config.mjs",
    "metro.config.json", "metro.config.ts", "app.config.js", "app.config.ts",
)
"""Files of a submission that run as code when the bundler starts."""
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


def code_run_by_export(work: Path) -> list[str]:
    """What of the submission runs as code inside the export, besides its modules being
    transformed: bundler and Expo configs, config plugins of its own, a statically rendered
    web output. Such code prints and exits as it likes, so the tools' crash cannot be told
    from its own doing."""
    found = [name for name in BUNDLER_CONFIGS if (work / name).is_file()]
    expo = _object(_object(_read_json(work / "app.json")).get("expo"))
    plugins = expo.get("plugins")
    for plugin in plugins if isinstance(plugins, list) else []:
        name = plugin[0] if isinstance(plugin, list) and plugin else plugin
        if isinstance(name, str) and name.startswith("."):
            found.append(f"app.json plugin {name}")
    output = _object(expo.get("web")).get("output")
    if output in ("static", "server"):
        found.append(f"app.json web.output {output!r} (renders the app at export)")
    return sorted(found)


def _read_json(path: Path) -> object:
    # Read after the export ran the submission's code, which may have left a FIFO or a link
    # in the file's place: never followed, never waited on.
    try:
        return json.loads(read_regular(path).decode("utf-8"))
    except (OSError, ValueError, SubmissionRefused):
        return None


def _object(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def diagnose_export(output: str, *, step: str, exit_code: int, work: Path) -> StepDiagnosis:
    """Whose failure an export that exited with `exit_code` is, from what it printed."""
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
    own_code = code_run_by_export(work)
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
