"""The ground floor: tiles, the spec loader, options, pair rules and the hand evaluator.

It holds what every game shares: :mod:`~gupai.core.tiles` (the 21 kinds and
their two-way spelling), :mod:`~gupai.core.spec` (``spec/`` read into frozen
values), :mod:`~gupai.core.options` (presets and overrides resolved),
:mod:`~gupai.core.pairs` (which tiles make ten), :mod:`~gupai.core.hands`
(winning hands as count vectors), :mod:`~gupai.core.errors` and
:mod:`~gupai.core.resources`. It imports nothing else of gupai.
"""
