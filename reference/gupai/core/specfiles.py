"""Reading a YAML file of ``spec/``, through a cache of its parse: the same document, a fraction of the cost.

PyYAML builds each document's objects in Python, even with libyaml's
parser: the five files of ``spec/`` cost about a fifth of the start of a
command that loads the games. :func:`read_yaml` keeps each parse as JSON in
the user's cache directory (``$XDG_CACHE_HOME/gupai/spec``, else
``~/.cache/gupai/spec``; ``GUPAI_CACHE_DIR`` overrides it), named after a
digest of the file's bytes: an edited file has a new digest, so a cached
parse is never stale. A cache that cannot be read or written is passed by
silently (the file is parsed as before), and a parse that JSON cannot hold
as it is (a date, a key that is not a string) is not cached.

>>> from gupai.core.resources import data_dir
>>> doc = read_yaml(data_dir("spec") / "tiles.yaml")
>>> doc["kinds"][0]["face"]
'6-6'
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from gupai.core.errors import SpecError

try:  # hashlib's own BLAKE2b, without loading OpenSSL as importing hashlib does (3-9 ms at every start)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

__all__ = ["CACHE_FORMAT", "cache_dir", "read_yaml"]

#: Bumped when what is cached changes meaning, so that older entries are not read.
CACHE_FORMAT = "1"

#: The digest of a file's bytes that names its parse (hex, twice as many characters).
_DIGEST_BYTES = 16


def cache_dir() -> Path:
    """Where parses are kept: ``$GUPAI_CACHE_DIR/spec``, else ``$XDG_CACHE_HOME/gupai/spec``, else
    ``~/.cache/gupai/spec``."""
    own = os.environ.get("GUPAI_CACHE_DIR")
    if own:
        return Path(own) / "spec"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gupai" / "spec"


def read_yaml(path: Path) -> Any:
    """The document of the YAML file at ``path`` (PyYAML's safe loader); a :class:`SpecError` if it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SpecError(f"cannot read {path.name}: {error.strerror or error}", where=str(path)) from None
    digest = blake2b(data, digest_size=_DIGEST_BYTES, person=f"gupai-spec-{CACHE_FORMAT}".encode()).hexdigest()
    kept = cache_dir() / f"{path.stem}-{digest}.json"
    try:
        return json.loads(kept.read_bytes())
    except (OSError, ValueError):  # not cached yet (or unreadable): parsed, and cached if it can be
        pass
    import yaml  # only on a miss: importing PyYAML is a cost of its own

    try:
        doc = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as error:
        raise SpecError(f"cannot read {path.name}: {error}", where=str(path)) from None
    _keep(kept, doc)
    return doc


def _keep(kept: Path, doc: Any) -> None:
    """Write ``doc`` to ``kept`` (a temporary file, then a rename), dropping older parses of the same file."""
    try:
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False)
        if json.loads(text) != doc:  # JSON would not give the same document back
            return
    except (TypeError, ValueError):
        return
    import tempfile  # (only to write: not at every start)

    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=kept.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, kept)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        stem = kept.name[: kept.name.rindex("-")]
        for older in kept.parent.glob(f"{stem}-*.json"):
            digest = older.name[len(stem) + 1 : -len(".json")]
            if older != kept and len(digest) == 2 * _DIGEST_BYTES and digest.isalnum():  # this file's, not another's
                older.unlink(missing_ok=True)
    except OSError:  # a cache that cannot be written: the next start parses the file again
        pass
