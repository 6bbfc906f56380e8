"""Confine a build step with bubblewrap: what it may see, write, reach and use up.

A step that runs the submission's code (its bundler config, its app code at bundle time)
runs as a fresh unprivileged uid, in its own pid, network, ipc and uts namespaces, with the
system read-only, the grader's files hidden under empty tmpfs mounts, and only its work
folder writable. bwrap runs as root keeps every capability unless told otherwise (the
step could unmount what hides the suites), hence `--cap-drop ALL`. Limits, as measured
on the project's machines:

- processes: RLIMIT_NPROC on the per-build uid. It never binds root, and bwrap's
  `--unshare-user --uid N` keeps the real uid 0 outside, so the step really changes uid
  (`setpriv`, given CAP_SETUID for that one exec) to a uid no other build uses.
- memory: RLIMIT_DATA per process (private writable memory: reserved but unused address
  space does not count; under RLIMIT_AS, even 4 GiB, `new WebAssembly.Memory` fails) plus
  a V8 heap cap in NODE_OPTIONS, so V8 fails first with "heap out of memory". The total
  across a step's processes is watched by `run_step` (`process.MemoryWatch`, psutil): the
  only memory cgroup here belongs to the machine's job runner, so it is left alone, and a
  step whose processes together hold more than `max_total_memory_bytes` is killed.
- output: RLIMIT_FSIZE per file (writes past it fail with EFBIG, or SIGXFSZ kills the
  writer); `run_step` also stops a step whose work folder outgrows `max_work_bytes`, and
  caps the build log.
- time: the build's deadline in `run_step`, which kills the whole process tree (the pid
  namespace dies with bwrap).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil

MiB = 1024 * 1024
GiB = 1024 * MiB

BASE_PATH = "/usr/local/bin:/usr/bin:/bin"
SCRATCH_NAME = ".revylbench-tmp"
"""The step's TMPDIR, inside its work folder: nothing it writes is shared with another build."""
FIXED_WORK = Path("/tmp/revylbench/app")
"""Where a build step sees its work folder (inside the sandbox's own empty /tmp): the same
path in every build, so path-keyed caches (Metro's transforms) match across builds."""

# The uid a grader process's builds run as: one per grader process, far above any
# account's uid, so two concurrent builds never share a process budget.
UID_BASE = 2_000_000_000
UID_SPAN = 1_000_000

TMP = Path("/tmp")
"""Always an empty tmpfs: other programs' scratch space (Chromium's sockets live there)."""
ALWAYS_HIDDEN = (Path("/run"), Path("/var/tmp"), Path("/home"))
"""Hidden from every build step too: runtime sockets, shared scratch, other users' homes."""
HIDING_TMPFS_BYTES = 1 * MiB
"""An empty tmpfs over a hidden folder only holds the mount points of the binds below it."""
SCRATCH_TMPFS_BYTES = 16 * MiB
"""/tmp and /dev/shm: small, as a tmpfs fills memory, not disk. (They are not writable for
the build's uid; the rest of /dev is read-only: its tmpfs would take half the memory.)"""

PASSED_TO_INSTALL = re.compile(
    r"(?i)^(https?_proxy|no_proxy|all_proxy|node_extra_ca_certs|ssl_cert_(file|dir)|npm_config_\w+)$"
)
"""Variables the registry fill needs from the grader's environment (proxies, CA, registry)."""


@dataclass(frozen=True)
class Limits:
    """Resource limits of one sandboxed step (the time limit is the build's deadline)."""

    memory_bytes: int = 2 * GiB
    """RLIMIT_DATA of every process; a build's node peaks near 330 MB."""
    max_file_bytes: int = 512 * MiB
    """RLIMIT_FSIZE: the largest file a step may write (the largest dependency file is 27 MB)."""
    max_processes: int = 256
    """RLIMIT_NPROC of the build's uid, counted in threads; `expo export` peaks near 40."""
    max_total_memory_bytes: int = 3 * GiB
    """Resident memory of all the step's processes together (`process.MemoryWatch`). The
    budget reference's steps peak near 290 MB (a cold export), 200 MB (a warm one, `tsc`)
    and 320 MB (jest)."""
    max_work_bytes: int = 2 * GiB
    """Disk space the step may fill in its work folder (a dependency install takes 410 MB)."""
    max_log_bytes: int = 8 * MiB
    """Output kept in the build log; the rest is counted and dropped."""

    @property
    def heap_mb(self) -> int:
        """V8's old-space cap: three quarters of the memory limit, so V8 fails first, clearly."""
        return max(64, self.memory_bytes * 3 // 4 // MiB)


@dataclass(frozen=True)
class Mount:
    """A host folder shown at another path inside the sandbox (`inner`)."""

    host: Path
    inner: Path
    writable: bool = False


@dataclass(frozen=True)
class Sandbox:
    """One step's confinement; `command` turns an argv into the confined argv."""

    work: Path
    """The only writable folder (besides extra `writable` binds) and the step's cwd."""
    hidden: tuple[Path, ...] = ()
    """Folders covered by an empty tmpfs (besides /tmp): the grader's repository, $HOME,
    reports, cache. Missing ones and ones inside another are skipped."""
    read_only: tuple[Path, ...] = ()
    """Bound back read-only after hiding, e.g. the node_modules cache entry."""
    writable: tuple[Path, ...] = ()
    """Bound back writable after hiding, e.g. npm's download cache for a dependency fill."""
    mounts: tuple[Mount, ...] = ()
    """Bound after all the others (so over them): a folder of `work` made read-only at its
    inner path, or a cache shown at a fixed path."""
    network: bool = False
    uid: int | None = None
    """Run the command as this unprivileged uid (needs the grader to be root); None: keep
    the caller's uid, without capabilities."""
    limits: Limits = field(default_factory=Limits)
    env: Mapping[str, str] = field(default_factory=dict)
    """Variables on top of the clean environment."""
    watch_memory: bool = False
    """Kill the step when its processes together hold more than the limits'
    `max_total_memory_bytes` (a step that runs submission code: the overrun is its own)."""
    work_at: Path | None = None
    """Where the step sees `work` (its cwd, HOME and TMPDIR's parent); None: at its own path.
    A fixed point (FIXED_WORK) makes every build's paths the same, which Metro's transform
    cache keys need (they hold each file's path relative to the project root)."""

    @property
    def tmpdir(self) -> Path:
        """The step's TMPDIR as the grader sees it (inside `work`)."""
        return self.work / SCRATCH_NAME

    @property
    def inner_work(self) -> Path:
        """`work` as the step sees it."""
        return self.work_at or self.work

    def command(self, argv: Sequence[str]) -> list[str]:
        """`argv` wrapped in prlimit, bwrap and (with a uid) setpriv. Later mounts win."""
        limits = self.limits
        cmd = [
            "prlimit", "--core=0", f"--fsize={limits.max_file_bytes}",
            f"--data={limits.memory_bytes}", f"--nproc={limits.max_processes}", "--",
            "bwrap", "--ro-bind", "/", "/",
            "--dev", "/dev", "--remount-ro", "/dev",
            "--size", str(SCRATCH_TMPFS_BYTES), "--tmpfs", "/dev/shm",
            "--proc", "/proc",
            "--size", str(SCRATCH_TMPFS_BYTES), "--tmpfs", "/tmp",
        ]
        hidden = [p for p in _outermost((TMP, *self.hidden)) if p != TMP]
        for folder in hidden:
            cmd += ["--size", str(HIDING_TMPFS_BYTES), "--tmpfs", str(folder)]
        binds = [("--bind", self.work, self.inner_work)]
        binds += [("--bind", p, p) for p in self.writable]
        binds += [("--ro-bind", p, p) for p in self.read_only]
        binds += [("--bind" if m.writable else "--ro-bind", m.host, m.inner) for m in self.mounts]
        # bwrap makes missing mount points 0700: open the way for an unprivileged uid.
        for folder in _mount_point_parents((inner for _, _, inner in binds), (TMP, *hidden)):
            cmd += ["--perms", "0755", "--dir", str(folder)]
        for flag, path, inner in binds:
            cmd += [flag, str(path), str(inner)]
        if not self.network:
            cmd.append("--unshare-net")
        cmd += ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
                "--new-session", "--cap-drop", "ALL"]
        if self.uid is not None:
            cmd += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]
        cmd += ["--chdir", str(self.inner_work), "--"]
        if self.uid is not None:
            cmd += ["setpriv", f"--reuid={self.uid}", f"--regid={self.uid}", "--clear-groups",
                    "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        return cmd + list(argv)

    def environment(self) -> dict[str, str]:
        """A clean environment: nothing of the grader's leaks in except what is listed."""
        return {
            "PATH": BASE_PATH, "HOME": str(self.inner_work),
            "TMPDIR": str(self.inner_work / SCRATCH_NAME),
            "LANG": "C.UTF-8", "CI": "1", "EXPO_OFFLINE": "1", "EXPO_NO_TELEMETRY": "1",
            "NODE_OPTIONS": f"--max-old-space-size={self.limits.heap_mb}",
            **self.env,
        }

    def prepare(self) -> None:
        """Create the step's TMPDIR and give the work folder to the step's uid."""
        self.tmpdir.mkdir(parents=True, exist_ok=True)
        if self.uid is not None:
            chown_tree(self.work, self.uid)
            # bwrap enters it as root without capabilities, before it changes uid.
            self.work.chmod(0o755)


@dataclass(frozen=True)
class SandboxPolicy:
    """What every sandboxed step of one build shares; makes the step's `Sandbox`."""

    hidden: tuple[Path, ...]
    limits: Limits = field(default_factory=Limits)
    uid: int | None = None

    def for_build(self, work: Path, *, read_only: Iterable[Path] = (),
                  work_at: Path | None = None, mounts: Iterable[Mount] = ()) -> Sandbox:
        """A step that runs submission code: no network, the build's own uid; `work` seen at
        `work_at` (None: at its own path)."""
        return Sandbox(
            work=work, hidden=(*ALWAYS_HIDDEN, *self.hidden), read_only=tuple(read_only),
            mounts=tuple(mounts), uid=self.uid, limits=self.limits, work_at=work_at,
            watch_memory=True,
        )

    def for_dependency_fill(self, scratch: Path, *, npm_cache: Path, npmrc: Path | None) -> Sandbox:
        """`npm ci --ignore-scripts` from the registry: network on, no submission code runs.

        It keeps the caller's uid (without capabilities) so it can write npm's shared
        download cache; everything else is hidden as for a build step.
        """
        env = {k: v for k, v in os.environ.items() if PASSED_TO_INSTALL.match(k)}
        env["npm_config_cache"] = str(npm_cache)
        if npmrc is not None:
            env["npm_config_userconfig"] = str(npmrc)
        return Sandbox(
            work=scratch, hidden=(*ALWAYS_HIDDEN, *self.hidden), writable=(npm_cache,),
            read_only=(npmrc,) if npmrc is not None else (), network=True, uid=None,
            limits=self.limits, env=env,
        )


def build_uid() -> int | None:
    """The uid this grader process's builds run as, or None when the grader is not root."""
    if os.geteuid() != 0:
        return None  # bwrap runs unprivileged; the step already has a non-root uid
    return UID_BASE + os.getpid() % UID_SPAN


def chown_tree(root: Path, uid: int) -> None:
    """Give `root` and everything under it to `uid`, never following a symlink out of it."""
    os.chown(root, uid, uid, follow_symlinks=False)
    for folder, dirs, files in os.walk(root):
        for name in (*dirs, *files):
            os.chown(os.path.join(folder, name), uid, uid, follow_symlinks=False)


def processes_of(uid: int) -> list[int]:
    """Pids of the running (not zombie) processes whose real uid is `uid` (a build's
    leftovers, if any)."""
    found = []
    for proc in psutil.process_iter(["uids", "status"]):
        uids, status = proc.info["uids"], proc.info["status"]
        if uids is not None and uids.real == uid and status != psutil.STATUS_ZOMBIE:
            found.append(proc.pid)
    return found


@functools.cache
def sandbox_problem() -> str | None:
    """Why sandboxed steps cannot run on this machine, or None when they can.

    Probed once per process by running the real composition on a throwaway folder.
    """
    for tool in ("bwrap", "prlimit", "setpriv"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian: apt-get install bubblewrap util-linux)"
    with tempfile.TemporaryDirectory(prefix="rvb-probe-") as tmp:
        work = Path(tmp)
        sandbox = Sandbox(work=work, uid=build_uid())
        sandbox.prepare()
        try:
            proc = subprocess.run(
                sandbox.command(["sh", "-c", "touch probe && ! touch /probe 2>/dev/null"]),
                env=sandbox.environment(), capture_output=True, text=True, timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"bwrap could not run: {exc}"
        if proc.returncode != 0 or not (work / "probe").is_file():
            return f"bwrap failed (status {proc.returncode}): {proc.stderr.strip()[-500:]}"
    return None


def sandbox_available() -> bool:
    return sandbox_problem() is None


def _outermost(paths: Iterable[Path]) -> list[Path]:
    """Existing folders, sorted, without duplicates or folders inside another (already hidden)."""
    kept: list[Path] = []
    for path in sorted({p for p in paths if p.is_absolute() and p != Path("/") and p.is_dir()}):
        if not any(k == path or k in path.parents for k in kept):
            kept.append(path)
    return kept


def _mount_point_parents(targets: Iterable[Path], tmpfs_roots: Sequence[Path]) -> list[Path]:
    """Folders bwrap would create between a tmpfs root and a bind target, outermost first."""
    made: list[Path] = []
    for target in targets:
        root = next((r for r in tmpfs_roots if r in target.parents), None)
        if root is None:
            continue
        for folder in reversed(target.parents):
            if root in folder.parents and folder not in made:
                made.append(folder)
    return made
