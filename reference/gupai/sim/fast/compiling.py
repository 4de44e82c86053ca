"""Saying out loud that the fast path's kernels are being compiled (numba, once; the wait is long).

numba compiles a kernel on its first call and keeps it in its on-disk cache
(the user's, :func:`numba_cache_dir`); later processes
load it in about a second. A process about to compile one says so once on
stderr, terminal or not, so that a first ``gupai simulate`` does not seem to hang.

>>> kernel_cached(object())
False
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = [
    "COMPILING_NOTE",
    "NO_REFCOUNTS",
    "announce_compiling",
    "announced",
    "drop_stale_caches",
    "kernel_cache_folder",
    "kernel_cached",
    "muted",
    "numba_cache_dir",
    "use_the_users_cache",
]


def numba_cache_dir() -> Path:
    """Where numba keeps the compiled kernels: ``NUMBA_CACHE_DIR`` when set, else the user's gupai cache.

    >>> numba_cache_dir() == Path(os.environ["NUMBA_CACHE_DIR"])  # set when gupai.sim.fast was imported
    True
    """
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    from gupai.core.specfiles import cache_dir

    return cache_dir().parent / "numba"


def use_the_users_cache() -> None:
    """Point numba's cache at :func:`numba_cache_dir` before numba reads its configuration (or after, should
    numba be imported already: its cache locator reads ``config.CACHE_DIR`` when a kernel is first cached)."""
    folder = str(numba_cache_dir())
    os.environ["NUMBA_CACHE_DIR"] = folder
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = folder  # type: ignore[attr-defined]


def kernel_cache_folder(source_folder: Path) -> Path:
    """The folder where numba caches the kernels of ``source_folder``'s modules, under ``NUMBA_CACHE_DIR``: as
    numba names it (``numba.core.caching``'s ``get_suitable_cache_subpath``), the folder's name and a SHA-1 of
    its path.

    >>> import os
    >>> kernel_cache_folder(Path("/src/fast")) == Path(
    ...     os.environ["NUMBA_CACHE_DIR"], "fast_" + hashlib.sha1(b"/src/fast").hexdigest())
    True
    """
    path = os.path.abspath(source_folder)
    return numba_cache_dir() / f"{os.path.basename(path)}_{hashlib.sha1(path.encode()).hexdigest()}"


#: numba's options for a function run for every move: cached, and compiled without reference counting
#: (``_nrt=False``), whose atomic counts cost more than such a function's work. Such a function must not
#: allocate, nor call one that does: a fresh compile of the callee would inherit the option and fail.
NO_REFCOUNTS: dict[str, Any] = {"cache": True, "_nrt": False}

#: What :func:`announce_compiling` prints, once a process, when a kernel is not in numba's cache.
COMPILING_NOTE = (
    "gupai: compiling the fast path's {what} kernel with numba, once (usually 5-30 s of one core, longer on a busy machine; "
    "later runs load it from numba's cache in about a second)"
)

_ANNOUNCED: set[str] = set()
_MUTED: list[bool] = []


def kernel_cached(dispatcher: Any) -> bool:
    """Whether numba's ``dispatcher`` is compiled in this process or held by its on-disk cache.

    An unreadable cache counts as not holding it (the worst case is a needless note).
    """
    if getattr(dispatcher, "overloads", None):
        return True
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:  # numba's cache internals changed, or the index is unreadable
        return False


def announce_compiling(dispatcher: Any, what: str) -> None:
    """Say on stderr (terminal or not), once a process, that ``dispatcher`` is about to be compiled.

    Nothing is printed when it is already compiled or in numba's cache.
    """
    if what in _ANNOUNCED or kernel_cached(dispatcher):
        return
    _ANNOUNCED.add(what)
    if not _MUTED:
        print(COMPILING_NOTE.format(what=what), file=sys.stderr, flush=True)


@contextmanager
def muted(mute: bool = True) -> Iterator[None]:
    """Within: :func:`announce_compiling` notes what it compiles but prints nothing (``--quiet``, ``--json``).

    >>> with muted():
    ...     _MUTED
    [True]
    >>> _MUTED
    []
    """
    if mute:
        _MUTED.append(True)
    try:
        yield
    finally:
        if mute:
            _MUTED.pop()


def announced() -> bool:
    """Whether this process said it compiles a kernel (:func:`announce_compiling`)."""
    return bool(_ANNOUNCED)


_CHECKED: list[bool] = []


def drop_stale_caches(folder: Path | None = None) -> list[str]:
    """Delete the kernels' cached files older than the newest source of the fast path; the names deleted.

    numba checks a cached kernel against its own source file only, while a
    kernel compiles in the functions it calls from the other modules here
    (``play_kap`` the planner's, say): after an edit of ``kap_planner.py``
    alone, it would load the old ``play_kap`` without a word. So, once a
    process, every cached file older than the newest ``.py`` of this folder
    goes, and those kernels compile again. An installed package's files are
    all as new as its install, so this deletes nothing there. The cached
    files are in numba's cache folder for this source folder
    (:func:`kernel_cache_folder`), where numba puts them.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     cache = Path(folder, "__pycache__"); cache.mkdir()
    ...     (cache / "k.f-1.py311.nbi").touch(); os.utime(cache / "k.f-1.py311.nbi", (1, 1))
    ...     (Path(folder) / "k.py").touch()
    ...     drop_stale_caches(Path(folder))
    ['k.f-1.py311.nbi']
    """
    if folder is None:
        if _CHECKED:
            return []
        _CHECKED.append(True)
        folder = Path(os.path.abspath(__file__)).parent
        cached_in = kernel_cache_folder(folder)
    else:
        cached_in = folder / "__pycache__"
    try:
        newest = max(source.stat().st_mtime for source in folder.glob("*.py"))
        stale = [cached for cached in cached_in.glob("*.nb[ic]") if cached.stat().st_mtime < newest]
        for cached in stale:
            cached.unlink()
    except (OSError, ValueError):  # a read-only install, a file gone meanwhile: numba's own check stands
        return []
    return sorted(cached.name for cached in stale)
