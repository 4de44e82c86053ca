"""Reading a YAML file of ``spec/``, through a cache of its parse: the same document, a fraction of the cost.

PyYAML builds each document's objects in Python, even with libyaml's
parser: the five files of ``spec/`` cost about a fifth of the start of a
command that loads the games. :func:`read_yaml` keeps each parse as JSON in
the user's cache directory (``$XDG_CACHE_HOME/gupai/spec``, else
``~/.cache/gupai/spec``; ``GUPAI_CACHE_DIR`` overrides it), named after a
digest of the file's bytes: an edited file has a new digest, so a cached
parse is never stale. A cache that cannot be read or written is passed by
silently (the file is parsed as before), and a parse that JSON cannot hold
as it is (a date, a key that is not a string, a float such as ``1.0`` that
JSON reads back as an integer) is not cached.

An entry is one line of header, then the parse as JSON: the header names
the cache's format (:data:`CACHE_FORMAT`), the digest of the YAML file it
was parsed from and the digest of the JSON text below it. An entry that
does not verify (another format, another file's, a text edited or cut, not
a regular file, larger than its file could give) is not read: the file is
parsed again and the entry rewritten. The text that verifies is read by the
strict reader (:mod:`gupai.core.jsonread`), as every JSON handed in is.

>>> from gupai.core.resources import data_dir
>>> doc = read_yaml(data_dir("spec") / "tiles.yaml")
>>> doc["kinds"][0]["face"]
'6-6'
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from gupai.core.errors import SpecError
from gupai.core.jsonread import JSONReadError, loads

try:  # hashlib's own BLAKE2b, without loading OpenSSL as importing hashlib does (3-9 ms at every start)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

__all__ = ["CACHE_FORMAT", "cache_dir", "read_yaml"]

#: Bumped when what is cached changes meaning, so that older entries are not read.
CACHE_FORMAT = "2"

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
    source = _digest(data)
    kept = cache_dir() / f"{path.stem}-{source}.json"
    doc = _cached(kept, source, limit=_MAX_GROWTH * len(data) + 4096)
    if doc is not _MISS:
        return doc
    import yaml  # only on a miss: importing PyYAML is a cost of its own

    try:
        doc = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as error:
        raise SpecError(f"cannot read {path.name}: {error}", where=str(path)) from None
    _keep(kept, source, doc)
    return doc


#: A parse as JSON is at most this many times its YAML's size (spec/'s files: 0.6 to 1.1 times).
_MAX_GROWTH = 8

#: What :func:`_cached` returns for an entry that is not there or does not verify.
_MISS: Any = object()


def _digest(data: bytes) -> str:
    return blake2b(data, digest_size=_DIGEST_BYTES, person=f"gupai-spec-{CACHE_FORMAT}".encode()).hexdigest()


def _header(source: str, body: bytes) -> bytes:
    """The entry's first line: the format, the YAML file's digest and the JSON text's."""
    return json.dumps({"format": CACHE_FORMAT, "source": source, "content": _digest(body)}).encode() + b"\n"


def _cached(kept: Path, source: str, *, limit: int) -> Any:
    """The document kept in ``kept`` if it verifies (see the module's docstring), else ``_MISS``.

    >>> import tempfile
    >>> entry = Path(tempfile.mkdtemp()) / "x.json"
    >>> _ = entry.write_bytes(b"{}")
    >>> _cached(entry, "0" * 32, limit=999) is _MISS
    True
    >>> body = b'{"a": [1, 2]}'
    >>> _ = entry.write_bytes(_header("0" * 32, body) + body)
    >>> _cached(entry, "0" * 32, limit=999), _cached(entry, "1" * 32, limit=999) is _MISS
    ({'a': [1, 2]}, True)
    """
    try:  # not blocking on a FIFO, not reading a device or a file larger than the parse could be
        handle = os.open(kept, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return _MISS
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return _MISS
        with os.fdopen(handle, "rb", closefd=False) as entry:
            text = entry.read(limit + 1)
    except OSError:
        return _MISS
    finally:
        os.close(handle)
    head, _, body = text.partition(b"\n")
    if len(text) > limit or head + b"\n" != _header(source, body):
        return _MISS
    try:
        return loads(body.decode("utf-8"))
    except (UnicodeDecodeError, JSONReadError):  # pragma: no cover - a text of the right digest is what was written
        return _MISS


def _keep(kept: Path, source: str, doc: Any) -> None:
    """Write ``doc`` to ``kept`` (a temporary file, then a rename), dropping older parses of the same file."""
    try:
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False)
        if json.dumps(loads(text), ensure_ascii=False) != text:  # the strict reader would not give it back as it is
            return
    except (TypeError, ValueError, JSONReadError):
        return
    import tempfile  # (only to write: not at every start)

    body = text.encode("utf-8")
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=kept.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(_header(source, body) + body)
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
