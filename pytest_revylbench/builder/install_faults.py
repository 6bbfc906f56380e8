"""Whose failure a failed `npm ci` is, read from npm's own error code and exit status.

npm ends a failure with `npm error code EXXX` (npm 7 to 10: `npm ERR! code EXXX`): an HTTP
answer becomes `E<status>` (`E404`, `E503`), a system error keeps its name (`ECONNREFUSED`,
`ENOSPC`). The agent owns `package.json` and `package-lock.json`, so what they name is the
agent's; the grader owns the registry, the network, the disk and npm's cache, so their
failures are the bench's. A failure no rule recognises is quarantined as the bench's:
the agent is never charged for something the bench cannot explain.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from pytest_revylbench.records.build import StepDiagnosis

DEFAULT_REGISTRY = "https://registry.npmjs.org/"

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_CODE_LINE = re.compile(r"^npm (?:error|ERR!) code (\S+)\s*$")
_ERROR_LINE = re.compile(r"^npm (?:error|ERR!) ?(.*)$")
_URL = re.compile(r"https?://[^\s'\"<>]+")
_ENOTFOUND_HOST = re.compile(r"ENOTFOUND\s+([A-Za-z0-9.\-]+)")
_HTTP = re.compile(r"^E(\d{3})$")
_NPM_CACHE_PATH = re.compile(r"/_cacache/|/_logs/|/_npx/")

AGENT_CODES: Mapping[str, str] = {
    "EUSAGE": "package.json and package-lock.json are missing, invalid or out of sync (npm ci "
              "installs only from a lockfile that matches package.json)",
    "EJSONPARSE": "package.json or package-lock.json is not valid JSON",
    "E404": "the lockfile names a package or version the registry does not have",
    "ETARGET": "the lockfile names a version the registry does not have",
    "EINTEGRITY": "a package's contents do not match the lockfile's integrity hash (checked "
                  "again with an empty npm cache, so it is not a corrupt cache entry of ours)",
    "EBADPLATFORM": "the lockfile requires a package that does not install on this platform",
    "EINVALIDPACKAGENAME": "package.json names an invalid package",
    "EINVALIDTAGNAME": "package.json names an invalid version or tag",
    "EUNSUPPORTEDPROTOCOL": "package.json names a dependency by a protocol npm does not support",
}
"""npm codes that mean the submission's package.json or lockfile is at fault."""

NETWORK_CODES: Mapping[str, str] = {
    "ECONNREFUSED": "the registry refused the connection",
    "ECONNRESET": "the registry's connection was reset",
    "ETIMEDOUT": "the connection to the registry timed out",
    "ESOCKETTIMEDOUT": "the connection to the registry timed out",
    "ERR_SOCKET_TIMEOUT": "the connection to the registry timed out",
    "ECONNABORTED": "the connection to the registry was aborted",
    "EAI_AGAIN": "the registry's name could not be looked up (temporary DNS failure)",
    "ENOTFOUND": "the configured registry's name does not resolve",
    "ENETUNREACH": "the network is unreachable",
    "EHOSTUNREACH": "the registry's host is unreachable",
    "EPIPE": "the connection to the registry broke",
    "EPROTO": "the registry's TLS connection failed",
    "ERR_TLS_CERT_ALTNAME_INVALID": "the registry's TLS certificate does not match its name",
    "CERT_HAS_EXPIRED": "the registry's TLS certificate has expired",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE": "the registry's TLS certificate cannot be verified",
    "SELF_SIGNED_CERT_IN_CHAIN": "the registry's TLS certificate cannot be verified",
    "UNABLE_TO_GET_ISSUER_CERT_LOCALLY": "the registry's TLS certificate cannot be verified",
}
"""npm codes that mean the registry or the network failed: the bench's, retried."""

HOST_CODES: Mapping[str, str] = {
    "ENOSPC": "the grader's disk is full",
    "EDQUOT": "the grader's disk quota is used up",
    "EMFILE": "the grader ran out of file descriptors",
    "ENFILE": "the grader's system ran out of file descriptors",
    "ENOMEM": "the grader's machine ran out of memory",
}
"""npm codes that mean the grading machine ran out of something: the bench's, retried."""

CACHE_CODES = frozenset({"EACCES", "EPERM", "ENOENT", "EEXIST", "EJSONPARSE", "EINTEGRITY",
                         "EISDIR", "ENOTDIR", "EBADF"})
"""File errors that, on a path inside npm's cache, mean the cache is damaged: the bench's."""


@dataclass(frozen=True)
class NpmFailure:
    """What npm said when it failed: its code and the lines around it."""

    code: str
    """The `npm error code` value; empty when npm printed none."""
    lines: tuple[str, ...]
    """Every `npm error` line of the last failure, prefix removed, in order."""

    @property
    def before_usage(self) -> tuple[str, ...]:
        """The lines before npm's usage text (after a usage error it prints the command's
        whole help, longer than any log tail)."""
        cut = next((n for n, line in enumerate(self.lines) if line.strip() == "Usage:"),
                   len(self.lines))
        return self.lines[:cut]

    @property
    def messages(self) -> tuple[str, ...]:
        """npm's lines that say what went wrong: not its code/errno/syscall lines, stack
        frames, usage text or log-file notice."""
        said: list[str] = []
        for line in self.before_usage:
            text = line.strip()
            if not text or re.fullmatch(r"(notarget|404|network)", text) or re.match(
                    r"^(code|errno|syscall|path|dest|at|type|address|port)\b", text):
                continue
            if text.startswith(("A complete log", "Log files were not written", "Clean install",
                                "Usage:", "npm ci", "[", "--", "{", "}", "aliases:", "Run ",
                                "Options:")):
                continue
            said.append(text)
        return tuple(said)

    def evidence(self) -> str:
        """The code line, npm's first explanation and, for a lockfile npm ci refuses, its
        `Invalid:`/`Missing:` line naming the package."""
        said = self.messages
        picked = list(said[:1]) + [s for s in said[1:] if s.startswith(("Invalid:", "Missing:"))][:1]
        head = [f"npm error code {self.code}"] if self.code else []
        return "\n".join(head + [f"npm error {line}" for line in picked])


    def shown(self, limit: int = 30) -> str:
        """npm's own error lines, as a log tail shows them: the code line and what follows,
        without its usage text and its log-file notice (a path in the grader's home)."""
        kept = [line.rstrip() for line in self.before_usage
                if not line.strip().startswith(NOT_SHOWN)]
        while kept and not kept[-1]:
            kept.pop()
        head = [f"npm error code {self.code}"] if self.code else []
        return "\n".join(head + [f"npm error {line}".rstrip() for line in kept][:limit])


NOT_SHOWN = ("A complete log", "Log files were not written", "Clean install")
"""npm's lines a log tail leaves out: its log-file notice and its command's one-line help."""


def read_npm_failure(output: str) -> NpmFailure:
    """npm's error code and its `npm error` lines, from the output of one npm command."""
    code = ""
    lines: list[str] = []
    for raw in _ANSI.sub("", output).splitlines():
        line = raw.rstrip()
        found = _CODE_LINE.match(line)
        if found:  # a later failure (npm retries nothing itself here) replaces an earlier one
            code, lines = found.group(1), []
            continue
        error = _ERROR_LINE.match(line)
        if error:
            lines.append(error.group(1))
    return NpmFailure(code=code, lines=tuple(lines))


def configured_registries(env: Mapping[str, str], userconfig: Path | None) -> tuple[str, ...]:
    """Host names of the registries npm is configured with (default and scoped) under `env`.

    npm reads `npm_config_registry` (any case) before the user's `.npmrc`; the submission's
    own `.npmrc` never reaches the install (only package.json and the lockfile are copied).
    """
    default = ""
    urls: list[str] = []
    for key, value in sorted(env.items()):
        lowered = key.lower()
        if lowered == "npm_config_registry":
            default = value
        elif lowered.startswith("npm_config_@") and lowered.endswith(":registry"):
            urls.append(value)
    for line in _read(userconfig).splitlines():
        key, _, value = (part.strip() for part in line.partition("="))
        if key == "registry":
            default = default or value
        elif key.endswith(":registry"):
            urls.append(value)
    urls.append(default or DEFAULT_REGISTRY)
    hosts = {(urlsplit(url).hostname or "").lower() for url in urls}
    return tuple(sorted(host for host in hosts if host))


def lockfile_hosts(lock_text: str) -> tuple[str, ...]:
    """Hosts the lockfile's `resolved` URLs name: the hosts the agent chose to fetch from."""
    found = re.findall(r'"resolved"\s*:\s*"(https?://[^"]+)"', lock_text)
    return tuple(sorted({(urlsplit(url).hostname or "").lower() for url in found} - {""}))


def _read(path: Path | None) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace") if path else ""
    except OSError:
        return ""


def _host_named(failure: NpmFailure) -> str:
    """The host a network error names: `getaddrinfo ENOTFOUND host`, else the first URL's."""
    for line in failure.lines:
        found = _ENOTFOUND_HOST.search(line)
        if found:
            return found.group(1).lower()
    for line in failure.lines:
        url = _URL.search(line)
        if url:
            return (urlsplit(url.group(0)).hostname or "").lower()
    return ""


def signal_name(status: int) -> str:
    """The signal an exit status stands for (negative: Python's; above 128: the shell's)."""
    number = -status if status < 0 else status - 128
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def diagnose_install(
    output: str, *, step: str, exit_code: int | None, timed_out: bool = False,
    registries: tuple[str, ...] = (), chosen_hosts: tuple[str, ...] = (),
    fresh_npm_cache: bool = False,
) -> StepDiagnosis:
    """Whose failure one failed `npm ci` is, by the first rule that applies.

    `output` is what that npm run printed; `exit_code` its status (None: stopped by a time
    or sandbox limit); `registries` the configured registry hosts; `chosen_hosts` the hosts
    the lockfile itself names; `fresh_npm_cache`: the run used a private, empty npm cache
    (so an integrity failure there is not a corrupt entry of ours).
    """
    def bench(rule: str, code: str, evidence: str, *, quarantined: bool = False) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="bench", rule=rule, code=code, evidence=evidence,
                             quarantined=quarantined)

    def agent(rule: str, code: str, evidence: str) -> StepDiagnosis:
        return StepDiagnosis(step=step, party="agent", rule=rule, code=code, evidence=evidence)

    if timed_out:
        return bench("the install did not finish within the build's time limit (a slow or "
                     "hanging registry)", "timeout", "")
    failure = read_npm_failure(output)
    code, evidence = failure.code, failure.evidence()
    if exit_code is None:
        # Stopped by a sandbox limit (output size, work-folder size) while unpacking what the
        # lockfile names: the packages it chose are too big.
        return agent("the packages the lockfile names exceed the sandbox's disk limits", "limit",
                     "")
    sandbox_error = next((line for line in _ANSI.sub("", output).splitlines()
                          if line.startswith(("bwrap:", "prlimit:", "setpriv:"))), "")
    if sandbox_error:
        return bench("the sandbox could not start the install", "sandbox", sandbox_error)
    if exit_code < 0 or (exit_code > 128 and not code):
        name = signal_name(exit_code)
        return bench(f"npm was killed by {name}, not by the grader's time limit (npm runs no "
                     "submission code: --ignore-scripts)", name, evidence)
    in_cache = any(_NPM_CACHE_PATH.search(line) for line in failure.lines)
    if code in CACHE_CODES and in_cache and not fresh_npm_cache:
        return bench("npm's cache (the grader's) is damaged: a file error inside it", code, evidence)
    if code == "EINTEGRITY" and not fresh_npm_cache:
        return bench("an integrity failure that may be a corrupt entry of the grader's npm "
                     "cache: checked again with an empty one", code, evidence)
    if code in AGENT_CODES:
        return agent(AGENT_CODES[code], code, evidence)
    if code in HOST_CODES:
        return bench(HOST_CODES[code], code, evidence)
    if code in NETWORK_CODES:
        host = _host_named(failure)
        if code == "ENOTFOUND" and host in chosen_hosts and host not in registries:
            return agent(f"the lockfile names a host that does not resolve ({host}), not the "
                         f"configured registry ({', '.join(registries) or 'npm default'})",
                         code, evidence)
        return bench(NETWORK_CODES[code], code, evidence)
    http = _HTTP.match(code)
    if http and (int(http.group(1)) >= 500 or http.group(1) == "429"):
        what = "is rate-limiting the grader (429)" if http.group(1) == "429" \
            else f"failed with HTTP {http.group(1)}"
        return bench(f"the registry {what}", code, evidence)
    if code == "FETCH_ERROR" or code.startswith("ERR_"):
        text = " ".join(failure.lines).lower()
        if "timeout" in text or "timed out" in text:
            return bench("a request to the registry timed out", code, evidence)
        if any(c.lower() in text for c in NETWORK_CODES):
            return bench("the registry could not be reached", code, evidence)
    text = " ".join(failure.lines)
    for host_code, rule in HOST_CODES.items():
        if host_code in text:
            return bench(rule, host_code, evidence)
    return bench("npm failed in a way no rule recognises: quarantined as the bench's, never "
                 "charged to the agent", code or f"exit {exit_code}", evidence or _last_lines(output),
                 quarantined=True)


def is_retried(diagnosis: StepDiagnosis) -> bool:
    """Bench faults are retried, except a hang (the time limit is spent) and a sandbox that
    cannot start (it will not start the next time either)."""
    return diagnosis.party == "bench" and diagnosis.code not in ("timeout", "sandbox")


def wants_fresh_npm_cache(diagnosis: StepDiagnosis) -> bool:
    """The retry should bypass the grader's npm cache (a suspected corrupt entry)."""
    return diagnosis.party == "bench" and (
        diagnosis.code == "EINTEGRITY" or diagnosis.rule.startswith("npm's cache")
    )


def _last_lines(output: str, count: int = 3) -> str:
    lines = [line for line in _ANSI.sub("", output).strip().splitlines() if line.strip()]
    return "\n".join(lines[-count:])


def npm_userconfig(env: Mapping[str, str]) -> Path | None:
    """The user `.npmrc` npm reads under `env`."""
    for key, value in env.items():
        if key.lower() == "npm_config_userconfig" and value:
            return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    path = Path(home) / ".npmrc"
    return path if path.is_file() else None
