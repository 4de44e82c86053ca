"""The engine protocol: its messages and schema, and the reference engine behind it (``gupai engine``).

The reference engine's sessions replay through the same per-game code as the
validator. Imports :mod:`gupai.core`, :mod:`gupai.games` and :mod:`gupai.log`.
"""
