# Repository-wide pytest settings only: never collect inside app folders or local installs.
collect_ignore_glob = ["**/node_modules", "**/dist", ".revylbench", ".venv", "reports"]
