"""Tsung Shap and its German four-tile variant: configuration, deal, actions, captures, state, replay, greedy agent.

Imports :mod:`gupai.core` and the shared parts of :mod:`gupai.games`. The package itself holds only the
game's id, which the log's readers ask for without loading the game.
"""

#: The game id of Tsung Shap.
GAME = "tsung-shap"
