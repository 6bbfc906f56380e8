"""Undoing pytest's misreading of `--submission DIR` (and the other path options) as a test path.

pytest chooses its rootdir and ini file before plugins add their options, so in
`--submission DIR` (or `--reports DIR` …) it takes DIR for a test path and may root itself
there (or in the folder DIR shares with this one), or even read the settings of another
project above DIR.
"""

from __future__ import annotations

import pytest

from pytest_revylbench.plugin.options import PATH_OPTIONS


def undo_misread_path_options(config: pytest.Config) -> None:
    """Root pytest in the current folder again when a path option moved its rootdir; refuse
    when that also took another project's settings."""
    here = config.invocation_params.dir
    if config.rootpath == here or (config.inipath is not None and config.rootpath in here.parents):
        return
    for option in PATH_OPTIONS:
        value = config.getoption(option.dest)
        if value is None:
            continue
        folder = (here / str(value)).resolve()
        if config.rootpath != folder and config.rootpath not in folder.parents:
            continue
        if config.inipath is not None:
            raise pytest.UsageError(
                f"pytest read `{option.flag} {value}` as a test path and took its settings from "
                f"{config.inipath}; write `{option.flag}={value}` (with `=`) instead"
            )
        # No settings were picked up, only the rootdir moved: root pytest here again, so the
        # terminal shows each item's id (item_ids) rather than a path climbing out of this
        # folder to it, and pytest's cache stays out of DIR (a submission's digest would change).
        # pytest has no public setter: the rootdir is decided before any plugin can speak.
        config._rootpath = here
        cache = here / ".pytest_cache"
        config.option.override_ini = [*(config.option.override_ini or []), f"cache_dir={cache}"]
        return
