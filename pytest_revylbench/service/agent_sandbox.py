"""Run an agent's command under bubblewrap, in its workspace, within its time limit.

The sandbox's root is an empty tmpfs: the system (`/usr`, `/etc` and the merged-usr links) is
bound read-only, the workspace read-write at `/home/agent` (its home and working folder), and
`/run/revylbench/` holds the agent's tools (`submit`, `revylbench-mcp` on its PATH), the tool
socket and the proxy socket. Nothing else of the host is there: not the grader's repository,
its suites or reports, the campaign's other rollouts or the service's state (a folder of those
inside a system folder is covered by an empty tmpfs too). The agent runs as uid 1000 of its own
user namespace, without capabilities, in its own pid, network, ipc and uts namespaces and its
own session; `--die-with-parent` takes it down with the run. Its only way out is
HTTP(S)_PROXY, 127.0.0.1:`PROXY_PORT`, bridged to the run's CONNECT proxy.

At the time limit the whole process tree is killed (bwrap, its pid namespace, anything that
escaped into the run's process group).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from pytest_revylbench.builder.proctree import GONE, kill_and_reap

AGENT_HOME = Path("/home/agent")
TOOLS_AT = Path("/run/revylbench")
PROXY_PORT = 3128
AGENT_UID = 1000
LIMIT_POLL_S = 1.0
"""How often a run whose limit pauses (`AgentSandbox.run`'s `paused`) reads the pause again."""
SYSTEM = (Path("/usr"), Path("/etc"), Path("/bin"), Path("/sbin"), Path("/lib"), Path("/lib64"),
          Path("/lib32"))
"""Bound read-only (a symlink such as /bin -> usr/bin is re-made as the same link)."""
SECRETS = (Path("/etc/shadow"), Path("/etc/shadow-"), Path("/etc/gshadow"), Path("/etc/gshadow-"),
           Path("/etc/sudoers"), Path("/etc/sudoers.d"), Path("/etc/ssh"), Path("/etc/ssl/private"),
           Path("/etc/security/opasswd"))
"""Covered inside the read-only /etc: files by an empty one, folders by an empty tmpfs. The
agent's uid is the grader's own mapped into its namespace, so file modes alone would not keep
it out of what the grader's user may read (password hashes, host keys, TLS private keys)."""
AGENT_BIN = Path(__file__).parent / "agent_bin"
MCP_COMMAND = "revylbench-mcp"
SANDBOX_NOTE = f"""
## In this sandbox

`submit` (or `revylbench submit`) is on your PATH: `submit --wait` sends this folder and prints
the feedback. The MCP server is the command `{MCP_COMMAND}` (stdio; also in `$REVYLBENCH_MCP`).
The network is reached only through `$HTTPS_PROXY`, and only the hosts this run allows.
"""


@dataclass(frozen=True)
class AgentRun:
    """How one agent process ended."""

    exit_code: int | None
    """None when it was killed at the time limit."""
    timed_out: bool
    seconds: float
    killed: tuple[int, ...] = ()


@dataclass(frozen=True)
class AgentSandbox:
    workspace: Path
    tools: Path
    """A host folder holding `bin/`, `tools.sock` and `proxy.sock`, bound at TOOLS_AT."""
    hidden: tuple[Path, ...] = ()
    """Host folders the agent must not see even if a system folder holds them."""
    env: Mapping[str, str] = field(default_factory=dict)
    """Variables passed to the agent on top of the sandbox's own (e.g. its model API key)."""

    def command(self, agent_cmd: str) -> list[str]:
        cmd = ["bwrap", "--unshare-user", "--uid", str(AGENT_UID), "--gid", str(AGENT_UID),
               "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
               "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        bound: list[Path] = []
        for folder in SYSTEM:
            if folder.is_symlink():
                cmd += ["--symlink", os.readlink(folder), str(folder)]
            elif folder.is_dir():
                cmd += ["--ro-bind", str(folder), str(folder)]
                bound.append(folder)
        for secret in _outermost(self.hidden):
            if any(b == secret or b in secret.parents for b in bound):
                cmd += ["--tmpfs", str(secret)]
        for secret in SECRETS:
            if secret.is_dir() and not secret.is_symlink():
                cmd += ["--tmpfs", str(secret)]
            elif secret.is_file() and not secret.is_symlink():
                cmd += ["--ro-bind", "/dev/null", str(secret)]
        cmd += ["--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/run",
                "--ro-bind", str(self.tools / "bin"), str(TOOLS_AT / "bin"),
                "--ro-bind", str(self.tools / "tools.sock"), str(TOOLS_AT / "tools.sock"),
                "--ro-bind", str(self.tools / "proxy.sock"), str(TOOLS_AT / "proxy.sock"),
                "--bind", str(self.workspace), str(AGENT_HOME), "--chdir", str(AGENT_HOME),
                "--", "/bin/sh", str(TOOLS_AT / "bin" / ".entry"), agent_cmd]
        return cmd

    def environment(self, agent_cmd: str) -> dict[str, str]:
        proxy = f"http://127.0.0.1:{PROXY_PORT}"
        return {
            "PATH": f"{TOOLS_AT / 'bin'}:/usr/local/bin:/usr/bin:/bin", "HOME": str(AGENT_HOME),
            "USER": "agent", "TMPDIR": "/tmp", "LANG": "C.UTF-8",
            "HTTP_PROXY": proxy, "HTTPS_PROXY": proxy, "http_proxy": proxy, "https_proxy": proxy,
            "NO_PROXY": "", "REVYLBENCH_MCP": MCP_COMMAND, "REVYLBENCH_WORKSPACE": str(AGENT_HOME),
            "REVYLBENCH_TOOLS": str(TOOLS_AT / "tools.sock"),
            "REVYLBENCH_PROXY_PORT": str(PROXY_PORT), "REVYLBENCH_AGENT_CMD": agent_cmd,
            **self.env,
        }

    def run(self, agent_cmd: str, *, time_limit_s: float, log: Path,
            extra_env: Mapping[str, str] | None = None,
            paused: Callable[[], float] | None = None) -> AgentRun:
        """Run `agent_cmd` (a shell command line) to its end or the time limit; its stdout and
        stderr go to `log`.

        `paused`: seconds since the start that do not count against the limit (the time its
        grades ran: the rollout's clock, `scoring.rollout.agent_seconds`), read again at least
        every `LIMIT_POLL_S`; the limit is then `time_limit_s` of the agent's own time."""
        start = time.monotonic()
        env = {**self.environment(agent_cmd), **(extra_env or {})}
        with log.open("ab") as out:
            proc = subprocess.Popen(self.command(agent_cmd), env=env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            while True:
                left = start + time_limit_s + (paused() if paused else 0.0) - time.monotonic()
                if left <= 0:
                    killed = kill_tree(proc)
                    return AgentRun(None, True, time.monotonic() - start, tuple(killed))
                try:
                    code = proc.wait(timeout=min(left, LIMIT_POLL_S) if paused else left)
                except subprocess.TimeoutExpired:
                    continue
                return AgentRun(code, False, time.monotonic() - start)
        finally:
            if proc.poll() is None:   # interrupted (Ctrl-C): the agent does not outlive the run
                kill_tree(proc)


def kill_tree(proc: subprocess.Popen[bytes]) -> list[int]:
    """SIGKILL bwrap, everything below it and its process group; reap bwrap."""
    try:
        root = [psutil.Process(proc.pid)]
    except GONE:
        root = []
    killed = kill_and_reap(root, adopted=())
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()
    return killed


def install_tools(tools: Path) -> Path:
    """Copy the launcher (as `submit`, `revylbench-mcp` and `revylbench`), the proxy bridge
    and the entry script into `tools/bin/`."""
    bin_dir = tools / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for source, name in ((AGENT_BIN / "tool", "submit"), (AGENT_BIN / "tool", MCP_COMMAND),
                         (AGENT_BIN / "tool", "revylbench"),
                         (AGENT_BIN / "proxy-bridge", ".proxy-bridge"),
                         (AGENT_BIN / "entry.sh", ".entry")):
        shutil.copyfile(source, bin_dir / name)
        (bin_dir / name).chmod(0o755)
    tools.chmod(0o755)
    return bin_dir


def _outermost(paths: Iterable[Path]) -> list[Path]:
    kept: list[Path] = []
    for path in sorted({p.resolve() for p in paths if p.is_dir()}):
        if not any(k == path or k in path.parents for k in kept):
            kept.append(path)
    return kept
