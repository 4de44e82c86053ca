"""Collection for the whole repository: gupai.rl's modules (their doctests) need the rl extra."""

from __future__ import annotations

import importlib.util

#: Paths pytest does not collect: the rl package's doctests when open_spiel or pettingzoo is absent.
collect_ignore_glob = (
    []
    if importlib.util.find_spec("pyspiel") and importlib.util.find_spec("pettingzoo")
    else ["reference/gupai/rl/*.py"]
)
