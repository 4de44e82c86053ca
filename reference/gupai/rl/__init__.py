"""gupai's games for reinforcement learning: OpenSpiel games and PettingZoo environments (``pip install gupai[rl]``).

:func:`spiel_game` loads a game as an OpenSpiel game; :func:`register`
registers every game with OpenSpiel by name (``python_gupai_kap_shap``), for
``pyspiel.load_game("python_gupai_kap_shap(preset=pagat)")``. Importing
this module calls it, as OpenSpiel's own Python games register when
imported: the one import side effect in gupai, and only for whoever imports
``gupai.rl`` (a second call, or import, does nothing). :func:`env` makes a
PettingZoo AEC environment.

>>> import gupai.rl
>>> import pyspiel
>>> pyspiel.load_game("python_gupai_kap_tai_shap(preset=pagat,players=3)").num_players()
3
>>> gupai.rl.spiel_game("kap-tai-shap", "pagat", players=3).num_players()
3
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is absent
    raise ImportError("gupai.rl needs the rl extra: pip install 'gupai[rl]' (open_spiel, pettingzoo)") from error

from gupai.rl.petting import GupaiEnv, env
from gupai.rl.spiel import SpielGame, SpielState, register, short_name, spiel_game

# Importing gupai.rl registers the games with OpenSpiel (the contract of issue 24; idempotent).
register()

__all__ = ["GupaiEnv", "SpielGame", "SpielState", "env", "register", "short_name", "spiel_game"]
