"""Reward schemes: each a `pytest_revylbench_reward` implementation that answers for its name."""
