"""The host's device tools (`xcrun`, `adb`, `emulator`): each call bounded in time and journaled.

Tools are looked up on PATH at every call, so a test can put recording stand-ins in front of
them; every call lands in `HostTools.calls` (argv, time limit, result) and in the device log.
"""

from __future__ import annotations

import os
import platform as _platform
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_revylbench.devices.errors import DeviceError

OUTPUT_TAIL = 2000


@dataclass(frozen=True)
class HostCall:
    """One finished (or killed) tool call."""

    argv: tuple[str, ...]
    timeout_s: float
    returncode: int | None
    """None when the call was killed at its time limit."""
    stdout: str
    stderr: str
    seconds: float
    background: bool = False
    """Started to keep running (an emulator), not waited for."""
    env: tuple[tuple[str, str], ...] = ()
    """Variables given to this call only (on top of the tools' environment)."""

    @property
    def timed_out(self) -> bool:
        return self.returncode is None and not self.background

    @property
    def command(self) -> str:
        return " ".join([*(f"{name}={value}" for name, value in self.env), *self.argv])


class HostCommandFailed(DeviceError):
    """A host tool exited non-zero or ran out of time: the bench's fault."""

    def __init__(self, call: HostCall) -> None:
        if call.timed_out:
            why = f"did not finish within {call.timeout_s:g}s and was killed"
        else:
            said = (call.stderr.strip() or call.stdout.strip())[-OUTPUT_TAIL:]
            why = f"exited with status {call.returncode}" + (f": {said}" if said else "")
        super().__init__(f"`{call.command}` {why}")
        self.call = call


@dataclass
class HostTools:
    """Runs host tools; `calls` is the journal of everything run, in order."""

    log: Path | None = None
    env: Mapping[str, str] | None = None
    calls: list[HostCall] = field(default_factory=list)

    def _environment(self) -> dict[str, str]:
        return {**os.environ, **(self.env or {})}

    def resolve(self, tool: str) -> str:
        found = shutil.which(tool, path=self._environment().get("PATH"))
        if found is None:
            raise DeviceError(f"{tool} is not on PATH; this host cannot run the device")
        return found

    def run(
        self, argv: Sequence[str], *, timeout_s: float, check: bool = True,
        env: Mapping[str, str] | None = None,
    ) -> HostCall:
        """Run `argv` to completion or kill its process group at `timeout_s`."""
        command = [self.resolve(argv[0]), *argv[1:]]
        started = time.monotonic()
        proc = subprocess.Popen(
            command, env={**self._environment(), **(env or {})}, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8", errors="replace",
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(timeout=max(timeout_s, 0.01))
            code: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            _kill_group(proc.pid)
            out, err = proc.communicate()
            code = None
        except BaseException:
            _kill_group(proc.pid)
            proc.wait()
            raise
        call = HostCall(tuple(argv), timeout_s, code, out, err, round(time.monotonic() - started, 3),
                        env=tuple(sorted((env or {}).items())))
        self.calls.append(call)
        self._note(call)
        if check and (call.timed_out or call.returncode != 0):
            raise HostCommandFailed(call)
        return call

    def spawn(self, argv: Sequence[str], *, output: Path) -> subprocess.Popen[bytes]:
        """Start a long-lived tool (an emulator) in its own process group, output to a file."""
        command = [self.resolve(argv[0]), *argv[1:]]
        output.parent.mkdir(parents=True, exist_ok=True)
        with output.open("ab") as out:
            proc = subprocess.Popen(
                command, env=self._environment(), stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )
        self.calls.append(HostCall(tuple(argv), 0.0, None, "", "", 0.0, background=True))
        self._write(f"$ {' '.join(argv)} &    # pid {proc.pid}, output in {output.name}\n")
        return proc

    def note(self, text: str) -> None:
        """A comment line in the device log (not a call)."""
        self._write(f"# {text}\n")

    def _note(self, call: HostCall) -> None:
        result = "timed out" if call.timed_out else f"exit {call.returncode}"
        text = f"$ {call.command}    # limit {call.timeout_s:g}s: {result} in {call.seconds}s\n"
        for stream in (call.stdout, call.stderr):
            if stream.strip():
                text += stream[-OUTPUT_TAIL:].rstrip("\n") + "\n"
        self._write(text)

    def _write(self, text: str) -> None:
        if self.log is not None:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            with self.log.open("a", encoding="utf-8") as out:
                out.write(text)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stop_process(proc: subprocess.Popen[bytes], *, grace_s: float) -> None:
    """Wait up to `grace_s` for `proc` to exit, then kill its whole process group."""
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        pass
    _kill_group(proc.pid)
    proc.wait()


IOS_TOOLS: tuple[str, ...] = ("xcodebuild", "pod", "node", "xcrun")
"""xcodebuild, pod (CocoaPods) and node (Expo's prebuild, Metro) build the app; xcrun (simctl)
runs the simulators. The first three are all a remote pool needs."""
ANDROID_TOOLS: tuple[str, ...] = ("java", "node", "adb", "emulator")
"""java (Gradle) and node (Expo's prebuild, Metro) build the app; adb and emulator run the
emulators. The first two are all a remote pool needs."""


def host_support(
    platform: str,
    *,
    provider: str | None = None,
    system: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """None when this host can build and run `platform`; otherwise why not, in one sentence.

    With a `remote` provider the devices are the hub's, so only the build tools are needed.
    """
    system = system or _platform.system()
    environ = os.environ if environ is None else environ
    remote = provider == "remote"
    if platform == "ios":
        tools = IOS_TOOLS[:3] if remote else IOS_TOOLS
        missing = [tool for tool in tools if which(tool) is None]
        if system == "Darwin" and not missing:
            return None
        host = "macOS" if system == "Darwin" else system or "unknown"
        return (f"platform ios needs macOS with Xcode, CocoaPods and Node ({_listed(tools)} on PATH); "
                f"this host ({host}) {_lacking(missing, tools) if missing else 'is not macOS'}")
    if platform == "android":
        tools = ANDROID_TOOLS[:2] if remote else ANDROID_TOOLS
        missing = [tool for tool in tools if which(tool) is None]
        if not (environ.get("ANDROID_HOME") or environ.get("ANDROID_SDK_ROOT")):
            missing.append("ANDROID_HOME")
        if not missing:
            return None
        return (f"platform android needs the Android SDK, a JDK and Node ({_listed(tools)} on PATH, "
                f"ANDROID_HOME set); this host {_lacking(missing, (*tools, 'ANDROID_HOME'))}")
    return None


def _listed(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _lacking(missing: list[str], wanted: tuple[str, ...]) -> str:
    if len(missing) < len(wanted) or len(wanted) == 1:
        return "lacks " + _listed(tuple(missing))
    if len(wanted) == 2:
        return "has neither " + " nor ".join(missing)
    return "has none of " + ", ".join(missing)
