"""Device failures, split by whose fault they are."""

from __future__ import annotations


class DeviceError(Exception):
    """The bench's fault: a server, driver or device did not work. Retried, never scored."""


class AppLaunchFailed(Exception):
    """The candidate's fault: the app was installed but did not come up."""

    def __init__(self, message: str, *, console: list[str] | None = None) -> None:
        super().__init__(message)
        self.console = console or []


class AppHung(Exception):
    """The candidate's fault: the app's page stopped answering (its script never yielded)."""

    def __init__(self, message: str, *, console: list[str] | None = None) -> None:
        super().__init__(message)
        self.console = console or []
