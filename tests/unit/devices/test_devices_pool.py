"""Pool files and leases, without devices: the rules workers share through the file system."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.proctree import running
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.lease import LeaseBoard
from pytest_revylbench.devices.pool import PoolError, load_pool

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("file", "platform", "slots"),
    [("local-web.toml", "web", ("web-1", "web-2")),
     ("ios-simulators.toml", "ios", ("iPhone 16 (a)", "iPhone 16 (b)")),
     ("android-emulators.toml", "android", ("pixel-a", "pixel-b")),
     ("remote-hub.toml", "android", ("remote-1", "remote-2", "remote-3", "remote-4"))],
)
def test_shipped_pools_are_valid(file: str, platform: str, slots: tuple[str, ...]) -> None:
    assert load_pool(REPO / "devices" / file, platform).slots == slots  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('schema = 1\nname = "p"\nprovider = "web"\n', "a web pool needs `count`"),
        ('schema = 1\nname = "p"\nprovider = "web"\ncount = 0\n',
         "field count: Input should be greater than or equal to 1"),
        ('schema = 1\nname = "p"\nprovider = "fax"\ncount = 1\n',
         "field provider: Input should be 'web', 'ios-simulator', 'android-emulator' or 'remote'"),
        ('schema = 1\nname = "p"\nprovider = "remote"\nhub_url = "http://h"\n',
         "a remote pool needs `hub_url` and `capacity`"),
        ('schema = 1\nname = "p"\nprovider = "android-emulator"\n[[devices]]\nname = "a"\n',
         "device 'a': an android-emulator needs `avd`"),
    ],
)
def test_bad_pool_files_name_file_and_field(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "pool.toml"
    path.write_text(body)
    with pytest.raises(PoolError) as info:
        load_pool(path, "web")
    assert str(path) in str(info.value) and message in str(info.value)


def test_a_pool_for_another_platform_is_refused() -> None:
    with pytest.raises(PoolError, match="'ios-simulator' cannot run platform 'web'"):
        load_pool(REPO / "devices/ios-simulators.toml", "web")


def _hold(folder: str, seconds: float, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    board = LeaseBoard(Path(folder), ("a",), timeout_s=5)
    lease = board.acquire("other process")
    queue.put(lease.slot)
    time.sleep(seconds)
    lease.release()


def test_a_device_is_never_leased_twice_and_waiting_is_bounded(tmp_path: Path) -> None:
    queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    other = multiprocessing.Process(target=_hold, args=(str(tmp_path), 1.5, queue))
    other.start()
    assert queue.get(timeout=10) == "a"
    said: list[str] = []
    board = LeaseBoard(tmp_path, ("a",), timeout_s=0.5, say=said.append)
    with pytest.raises(DeviceError, match="no device became free within 0s; held: a by other process"):
        board.acquire("me")
    assert said == ["me: all 1 devices are leased; waiting up to 0s for one"]
    patient = LeaseBoard(tmp_path, ("a",), timeout_s=10)
    lease = patient.acquire("me")  # granted once the other process lets go
    assert lease.waited_s > 0.3
    lease.release()
    other.join()


def test_a_dead_holder_frees_its_lease_and_its_processes(tmp_path: Path) -> None:
    code = (
        "import sys, time, subprocess\n"
        "from pathlib import Path\n"
        "from pytest_revylbench.devices.lease import LeaseBoard\n"
        "b = LeaseBoard(Path(sys.argv[1]), ('a',), timeout_s=5)\n"
        "b.acquire('doomed')\n"
        "p = subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
        "b.own_processes('a', p.pid)\n"
        "print(p.pid, flush=True)\n"
        "time.sleep(300)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE,
                              text=True)
    orphan = int(holder.stdout.readline())  # type: ignore[union-attr]
    holder.kill()
    holder.wait()
    board = LeaseBoard(tmp_path, ("a",), timeout_s=5)
    lease = board.acquire("heir")
    events = [json.loads(line)["event"] for line in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert events == ["acquire", "recover-stale", "acquire"]
    deadline = time.monotonic() + 10   # a SIGKILL ends a process once it is next scheduled
    while running(orphan) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not running(orphan)
    lease.release()


def test_quarantined_devices_are_skipped_by_everyone(tmp_path: Path) -> None:
    board = LeaseBoard(tmp_path, ("a", "b"), timeout_s=1)
    board.quarantine("a", "failed its health check")
    assert LeaseBoard(tmp_path, ("a", "b"), timeout_s=1).acquire("w").slot == "b"
    board.quarantine("b", "also broken")
    with pytest.raises(DeviceError, match="every device of the pool is quarantined"):
        board.acquire("w2")
    assert os.path.exists(tmp_path / "a.quarantined")
