"""The generated pages: markdown built from the spec through the gupai package.

Every method of :class:`SiteData` returns the markdown of one page (or of one block that a
hand-written page asks for with a ``<!-- gupai:... -->`` marker). Links are
markdown links wherever mkdocs can check them; the rest is checked after the
build by :func:`checks.check_links`. Each family of pages lives in a module of its own:

- ``page_tiles``: the tiles and pairs pages;
- ``page_rules``: the rule references and the rule index;
- ``page_options``: the options and presets pages;
- ``page_sources``: the ambiguities and sources pages;
- ``page_overview``: the how-to-play blocks and the captures page;
- ``page_schemas``: the schema pages.
"""

from __future__ import annotations

from .page_options import OptionsPages
from .page_overview import OverviewBlocks
from .page_rules import RulesPages
from .page_schemas import SchemaPages
from .page_sources import SourcesPages
from .page_tiles import TilesPages

__all__ = ["SiteData"]


class SiteData(TilesPages, RulesPages, OptionsPages, SourcesPages, OverviewBlocks, SchemaPages):
    """The spec as the site shows it: games, sources, scenarios, and every page made from them."""
