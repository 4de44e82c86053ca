"""A fake engine frozen at the first release of the protocol: it knows only that release's options.

It claims, in ``start``, the options and values each game had then
(``tests/integration/fixtures/first-corpus/options.json``), and refuses as
``unsupported`` any request naming another option or value, as an engine
written against that release rightly would. Otherwise it plays as the
reference (every rule of that release is still the reference's rule).

Against today's harness it must pass every case it is asked, and every case
needing an option it does not know must be "not supported", never failed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.server import ReferenceEngine
from tests.fakes._common import refuse_unplayed, serve

OPTIONS: dict[str, dict[str, list[str]]] = json.loads(
    (Path(__file__).resolve().parents[1] / "integration" / "fixtures" / "first-corpus" / "options.json").read_text()
)


class FirstRelease(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        refused = refuse_unplayed(request, OPTIONS, "this engine knows no option {key}={value}")
        if refused is not None:
            return refused
        answer = super().handle(request)
        if request["cmd"] == "start" and answer["answer"] == "ok":
            answer["protocol"] = 1  # frozen at protocol 1 (the reference underneath speaks protocol 2)
            for game, claim in answer["games"].items():
                claim["options"] = {key: list(values) for key, values in OPTIONS[game].items()}
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=FirstRelease()))
