"""Simulation: many seeded games with agents, streaming statistics with 95% intervals, reports and plots.

Imports :mod:`gupai.core`, :mod:`gupai.games` and :mod:`gupai.log` (to seat agents as ``play`` does).
"""
