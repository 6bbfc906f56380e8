"""The bench's own words: what the builder, the source checks and the feedback write. They can
never be a secret of a suite, and the leak guard counts them as public text of every task.

A 12-character window that a hidden file happens to share with a message the bench writes
anyway reveals nothing of the file, yet the guard withheld such messages: the install's
EUSAGE reason (`install dependencies: package.json and …` against the certificate's
`"dependencies": "pass"`), a fixed message against a component test's comment
(`time limit.`). The words are read from the modules that write them (their string literals
and the literal parts of their f-strings, docstrings aside), so a new rule or reason is
covered when it is written; the install's reasons are also composed as a grade records them,
for every npm code it knows, since a window may span a step's name and its rule.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from pytest_revylbench.builder.deps import STEP as INSTALL_STEP
from pytest_revylbench.builder.deps import install_reason
from pytest_revylbench.builder.install_faults import (
    AGENT_CODES,
    HOST_CODES,
    NETWORK_CODES,
    diagnose_install,
)

PACKAGE = Path(__file__).resolve().parents[1]
MESSAGE_MODULES = ("builder/*.py", "checks/*.py", "checks/jest/*.py", "outputs/feedback.py",
                   "plugin/outcomes.py", "plugin/collection.py", "plugin/fixtures.py")
"""Where the bench's diagnoses, reasons and fault explanations are written (read as text,
never imported: plugin/ is above this layer)."""


def literals(path: Path) -> list[str]:
    """The string literals of a module and the literal parts of its f-strings, docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def install_reasons() -> list[str]:
    """Each failed install's reason as the build records it (`install dependencies: <rule>…`),
    for every npm code the install knows and one it does not."""
    reasons = []
    for code in sorted({*AGENT_CODES, *NETWORK_CODES, *HOST_CODES, "EUNKNOWN"}):
        diagnosis = diagnose_install(
            f"npm error code {code}\n", step=INSTALL_STEP, exit_code=1, timed_out=False,
            registries=(), chosen_hosts=(), fresh_npm_cache=True)
        reasons.append(f"{INSTALL_STEP}: {install_reason(diagnosis, 1)}")
    return reasons


@functools.lru_cache(maxsize=1)
def bench_words() -> tuple[str, ...]:
    """Every text the bench writes for a grade, sorted, without repeats."""
    words = {text for pattern in MESSAGE_MODULES for path in sorted(PACKAGE.glob(pattern))
             for text in literals(path)}
    return tuple(sorted(words | set(install_reasons())))
