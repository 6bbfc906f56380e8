"""Recording stand-ins for host tools this machine lacks (`xcrun`, `adb`, `emulator` …)."""

from __future__ import annotations

import json
import os
import sys
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).with_name("standin.py")
HOST_TOOLS = ("xcrun", "xcodebuild", "pod", "adb", "emulator")


@dataclass
class StandIns:
    """A PATH folder of stand-ins and the folder where they record calls and keep state."""

    bin: Path
    state: Path

    @classmethod
    def install(cls, root: Path, tools: tuple[str, ...] = HOST_TOOLS) -> StandIns:
        standins = cls(root / "bin", root / "state")
        standins.bin.mkdir(parents=True, exist_ok=True)
        standins.state.mkdir(parents=True, exist_ok=True)
        for tool in tools:
            standins.wrap(standins.bin / tool, tool)
        return standins

    @staticmethod
    def wrap(path: Path, tool: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{SCRIPT}" {tool} "$@"\n')
        path.chmod(0o755)

    def env(self, scenario: dict[str, Any] | None = None, **extra: str) -> dict[str, str]:
        """Variables that put the stand-ins first on PATH (for HostTools or monkeypatch)."""
        return {
            "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            "STANDIN_DIR": str(self.state),
            "STANDIN_SCENARIO": json.dumps(scenario or {}),
            **extra,
        }

    def calls(self) -> list[list[str]]:
        """Every argv the stand-ins were run with, in order."""
        path = self.state / "calls.jsonl"
        if not path.is_file():
            return []
        return [json.loads(line)["argv"] for line in path.read_text().splitlines()]

    def envs(self) -> list[dict[str, str]]:
        """The `SIMCTL_CHILD_*` variables each call was run with, in order."""
        path = self.state / "calls.jsonl"
        return [json.loads(line).get("env", {}) for line in path.read_text().splitlines()]

    def simulator(self, udid: str) -> dict[str, Any]:
        """What the `simctl` stand-in keeps of a simulator (state, apps, pinned settings)."""
        data: dict[str, Any] = json.loads((self.state / "sim" / f"{udid}.json").read_text())
        return data

    def emulator_settings(self, port: int) -> dict[str, Any]:
        """What the `adb` stand-in keeps of an emulator's settings, night mode and zone."""
        data: dict[str, Any] = json.loads((self.state / "emu" / f"{port}.settings").read_text())
        return data

    def cwds(self) -> list[str]:
        path = self.state / "calls.jsonl"
        return [json.loads(line)["cwd"] for line in path.read_text().splitlines()]


class Ready:
    """An Appium endpoint that always answers: for tests about the host tools, not Appium."""

    url = "http://127.0.0.1:9"

    def ensure(self) -> str:
        return self.url


class DriverSession:
    """An `AppSession` on a driver opened without a device (Appium's fake driver): it
    observes nothing, and has no device to relaunch the app with."""

    own_hosts: tuple[str, ...] = ()

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def screenshot(self) -> bytes:
        return bytes(self.driver.get_screenshot_as_png())

    def relaunch(self) -> None:
        raise RuntimeError("a session opened without a device cannot relaunch the app")

    def press(self, element: Any) -> None:
        element.click()

    def console_errors(self) -> list[str]:
        return []

    def screen_fingerprint(self) -> str | None:
        return None

    def requested_urls(self) -> list[str] | None:
        return None


def journal(tools: Any) -> list[tuple[list[str], float]]:
    """(argv, time limit) of every call a HostTools made, limits rounded to 0.1 s."""
    return [(list(call.argv), round(call.timeout_s, 1)) for call in tools.calls]


def make_project(root: Path, standins: StandIns, name: str = "budget") -> tuple[Path, Path]:
    """A submission copy (`app.json` as the budget app has it) and a node_modules whose
    `.bin/expo` is the stand-in."""
    work, node_modules = root / "work", root / "node_modules"
    work.mkdir()
    (work / "app.json").write_text(json.dumps({"expo": {"name": name, "slug": name}}))
    StandIns.wrap(node_modules / ".bin" / "expo", "expo")
    return work, node_modules


def processes_running(word: str, state: Path) -> list[str]:
    """Command lines of live stand-in processes (of this test's `state`) that mention `word`."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            environ = (proc / "environ").read_bytes()
            status = (proc / "stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if str(SCRIPT) in cmdline and word in cmdline and str(state).encode() in environ \
                and status != "Z":
            found.append(cmdline)
    return found


class Farm:
    """A device farm on loopback: POST (an upload) is answered with `answer`, GET …/status
    with a ready status; every request is kept."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        self.requests: list[dict[str, Any]] = []
        farm = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                farm.requests.append({"path": self.path, "headers": dict(self.headers), "body": b""})
                self._answer({"value": {"ready": True}} if self.path.endswith("/status") else {})

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                farm.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self._answer(farm.answer)

            def _answer(self, answer: dict[str, Any]) -> None:
                data = json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
