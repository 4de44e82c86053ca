"""Tsung Shap and its German four-tile variant: configuration, deal, actions, captures, state, replay, greedy agent.

Imports :mod:`gupai.core` and the shared parts of :mod:`gupai.games`.
"""
