"""Kap Shap and Kap Tai Shap: configuration, deal, actions, state, replay, strategy and greedy agent.

Imports :mod:`gupai.core` and the shared parts of :mod:`gupai.games`.
"""
