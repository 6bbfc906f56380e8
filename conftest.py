# Repository-wide pytest settings only: never collect inside app folders or local installs.
collect_ignore_glob = ["**/node_modules", "**/dist", ".revylbench", ".venv", "reports"]
# The project's own test run hands the longest work to xdist first (tests/longest_first.py)
# and starts its pytest processes without the hypothesis plugin (tests/child_pytest.py).
pytest_plugins = ("tests.longest_first", "tests.child_pytest")
