"""Readable views of the UI trees a grade's checks judged, opened from its scorecard on demand.

A stored tree (`tests/<test>/<shot>.html`, `.xml`, gzip'd as `.gz` when large) is the page's
DOM or the phone's page source as one string: a browser would render the DOM, not show it, and
would download a `.gz`. So `write_grade_scorecard` writes, once per distinct tree the grade
cites, a small page under `scorecard-trees/` that shows its text, with a line break between tags
and indented by depth. The scorecard loads that page only when a reader opens the check's tree.
Measured on a whole budget grade (79 checks, 32 tree files, 20 distinct): the page is 161 KB;
its trees inlined would add 330 KB (each file once) to 710 KB (each check's).
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.app.evidence import sha256_text
from pytest_revylbench.records.grade import GradeRecord

TREE_VIEWS = "scorecard-trees"
"""The run folder's folder of tree views, written with the scorecard."""
_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)[^>]*?(/?)>")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})


@dataclass(frozen=True)
class TreeView:
    """One stored tree and the page that shows it."""

    stored: str
    """Report-relative path of the tree file as the check judged it (and grade.json binds)."""
    view: str
    """Report-relative path of its readable page (one per distinct tree)."""
    chars: int
    """Length of the tree's text."""
    sha256: str
    """`sha256:<hex>` of the stored file, as grade.json's evidence digests bind it."""


def read_tree(path: Path) -> str:
    """The text of a stored tree, unzipped when it was stored gzip'd."""
    return tree_text(path, path.read_bytes())


def tree_text(path: Path, data: bytes) -> str:
    """The text of the stored tree file `path` whose bytes are `data`."""
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def indented(tree: str) -> str:
    """`tree` with each tag on its own line, indented by its depth (text stays with its tag)."""
    lines = [line.strip() for line in re.sub(r">\s*<", ">\n<", tree).splitlines()]
    out, depth = [], 0
    for line in filter(None, lines):
        first = _TAG.match(line)
        closing = first is not None and first[1] == "/"
        depth = max(0, depth - closing)
        out.append("  " * depth + line)
        if first is None or closing or first[3] or first[2].lower() in _VOID:
            continue
        if f"</{first[2]}>".lower() not in line.lower():
            depth += 1
    return "\n".join(out)


def view_path(sha256: str) -> str:
    """Where the view of the stored tree with digest `sha256` goes, report-relative: checks
    that judged the same screen share it."""
    return f"{TREE_VIEWS}/{sha256.removeprefix('sha256:')[:16]}.html"


def cited_trees(record: GradeRecord, run_dir: Path) -> list[tuple[TreeView, str]]:
    """Each tree `record` cites that is in `run_dir`, sorted, with its (indented) text."""
    found = []
    for stored in sorted({e.tree for t in record.tests for e in t.evidence if e.tree}):
        path = run_dir / stored
        if not path.resolve().is_relative_to(run_dir.resolve()) or not path.is_file():
            continue
        data = path.read_bytes()
        digest, tree = sha256_text(data), tree_text(path, data)
        view = TreeView(stored=stored, view=view_path(digest), chars=len(tree), sha256=digest)
        found.append((view, indented(tree)))
    return found
