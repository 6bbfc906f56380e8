"""Whose failure a failed `npm ci` is: each rule on the output npm 11 really printed."""

# ruff: noqa: E501  (npm's output is kept verbatim, long lines included)

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.builder.install_faults import (
    configured_registries,
    diagnose_install,
    is_retried,
    lockfile_hosts,
    read_npm_failure,
    wants_fresh_npm_cache,
)

STEP = "install dependencies"
REGISTRY = ("registry.npmjs.org",)

# Captured from `npm ci --ignore-scripts --loglevel=error` (npm 11.19.1, Node 20).
REFUSED = """\
npm error code ECONNREFUSED
npm error syscall connect
npm error errno ECONNREFUSED
npm error FetchError: request to http://127.0.0.1:9/is-number failed, reason: connect ECONNREFUSED 127.0.0.1:9
npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)
npm error   code: 'ECONNREFUSED',
npm error   port: 9,
npm error }
npm error
npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.  See: 'npm help config'
npm error A complete log of this run can be found in: /tmp/c/_logs/2026-12-01T06_24_00_910Z-debug-0.log
"""
UNAVAILABLE = """\
npm error code E503
npm error 503 Service Unavailable - GET http://127.0.0.1:18503/is-number
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
RATE_LIMITED = """\
npm error code E429
npm error 429 Too Many Requests - GET http://127.0.0.1:18505/is-number
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
HUNG = """\
npm error code FETCH_ERROR
npm error errno FETCH_ERROR
npm error network timeout at: http://127.0.0.1:18504/is-number
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
OUT_OF_SYNC = """\
npm error code EUSAGE
npm error
npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.
npm error
npm error Invalid: lock file's is-number@7.0.99 does not satisfy is-number@7.0.0
npm error
npm error Clean install a project
npm error
npm error Usage:
npm error npm ci
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
NO_SUCH_VERSION = """\
npm error code ETARGET
npm error notarget No matching version found for is-number@7.0.99.
npm error notarget In most cases you or one of your dependencies are requesting a package version that doesn't exist.
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
NOT_FOUND = """\
npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/is-number/-/is-number-7.0.99.tgz
npm error 404
npm error 404  The requested resource 'is-number@https://registry.npmjs.org/is-number/-/is-number-7.0.99.tgz' could not be found or you do not have permission to access it.
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""
INTEGRITY = """\
npm error code EINTEGRITY
npm error Integrity checksum failed when using sha512: wanted sha512-51Ci... but got sha512-41Ci....
npm error A complete log of this run can be found in: /tmp/c/_logs/x-debug-0.log
"""


def enotfound(host: str, url: str) -> str:
    return (
        "npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error errno ENOTFOUND\n"
        f"npm error network request to {url} failed, reason: getaddrinfo ENOTFOUND {host}\n"
        "npm error network This is a problem related to network connectivity.\n"
    )


def diagnose(
    output: str, *, exit_code: int | None = 1, chosen_hosts: tuple[str, ...] = (),
) -> tuple[str, str]:
    found = diagnose_install(output, step=STEP, exit_code=exit_code, registries=REGISTRY,
                             chosen_hosts=chosen_hosts)
    return found.party, found.code


@pytest.mark.parametrize(("output", "code"), [
    (REFUSED, "ECONNREFUSED"), (UNAVAILABLE, "E503"), (RATE_LIMITED, "E429"), (HUNG, "FETCH_ERROR"),
    ("npm error code ECONNRESET\nnpm error network aborted\n", "ECONNRESET"),
    ("npm error code ETIMEDOUT\n", "ETIMEDOUT"), ("npm error code EAI_AGAIN\n", "EAI_AGAIN"),
    ("npm error code E502\nnpm error 502 Bad Gateway - GET https://registry.npmjs.org/x\n", "E502"),
    ("npm error code ENOSPC\nnpm error syscall write\nnpm error nospc ENOSPC: no space left on device\n",
     "ENOSPC"),
    (enotfound("registry.npmjs.org", "https://registry.npmjs.org/is-number"), "ENOTFOUND"),
])
def test_a_failing_registry_network_or_disk_is_the_bench_s_and_retried(output: str, code: str) -> None:
    diagnosis = diagnose_install(output, step=STEP, exit_code=1, registries=REGISTRY)
    assert (diagnosis.party, diagnosis.code, diagnosis.quarantined) == ("bench", code, False)
    assert is_retried(diagnosis)
    assert diagnosis.evidence.startswith(f"npm error code {code}")


@pytest.mark.parametrize(("output", "code", "says"), [
    (OUT_OF_SYNC, "EUSAGE", "out of sync"),
    (NO_SUCH_VERSION, "ETARGET", "version the registry does not have"),
    (NOT_FOUND, "E404", "package or version the registry does not have"),
    ("npm error code EJSONPARSE\nnpm error path /w/package.json\nnpm error JSON.parse Unexpected token\n",
     "EJSONPARSE", "not valid JSON"),
])
def test_what_the_lockfile_names_is_the_agent_s(output: str, code: str, says: str) -> None:
    diagnosis = diagnose_install(output, step=STEP, exit_code=1, registries=REGISTRY)
    assert (diagnosis.party, diagnosis.code) == ("agent", code)
    assert says in diagnosis.rule
    assert not is_retried(diagnosis)


def test_the_evidence_is_npm_s_code_line_and_its_explanation() -> None:
    diagnosis = diagnose_install(OUT_OF_SYNC, step=STEP, exit_code=1, registries=REGISTRY)
    assert diagnosis.evidence.splitlines() == [
        "npm error code EUSAGE",
        "npm error `npm ci` can only install packages when your package.json and package-lock.json "
        "or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` "
        "before continuing.",
        "npm error Invalid: lock file's is-number@7.0.99 does not satisfy is-number@7.0.0",
    ]
    assert diagnose_install(NO_SUCH_VERSION, step=STEP, exit_code=1).evidence == (
        "npm error code ETARGET\nnpm error notarget No matching version found for is-number@7.0.99."
    )
    assert read_npm_failure(REFUSED).messages[0].startswith("FetchError: request to http://127.0.0.1:9/")


def test_an_integrity_failure_is_checked_again_with_an_empty_cache_before_it_is_charged() -> None:
    first = diagnose_install(INTEGRITY, step=STEP, exit_code=1, registries=REGISTRY)
    assert first.party == "bench" and is_retried(first) and wants_fresh_npm_cache(first)
    again = diagnose_install(INTEGRITY, step=STEP, exit_code=1, registries=REGISTRY,
                             fresh_npm_cache=True)
    assert (again.party, again.code) == ("agent", "EINTEGRITY")


def test_a_file_error_inside_npm_s_cache_is_the_bench_s_and_retried_with_an_empty_cache() -> None:
    output = ("npm error code EACCES\nnpm error syscall open\n"
              "npm error path /root/.npm/_cacache/index-v5/3f/aa/0123\n"
              "npm error errno -13\nnpm error Your cache folder contains root-owned files\n")
    diagnosis = diagnose_install(output, step=STEP, exit_code=243, registries=REGISTRY)
    assert (diagnosis.party, diagnosis.code) == ("bench", "EACCES")
    assert wants_fresh_npm_cache(diagnosis)


def test_enotfound_is_the_agent_s_only_for_a_host_the_lockfile_chose() -> None:
    other = enotfound("tarballs.no-such-host.invalid", "https://tarballs.no-such-host.invalid/x.tgz")
    assert diagnose(other, chosen_hosts=("tarballs.no-such-host.invalid",)) == ("agent", "ENOTFOUND")
    # A host the lockfile does not name (a registry set in a config we did not read): never charged.
    assert diagnose(other) == ("bench", "ENOTFOUND")
    registry = enotfound("registry.npmjs.org", "https://registry.npmjs.org/x")
    assert diagnose(registry, chosen_hosts=("registry.npmjs.org",)) == ("bench", "ENOTFOUND")


def test_an_unrecognised_failure_is_quarantined_as_the_bench_s() -> None:
    diagnosis = diagnose_install("npm error code EWEIRD\nnpm error something odd\n", step=STEP,
                                 exit_code=1, registries=REGISTRY)
    assert (diagnosis.party, diagnosis.code, diagnosis.quarantined) == ("bench", "EWEIRD", True)
    silent = diagnose_install("Segmentation fault\n", step=STEP, exit_code=1)
    assert (silent.party, silent.code, silent.quarantined) == ("bench", "exit 1", True)
    assert silent.evidence == "Segmentation fault"
    assert diagnose(
        "npm error code E403\nnpm error 403 Forbidden - GET https://registry.npmjs.org/x\n"
    ) == ("bench", "E403")


def test_a_killed_npm_a_hang_and_a_sandbox_that_cannot_start_are_the_bench_s() -> None:
    assert diagnose("", exit_code=-9) == ("bench", "SIGKILL")
    assert diagnose("", exit_code=137) == ("bench", "SIGKILL")
    hang = diagnose_install("", step=STEP, exit_code=None, timed_out=True)
    assert (hang.party, hang.code) == ("bench", "timeout") and not is_retried(hang)
    bwrap = diagnose_install("bwrap: Can't mount tmpfs on /newroot/x: No such device\n", step=STEP,
                             exit_code=1)
    assert (bwrap.party, bwrap.code) == ("bench", "sandbox") and not is_retried(bwrap)


def test_a_sandbox_disk_limit_while_unpacking_is_the_agent_s() -> None:
    assert diagnose("", exit_code=None) == ("agent", "limit")


def test_the_configured_registry_comes_from_the_environment_then_the_user_npmrc(tmp_path: Path) -> None:
    assert configured_registries({}, None) == ("registry.npmjs.org",)
    assert configured_registries({"npm_config_registry": "http://127.0.0.1:9/"}, None) == ("127.0.0.1",)
    npmrc = tmp_path / ".npmrc"
    npmrc.write_text("registry=https://mirror.example/npm/\n@acme:registry=https://npm.acme.test/\n")
    assert configured_registries({}, npmrc) == ("mirror.example", "npm.acme.test")
    assert configured_registries({"NPM_CONFIG_REGISTRY": "http://r.test/"}, npmrc) == (
        "npm.acme.test", "r.test")


def test_the_hosts_a_lockfile_chose() -> None:
    lock = '{"packages": {"node_modules/a": {"resolved": "https://codeload.github.com/a/b"}, ' \
           '"node_modules/c": {"resolved": "https://registry.npmjs.org/c/-/c-1.0.0.tgz"}}}'
    assert lockfile_hosts(lock) == ("codeload.github.com", "registry.npmjs.org")
