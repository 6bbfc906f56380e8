"""The plugin's options, declared once: flag, ini twin, parser, default and help.

Each option is registered with argparse's `type=` (and `choices=`), so a bad command-line
value stops pytest while it parses its arguments; an ini value goes through the same parser
when it is read (`value`). The command line wins over the ini file, the ini file over the
default. Parsed values stay plain JSON-safe scalars (str, int, float): pytest-xdist sends the
parsed options to its workers, and paths are resolved later, by `GradeConfig.from_pytest`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import pytest

from pytest_revylbench.app.evidence import DEFAULT_EVIDENCE, EVIDENCE_MODES
from pytest_revylbench.devices.video import DEFAULT_VIDEO, DEFAULT_VIDEO_BUDGET_MB, VIDEO_MODES
from pytest_revylbench.devices.web import DEFAULT_ISOLATION, DEFAULT_PRESS, ISOLATIONS, PRESS_MODES
from pytest_revylbench.records.ledger import parse_time
from pytest_revylbench.records.vocabulary import PLATFORMS
from pytest_revylbench.scoring.pixel_audit import DEFAULT_RATE

T = TypeVar("T", str, int, float)


def text(value: str) -> str:
    """Any string, taken as it is."""
    return value


def positive_seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number > 0:
        raise ValueError(f"expected a positive number of seconds, got {value!r}")
    return number


def positive_megabytes(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number >= 0:
        raise ValueError(f"expected a number of megabytes, 0 or more, got {value!r}")
    return number


def share(value: str) -> float:
    """A share from 0 to 1."""
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"expected a share from 0 to 1, got {value!r}")
    return number


def whole_number(value: str) -> int:
    if not value.isdigit():
        raise ValueError(f"expected a whole number, 0 or more, got {value!r}")
    return int(value)


def iso_time(value: str) -> str:
    """An ISO time, written back with its offset to the second."""
    try:
        return parse_time(value).isoformat(timespec="seconds")
    except ValueError:
        raise ValueError(
            f"expected an ISO time such as 2026-11-30T09:00:00+00:00, got {value!r}"
        ) from None


def one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def choice(value: str) -> str:
        if value not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}; got {value!r}")
        return value

    return choice


@dataclass(frozen=True)
class Option(Generic[T]):
    """One `--flag VALUE` option and, unless `has_ini` is False, its ini twin named `dest`."""

    flag: str
    dest: str
    """The argparse destination, and the ini key."""
    help: str
    parse: Callable[[str], T]
    """Turns the written value into the typed one; raises ValueError saying what it expected."""
    default: str | None = None
    """As an ini file would write it (parsed like any ini value); None: unset."""
    choices: tuple[str, ...] | None = None
    is_path: bool = False
    """A folder or file: relative paths are resolved against the folder it was given in."""
    has_ini: bool = True
    metavar: str | None = None

    @property
    def ini(self) -> str:
        return self.dest

    def argparse_type(self, value: str) -> T:
        """`parse` as argparse wants it: a bad value is an ArgumentTypeError, which pytest
        reports as `argument --flag: <what was expected>, got <value>`."""
        try:
            return self.parse(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    def add_to(self, parser: pytest.Parser, group: pytest.OptionGroup) -> None:
        if self.has_ini:
            group.addoption(self.flag, dest=self.dest, default=None, type=self.argparse_type,
                            choices=self.choices, metavar=self.metavar or self.dest.upper(),
                            help=f"{self.help} [ini: {self.ini}]")
            parser.addini(self.ini, help=self.help, default=self.default)
        else:
            group.addoption(self.flag, dest=self.dest, default=None, type=self.argparse_type,
                            choices=self.choices, metavar=self.metavar or self.dest.upper(),
                            help=self.help)


@dataclass(frozen=True)
class Switch:
    """A `--flag` that turns something on, and its boolean ini twin named `dest`."""

    flag: str
    dest: str
    help: str
    ini_help: str

    def add_to(self, parser: pytest.Parser, group: pytest.OptionGroup) -> None:
        group.addoption(self.flag, dest=self.dest, action="store_true", default=False,
                        help=f"{self.help} [ini: {self.dest}]")
        parser.addini(self.dest, help=self.ini_help, type="bool", default=False)


TASK = Option("--task", "revylbench_task", "grade this task: run its hidden suite suites/<ID>/", text)
PLATFORM = Option("--platform", "revylbench_platform",
                  "platform to build for and run on: web, ios, android", one_of(PLATFORMS),
                  default="web", choices=PLATFORMS)
SUBMISSION = Option("--submission", "revylbench_submission", "folder with the submitted app's source",
                    text, is_path=True)
REPORTS = Option("--reports", "revylbench_reports", "folder for run reports (reports/<run-id>/)",
                 text, default="reports", is_path=True)
RUN_ID = Option("--run-id", "revylbench_run_id",
                "name of this run's report folder (default: UTC time)", text)
APPIUM_URL = Option("--appium-url", "revylbench_appium_url",
                    "use this Appium server instead of starting one", text)
CHECK_TIMEOUT = Option("--check-timeout", "revylbench_check_timeout",
                       "seconds a check polls before failing", positive_seconds, default="5")
BUILD_TIMEOUT = Option("--build-timeout", "revylbench_build_timeout",
                       "seconds a build may take in all (default: 600 web, 1800 android, "
                       "2700 ios)", positive_seconds)
TASKS_DIR = Option("--tasks-dir", "revylbench_tasks_dir", "folder of the public task definitions",
                   text, default="tasks", is_path=True)
SUITES_DIR = Option("--suites-dir", "revylbench_suites_dir", "folder of the hidden suites",
                    text, default="suites", is_path=True)
DEVICES_DIR = Option("--devices-dir", "revylbench_devices_dir", "folder of the default device pools",
                     text, default="devices", is_path=True)
CACHE_DIR = Option("--cache-dir", "revylbench_cache_dir",
                   "dependency and build cache (default: $REVYLBENCH_CACHE or ~/.cache/revylbench)",
                   text, is_path=True)
APPIUM_DIR = Option("--appium-dir", "revylbench_appium_dir",
                    "project-local Appium install (node_modules/.bin/appium and its APPIUM_HOME home/)",
                    text, default=".revylbench/appium", is_path=True)
FONTS_DIR = Option("--fonts-dir", "revylbench_fonts_dir",
                   "the project's install of the web device's pinned fonts (.ci/setup writes it)",
                   text, default=".revylbench/fonts", is_path=True)
ROLLOUT = Option("--rollout", "revylbench_rollout",
                 "append this grade to the rollout ledger DIR/ledger.jsonl, started with `revylbench "
                 "rollout start` (refused when not started, already ended or over budget)",
                 text, is_path=True)
AGENT_STARTED_AT = Option("--agent-started-at", "revylbench_agent_started_at",
                          "deprecated: the rollout's start record holds the agent's start "
                          "(`revylbench rollout start --agent-started-at`)", iso_time)
AGENT_SECONDS = Option("--agent-seconds", "revylbench_agent_seconds",
                       "agent working seconds so far, when the harness measures them itself",
                       positive_seconds)
DEVICE_POOL = Option("--device-pool", "revylbench_device_pool",
                     "device pool file (default: devices/local-web.toml, ios-simulators.toml or "
                     "android-emulators.toml for the platform)", text, is_path=True)
INFRA_RETRIES = Option("--infra-retries", "revylbench_infra_retries",
                       "times a test hit by a bench fault is run again on a fresh device",
                       whole_number, default="2")
INSTALL_RETRIES = Option("--install-retries", "revylbench_install_retries",
                         "times a dependency install that failed by the bench's fault (registry, "
                         "network, disk) is run again", whole_number, default="2")
INSTALL_BACKOFF = Option("--install-backoff", "revylbench_install_backoff",
                         "seconds before the first install retry; each later wait doubles (at most 60)",
                         positive_seconds, default="10")
SCHEME = Option("--scheme", "revylbench_scheme",
                "score with this reward scheme instead of the task's (stages, tiers, visual or a "
                "project's)", text)
LAUNCH_TIMEOUT = Option("--launch-timeout", "revylbench_launch_timeout",
                        "seconds a launch may take to render the first screen; past it the app hung "
                        "(app_hang)", positive_seconds, default="25")
COMMAND_TIMEOUT = Option("--command-timeout", "revylbench_command_timeout",
                         "web: seconds the app's page may hold one command of a test (a tap, a "
                         "probe, a screenshot); past it the app hung (app_hang)", positive_seconds,
                         default="20")
FUNCTIONAL_TIMEOUT = Option("--functional-timeout", "revylbench_functional_timeout",
                            "seconds each of the type-check and the hidden jest run may take; past "
                            "it the app hung", positive_seconds, default="240")
GRADE_TIMEOUT = Option("--grade-timeout", "revylbench_grade_timeout",
                       "seconds the whole grade may take; past it items not yet run end not_run "
                       "(timeout)", positive_seconds, default="900")
TIERS = Option("--tiers", "revylbench_tiers",
               "grade only these of the task's tiers, comma-separated (e.g. flow)", text)
ISOLATION = Option("--isolation", "revylbench_isolation",
                   "how the web device keeps tests apart: context (one Chromium per device for "
                   "the grade, wiped clean before each test) or browser (a new Chromium per test)",
                   one_of(ISOLATIONS), default=DEFAULT_ISOLATION, choices=ISOLATIONS)
PRESS = Option("--press", "revylbench_press",
               "how the web device presses a control: devtools (chromedriver's element click "
               "made with the same touch events over the grader's own DevTools socket) or driver "
               "(chromedriver's own click)", one_of(PRESS_MODES), default=DEFAULT_PRESS,
               choices=PRESS_MODES)
EVIDENCE = Option("--evidence", "revylbench_evidence",
                  "when evidence screenshots are taken: lazy (only before an action changes a "
                  "judged screen, at a failed check and at the end of a test; on the web at CSS "
                  "pixels) or eager (at every check whose screen changed, at the device's pixels)",
                  one_of(EVIDENCE_MODES), default=DEFAULT_EVIDENCE, choices=EVIDENCE_MODES)
VIDEO = Option("--video", "revylbench_video",
               "which tests keep a screen recording: off, on-failure (those that did not pass) "
               "or on (all)", one_of(VIDEO_MODES), default=DEFAULT_VIDEO, choices=VIDEO_MODES)
VIDEO_BUDGET = Option("--video-budget-mb", "revylbench_video_budget_mb",
                      "megabytes of video one grade keeps; past it videos are dropped, those of "
                      "passing tests first", positive_megabytes,
                      default=f"{DEFAULT_VIDEO_BUDGET_MB:g}", metavar="MB")
PIXEL_AUDIT = Option("--pixel-audit", "revylbench_pixel_audit",
                     "the share of the grade's passing text checks read back from their "
                     "screenshots with OCR (0 to 1; stability runs audit all): a check whose "
                     "element does not show its text is the agent fault tampered", share,
                     default=f"{DEFAULT_RATE:g}", metavar="SHARE")
ALLOW_UNTRUSTED_NATIVE = Switch(
    "--allow-untrusted-native", "revylbench_allow_untrusted_native",
    "build without the bubblewrap sandbox when it cannot run here; the grade is marked "
    "dev-untrusted", "build unsandboxed if need be")
ORACLE_OUT = Option("--oracle-out", "revylbench_oracle_out",
                    "store the run's visual checkpoint screenshots in DIR as the oracle instead of "
                    "scoring (used by `revylbench oracle`)", text, has_ini=False, metavar="DIR")
REBUILD = Switch("--rebuild", "revylbench_rebuild",
                 "build even if an identical earlier build is kept", "always build")

ALL: tuple[Option[str] | Option[int] | Option[float] | Switch, ...] = (
    TASK, PLATFORM, SUBMISSION, REPORTS, RUN_ID, APPIUM_URL, CHECK_TIMEOUT, BUILD_TIMEOUT,
    TASKS_DIR, SUITES_DIR, DEVICES_DIR, CACHE_DIR, APPIUM_DIR, FONTS_DIR, ROLLOUT,
    AGENT_STARTED_AT, AGENT_SECONDS, DEVICE_POOL, INFRA_RETRIES, INSTALL_RETRIES, INSTALL_BACKOFF,
    SCHEME, LAUNCH_TIMEOUT, COMMAND_TIMEOUT, FUNCTIONAL_TIMEOUT, GRADE_TIMEOUT, TIERS, ISOLATION, PRESS,
    EVIDENCE, VIDEO, VIDEO_BUDGET, PIXEL_AUDIT, ALLOW_UNTRUSTED_NATIVE, ORACLE_OUT, REBUILD,
)
"""Every option, in the order `pytest --help` lists them."""

PATH_OPTIONS: tuple[Option[Any], ...] = tuple(o for o in ALL if isinstance(o, Option) and o.is_path)
"""The options that name a folder or file."""


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("revylbench", "grading apps built by coding agents")
    for option in ALL:
        option.add_to(parser, group)


def from_command_line(config: pytest.Config, option: Option[T]) -> bool:
    """Whether the option was given on the command line (so it wins over the ini file)."""
    return config.getoption(option.dest) is not None


def value(config: pytest.Config, option: Option[T]) -> T | None:
    """The option's value: the command line's (parsed by argparse), else the ini file's or the
    default (parsed here); None when unset or empty."""
    given = config.getoption(option.dest)
    if given is not None:
        return None if given == "" else given
    if not option.has_ini:
        return None
    written = config.getini(option.ini)
    if written in (None, ""):
        return None
    try:
        return option.parse(str(written))
    except ValueError as exc:
        where = f" in {config.inipath}" if config.inipath else ""
        raise pytest.UsageError(f"ini {option.ini}{where} (or {option.flag}): {exc}") from None


def required(config: pytest.Config, option: Option[T]) -> T:
    """The value of an option that has a default; an empty one is refused."""
    result = value(config, option)
    if result is None:
        raise pytest.UsageError(f"{option.flag} (ini {option.ini}) is empty: give it a value")
    return result


def switch(config: pytest.Config, option: Switch) -> bool:
    """A switch is on when given on the command line or set true in the ini file."""
    return bool(config.getoption(option.dest) or config.getini(option.dest))
