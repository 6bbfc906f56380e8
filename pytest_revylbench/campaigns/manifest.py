"""What a campaign declares: `campaign.toml` (the plan) and each rollout's `rollout.toml`.

Both are versioned pydantic models; a malformed file raises a `CampaignError` naming the file and
the field.
"""

from __future__ import annotations

from pathlib import Path

from pytest_revylbench.records.campaign import CampaignManifest, RolloutManifest
from pytest_revylbench.records.tomlfiles import load_toml_model

CAMPAIGN_FILE = "campaign.toml"
ROLLOUTS = "rollouts"
ROLLOUT_FILE = "rollout.toml"


class CampaignError(Exception):
    """A campaign manifest is missing or malformed; the message names the file and field."""


def load_manifest(folder: Path) -> CampaignManifest:
    """Read and validate `folder/campaign.toml`; every declared exclusion must exist."""
    path = folder / CAMPAIGN_FILE
    manifest = load_toml_model(path, CampaignManifest, what="campaign manifest",
                               error=CampaignError)
    for n, exclusion in enumerate(manifest.exclude):
        if not (folder / ROLLOUTS / exclusion.rollout).is_dir():
            raise CampaignError(f"{path}: field exclude.{n}.rollout: no rollout folder "
                                f"{ROLLOUTS}/{exclusion.rollout}")
    return manifest


def load_rollout_manifest(rollout: Path) -> RolloutManifest:
    path = rollout / ROLLOUT_FILE
    return load_toml_model(path, RolloutManifest, what="rollout manifest", error=CampaignError)
