"""Drawing tiles: SVG for the rules site and the viewers. Imports :mod:`gupai.core` only."""
