"""A fake engine that never offers a claim: it claims missed-capture=claim but plays missed-capture=none.

It plays every game as the reference does, except that a capture the player
to move leaves untaken is lost, as if the option were none: the opponent is
never offered the claim, and a claim is refused. Rule ts.claim is broken; the
harness must count its failures against it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.server import GAME_SESSIONS
from gupai.protocol.tsung_session import TsungSession
from tests.fakes._common import serve


def start_without_claims(request: Mapping[str, Any]) -> TsungSession:
    return TsungSession.start({**request, "options": {**request["options"], "missed-capture": "none"}})


if __name__ == "__main__":
    GAME_SESSIONS["tsung-shap"] = start_without_claims
    raise SystemExit(serve())
