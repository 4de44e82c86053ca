"""The game log: its format, its generated JSON Schema, the validator, transcripts, and recording played games.

The validator checks the schema, then replays each game through its family's
one replay path in :mod:`gupai.games`. Imports :mod:`gupai.core` and
:mod:`gupai.games`.
"""
