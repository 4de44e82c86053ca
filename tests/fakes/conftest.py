"""The fake engines are scripts run as processes by the harness tests, not test modules."""

collect_ignore_glob = ["*.py"]
