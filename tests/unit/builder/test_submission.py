from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.builder.submission import copy_source, digest, source_files


def make(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "App.tsx").write_text("export default 1;\n")
    (root / "src/a.ts").write_text("a\n")
    (root / "node_modules/x").mkdir(parents=True)
    (root / "node_modules/x/index.js").write_text("ignored\n")
    (root / "dist").mkdir()
    (root / "dist/index.html").write_text("built\n")
    return root


def test_source_files_skip_build_and_dependency_folders(tmp_path: Path) -> None:
    root = make(tmp_path / "app")
    assert [p.as_posix() for p in source_files(root)] == ["App.tsx", "src/a.ts"]


def test_digest_follows_content_not_build_output(tmp_path: Path) -> None:
    root = make(tmp_path / "app")
    first = digest(root)
    (root / "dist/index.html").write_text("rebuilt\n")
    assert digest(root) == first
    (root / "src/a.ts").write_text("b\n")
    assert digest(root) != first


def test_digest_sees_renames(tmp_path: Path) -> None:
    root = make(tmp_path / "app")
    first = digest(root)
    (root / "src/a.ts").rename(root / "src/b.ts")
    assert digest(root) != first


def test_copy_source_into_a_fresh_folder(tmp_path: Path) -> None:
    root = make(tmp_path / "app")
    copy_source(root, tmp_path / "work")
    assert digest(tmp_path / "work") == digest(root)
    assert not (tmp_path / "work/node_modules").exists()
    with pytest.raises(FileExistsError):
        copy_source(root, tmp_path / "work")
