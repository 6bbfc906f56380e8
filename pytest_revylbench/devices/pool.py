"""Device pools: `devices/<name>.toml` says which devices a platform's tests may lease."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.tomlfiles import load_toml_model
from pytest_revylbench.records.vocabulary import Platform

Provider = Literal["web", "ios-simulator", "android-emulator", "remote"]
PROVIDER_PLATFORM: dict[Provider, tuple[Platform, ...]] = {
    "web": ("web",),
    "ios-simulator": ("ios",),
    "android-emulator": ("android",),
    "remote": ("web", "ios", "android"),
}
DEFAULT_POOLS: dict[Platform, str] = {
    "web": "local-web.toml", "ios": "ios-simulators.toml", "android": "android-emulators.toml",
}


class PoolError(Exception):
    """A pool file is missing or malformed; the message names the file and the field."""


class DeviceSpec(Record):
    """One device of a pool; which fields matter depends on the provider."""

    name: str
    """A stable name for reports and leases (`web-1`, `iPhone 16`, `Pixel_8_API_35`)."""
    udid: str | None = None
    """iOS simulator: an existing simulator's UDID; without it one is created."""
    device_type: str | None = None
    """iOS simulator: `simctl create` device type, e.g. `com.apple.CoreSimulator.SimDeviceType.iPhone-16`."""
    runtime: str | None = None
    """iOS simulator: `simctl create` runtime, e.g. `com.apple.CoreSimulator.SimRuntime.iOS-18-2`;
    without it, the newest iOS runtime installed."""
    avd: str | None = None
    """Android emulator: the AVD name given to `emulator -avd`."""
    port: int | None = None
    """Android emulator: console port (even, 5554 to 5682); the adb serial is `emulator-<port>`."""


class PoolSpec(Record):
    """A pool as declared in `devices/<name>.toml`."""

    version_schema: Literal[1] = Field(1, alias="schema")
    name: str
    provider: Provider
    count: int | None = Field(None, ge=1, le=64)
    """web: how many identical devices (each its own Appium server and browser)."""
    devices: tuple[DeviceSpec, ...] = ()
    """ios-simulator / android-emulator: the devices, by name."""
    hub_url: str | None = None
    """remote: the W3C endpoint of a Selenium Grid 4, appium-device-farm or cloud farm."""
    capacity: int | None = Field(None, ge=1, le=256)
    """remote: how many sessions the hub takes at once."""
    capabilities: dict[str, Any] = {}
    """Capabilities merged over the provider's own (e.g. `appium:platformVersion`)."""
    boot_timeout_s: float = Field(180.0, gt=0)
    """Seconds a device may take to boot and report ready."""
    ready_timeout_s: float = Field(30.0, gt=0)
    """Seconds a driver session may take to start."""
    lease_timeout_s: float = Field(600.0, gt=0)
    """Seconds a worker waits for a free device before the test ends as a bench fault."""

    @model_validator(mode="after")
    def _provider_fields(self) -> PoolSpec:
        if self.provider == "web" and self.count is None:
            raise ValueError("a web pool needs `count`")
        if self.provider in ("ios-simulator", "android-emulator") and not self.devices:
            raise ValueError(f"a {self.provider} pool needs at least one [[devices]] entry")
        if self.provider == "android-emulator":
            for device in self.devices:
                if not device.avd:
                    raise ValueError(f"device {device.name!r}: an android-emulator needs `avd`")
        if self.provider == "ios-simulator":
            for device in self.devices:
                if not device.udid and not device.device_type:
                    raise ValueError(
                        f"device {device.name!r}: give `udid`, or `device_type` (and `runtime`, "
                        "else the newest installed)"
                    )
        if self.provider == "remote" and not (self.hub_url and self.capacity):
            raise ValueError("a remote pool needs `hub_url` and `capacity`")
        return self

    @property
    def slots(self) -> tuple[str, ...]:
        """The names of the leasable devices, in order."""
        if self.provider == "web":
            return tuple(f"web-{n}" for n in range(1, (self.count or 0) + 1))
        if self.provider == "remote":
            return tuple(f"remote-{n}" for n in range(1, (self.capacity or 0) + 1))
        return tuple(d.name for d in self.devices)

    def device(self, slot: str) -> DeviceSpec:
        for device in self.devices:
            if device.name == slot:
                return device
        return DeviceSpec(name=slot)


BUILTIN_WEB_POOL = PoolSpec.model_validate({"name": "builtin-web", "provider": "web", "count": 1})


def load_pool(path: Path, platform: Platform) -> PoolSpec:
    """Read and validate a pool file for `platform`; errors name the file and the field."""
    pool = load_toml_model(path, PoolSpec, what="device pool file", error=PoolError)
    if platform not in PROVIDER_PLATFORM[pool.provider]:
        raise PoolError(
            f"{path}: field provider: {pool.provider!r} cannot run platform {platform!r}; "
            f"it runs {', '.join(PROVIDER_PLATFORM[pool.provider])}"
        )
    return pool
