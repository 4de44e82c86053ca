"""gupai's games for reinforcement learning: OpenSpiel games and PettingZoo environments (``pip install gupai[rl]``).

Importing this package registers every game with OpenSpiel
(``pyspiel.load_game("python_gupai_kap_shap(preset=pagat)")``);
:func:`env` makes a PettingZoo AEC environment.
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is absent
    raise ImportError("gupai.rl needs the rl extra: pip install 'gupai[rl]' (open_spiel, pettingzoo)") from error

from gupai.rl.spiel import SpielGame, SpielState, register, short_name

__all__ = ["SpielGame", "SpielState", "register", "short_name"]

register()
