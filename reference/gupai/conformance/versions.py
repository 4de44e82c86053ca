"""Options across versions: what the harness sends an engine that predates an option.

An option added after version 1 of the protocol (spec key ``since``) is sent
to an engine only when the engine claims it in its ``start`` answer; left out,
it means its old reading (the way the kit played before the option existed),
so an engine written against an older kit reads every request as it always
did. Every option of version 1 is sent to every engine, as version 1 promised.
A request that would need an unclaimed option at another value than its old
reading cannot be asked: the case is not supported by the engine
(:class:`UnclaimedOptionError`), never failed.

>>> claims = Claims.from_hello({"games": {"kap-shap": {"options": {"take": ["any"]}}}})
>>> sent = options_for(claims, "kap-shap", {"take": "any", "stock-out": "end"})
>>> sent
{'take': 'any'}
>>> options_for(claims, "kap-shap", {"take": "any", "stock-out": "play-on"})
Traceback (most recent call last):
...
gupai.conformance.versions.UnclaimedOptionError: needs option stock-out=play-on; the engine does not claim stock-out (added 2026-11-23), so it plays stock-out=end
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gupai.conformance.cases import Claims
from gupai.conformance.process import Ask, AskMany
from gupai.core.errors import GupaiError
from gupai.core.spec import game_spec, games
from gupai.protocol.messages import Answer

__all__ = ["UnclaimedOptionError", "claimed_ask", "claimed_ask_many", "options_for"]


class UnclaimedOptionError(GupaiError):
    """A request needs an option the engine does not claim, at another value than its old reading."""


def options_for(claims: Claims, game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a request as the engine is sent them: without the later options it does not claim."""
    if game not in games() or not claims.has_game(game):
        return dict(options)
    spec = game_spec(game)
    sent: dict[str, Any] = {}
    for key, value in options.items():
        try:
            option = spec.option(key)
        except GupaiError:
            sent[key] = value
            continue
        if option.since is None or claims.lists(game, key):
            sent[key] = value
        elif value != option.absent:
            raise UnclaimedOptionError(
                f"needs option {key}={value}; the engine does not claim {key} (added {option.since[0]}), "
                f"so it plays {key}={option.absent}",
                where=key,
            )
    return sent


def _request(claims: Claims, cmd: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(fields.get("options"), Mapping) and isinstance(fields.get("game"), str):
        return {**fields, "options": options_for(claims, fields["game"], fields["options"])}
    return dict(fields)


def claimed_ask(ask: Ask, claims: Claims) -> Ask:
    """``ask``, sending each request's options as :func:`options_for` says."""

    def asking(cmd: str, **fields: Any) -> Answer:
        return ask(cmd, **_request(claims, cmd, fields))

    return asking


def claimed_ask_many(ask_many: AskMany, claims: Claims) -> AskMany:
    """``ask_many``, sending each request's options as :func:`options_for` says."""

    def asking(batch: Any) -> list[Answer]:
        return ask_many([(cmd, _request(claims, cmd, fields)) for cmd, fields in batch])

    return asking
