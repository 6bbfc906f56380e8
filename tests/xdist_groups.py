"""`xdist_group` marks that group again under pytest 9.2.

pytest-xdist 3.8 groups a test by appending `@<group>` to `item._nodeid`, a name pytest 9.2 no
longer reads (node IDs became structured, `item._id`). Nothing fails: every grouped test becomes
its own work unit, the two workers share a group's tests, and a module fixture behind a group
(eleven real grades for the leaderboard) is built once per worker and again whenever another
module's test runs between two of the group's (pytest-dev/pytest-xdist#1386, fixed by the open
pull request #1388). This hook writes the suffix where pytest 9.2 reads it, after xdist's own,
and does nothing where xdist's suffix took effect.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        suffix = f"@{'_'.join(names)}"
        node_id = getattr(item, "_id", None)
        if not names or node_id is None or item.nodeid.endswith(suffix):
            continue
        item._id = type(node_id).parse(item.nodeid + suffix)
