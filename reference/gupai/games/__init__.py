"""The games: one folder a family, each with the same few modules, and what they share.

:mod:`~gupai.games.kap` holds Kap Shap and Kap Tai Shap (the collecting
games), :mod:`~gupai.games.tsung` Tsung Shap and its four-tile variant. Each
family has its configuration, deal (chance made explicit), actions, state (in
the manner of OpenSpiel: legal actions, apply, result), replay (the one path by
which a recorded game is checked, used by the validator, the protocol server
and the harness) and greedy agent. It imports :mod:`gupai.core` only.
"""
