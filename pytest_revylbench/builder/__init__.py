"""Turn a submission's source into an installable artifact, one builder per platform."""
