"""`python -m pytest_revylbench.cli`: the `revylbench` command."""

from __future__ import annotations

from pytest_revylbench.cli import main

raise SystemExit(main())
