"""The artifact store keeps every platform's build as its device needs it: a web bundle
folder, an iOS `.app` folder under its own name, an Android `.apk` file with the
`output-metadata.json` the device reads its application id from."""

from __future__ import annotations

import json
import plistlib
from pathlib import Path

from pytest_revylbench.builder.artifacts import ArtifactStore
from pytest_revylbench.devices.android import application_id
from pytest_revylbench.devices.ios import bundle_id
from pytest_revylbench.devices.remote import _payload
from pytest_revylbench.records.build import BuildResult


def built(work: Path, artifact: Path) -> BuildResult:
    return BuildResult(ok=True, seconds=1.0, log_path="build.log",
                       artifact=str(artifact.relative_to(work)))


def keep(tmp_path: Path, work: Path, artifact: Path) -> tuple[BuildResult, Path, Path]:
    log = tmp_path / "build.log"
    log.write_text("built\n")
    store = ArtifactStore(tmp_path / "store")
    store.put("k", built(work, artifact), artifact, log)
    kept = store.get("k")
    assert kept is not None
    return kept


def test_an_apk_is_kept_as_a_file_beside_its_output_metadata(tmp_path: Path) -> None:
    work = tmp_path / "work"
    outputs = work / "android/app/build/outputs/apk/release"
    outputs.mkdir(parents=True)
    apk = outputs / "app-release.apk"
    apk.write_bytes(b"PK\x05\x06" + bytes(18))
    (outputs / "output-metadata.json").write_text(json.dumps({
        "applicationId": "com.anonymous.budget", "elements": [{"outputFile": apk.name}]}))
    _, artifact, log = keep(tmp_path, work, apk)  # copytree on a file raised NotADirectoryError
    assert artifact.name == "app-release.apk" and artifact.is_file()
    assert artifact.read_bytes() == apk.read_bytes()
    assert application_id(artifact) == "com.anonymous.budget"
    assert log.read_text() == "built\n"


def test_an_app_bundle_keeps_its_name_so_devices_and_uploads_see_an_app(tmp_path: Path) -> None:
    work = tmp_path / "work"
    bundle = work / "build/ios/Build/Products/Release-iphonesimulator/budget.app"
    (bundle / "Frameworks").mkdir(parents=True)
    (bundle / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.anonymous.budget"}))
    (bundle / "Frameworks/hermes").write_bytes(b"\xcf\xfa\xed\xfe")
    _, artifact, _ = keep(tmp_path, work, bundle)
    assert artifact.name == "budget.app" and artifact.suffix == ".app"  # the rack decides by suffix
    assert bundle_id(artifact) == "com.anonymous.budget"
    assert (artifact / "Frameworks/hermes").read_bytes() == b"\xcf\xfa\xed\xfe"
    name, _ = _payload(artifact)
    assert name == "budget.app.zip"


def test_a_web_bundle_is_kept_as_the_folder_it_was(tmp_path: Path) -> None:
    work = tmp_path / "work"
    dist = work / "dist"
    (dist / "_expo").mkdir(parents=True)
    (dist / "index.html").write_text("<html></html>")
    _, artifact, _ = keep(tmp_path, work, dist)
    assert artifact == tmp_path / "store/k/artifact"
    assert (artifact / "index.html").read_text() == "<html></html>"
