"""Writing the kit's output files: whole or not at all, never over a file without ``force``.

Every file a command writes (``play --out``, ``simulate --out``, the harness's
reports) goes through :func:`write_file`: the bytes go to a temporary file in
the same directory, which is then renamed onto the target, so a reader (or a
full disk, or a signal) never sees a partial file. Without ``force`` the
rename is a hard link, which fails if the target exists, so a file created
while the command ran is not overwritten either. Every failure is an
:class:`OutputError` naming the path and the system's reason.
:func:`check_writable` says early (before a long run) whether the write can
succeed.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_file(folder / "a.json", "{}\\n")
>>> write_file(folder / "a.json", "[]\\n")
Traceback (most recent call last):
...
gupai.core.files.OutputError: cannot write .../a.json: it exists (give --force to overwrite it)
>>> write_file(folder / "a.json", "[]\\n", force=True)
>>> (folder / "a.json").read_text(), sorted(p.name for p in folder.iterdir())
('[]\\n', ['a.json'])
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from gupai.core.errors import GupaiError

__all__ = ["MIN_FREE_BYTES", "OutputError", "check_directory", "check_writable", "streamed_file", "write_file"]


class OutputError(GupaiError):
    """An output file that cannot be written: ``where`` is its path."""


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _first_existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(".")  # pragma: no cover - the root always exists


#: Free space below which an output directory is refused before the work starts (a full disk, said early).
MIN_FREE_BYTES = 1 << 20


def check_directory(directory: str | os.PathLike[str], *, need: int = MIN_FREE_BYTES) -> None:
    """Raise :class:`OutputError` unless files can be created in ``directory`` (or where it would be made),
    with at least ``need`` bytes free on its file system.

    >>> check_directory("/proc/self/nonexistent/out")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gupai.core.files.OutputError: cannot write /proc/self/nonexistent/out: /proc/self is not writable (...)
    """
    folder = Path(directory)
    existing = _first_existing(folder)
    if not existing.is_dir():
        raise OutputError(f"cannot write {folder}: {existing} is not a directory", where=str(folder))
    import tempfile  # (only to write: not at every start)

    try:  # a real probe: os.access says yes to root on a read-only file system
        fd, probe = tempfile.mkstemp(dir=existing, prefix=".gupai-probe-")
    except OSError as error:
        raise OutputError(
            f"cannot write {folder}: {existing} is not writable ({_reason(error)})", where=str(folder)
        ) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    try:
        info = os.statvfs(existing)
    except (OSError, AttributeError):  # pragma: no cover - no statvfs here: the write will say
        return
    free = info.f_bavail * info.f_frsize
    if free < need:
        raise OutputError(
            f"cannot write {folder}: its file system has {free // 1024} KiB free, less than the "
            f"{need // 1024} KiB needed",
            where=str(folder),
        )


def check_writable(path: str | os.PathLike[str], *, force: bool = False) -> None:
    """Raise :class:`OutputError` unless ``path`` can be written: its directory writable, and no file there
    unless ``force`` (checked again when the file is written).

    >>> check_writable("/nonexistent-dir/x.json")
    Traceback (most recent call last):
    ...
    gupai.core.files.OutputError: cannot write /nonexistent-dir/x.json: its directory /nonexistent-dir does not exist
    """
    target = Path(path)
    if target.is_dir():
        raise OutputError(f"cannot write {target}: it is a directory", where=str(target))
    if not target.parent.is_dir():
        raise OutputError(f"cannot write {target}: its directory {target.parent} does not exist", where=str(target))
    if not force and (target.exists() or target.is_symlink()):
        raise OutputError(f"cannot write {target}: it exists (give --force to overwrite it)", where=str(target))
    check_directory(target.parent)


def write_file(path: str | os.PathLike[str], data: str | bytes, *, force: bool = False) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; an existing file only with ``force``
    (:func:`streamed_file`, in one piece)."""
    payload = data.encode("utf-8", "backslashreplace") if isinstance(data, str) else data
    with streamed_file(path, force=force) as stream:
        stream.write(payload)


@contextlib.contextmanager
def streamed_file(path: str | os.PathLike[str], *, force: bool = False) -> Iterator[BinaryIO]:
    """A file written piece by piece as the ``with`` block goes (each piece on disk as it is written, nothing
    held in memory), under a temporary name beside ``path``; put in place when the block ends (``path`` replaced
    only with ``force``: :func:`_place`), and left nowhere if it fails (a signal too).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with streamed_file(folder / "a.jsonl") as out:
    ...     _ = out.write(b"1\\n")
    ...     sorted(p.name for p in folder.iterdir()) != ["a.jsonl"]
    True
    >>> (folder / "a.jsonl").read_text(), sorted(p.name for p in folder.iterdir())
    ('1\\n', ['a.jsonl'])
    """
    target = Path(path)
    import tempfile  # (only to write: not at every start)

    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as error:
        raise OutputError(f"cannot write {target}: {_reason(error)}", where=str(target)) from None
    try:
        try:
            stream = os.fdopen(fd, "wb")
        except OSError as error:
            os.close(fd)
            raise OutputError(f"cannot write {target}: {_reason(error)}", where=str(target)) from None
        with stream:
            try:
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
            except OSError as error:
                raise OutputError(f"cannot write {target}: {_reason(error)}", where=str(target)) from None
        try:
            os.chmod(temporary, 0o666 & ~_umask())
            _place(temporary, target, force=force)
        except OSError as error:
            raise OutputError(f"cannot write {target}: {_reason(error)}", where=str(target)) from None
    finally:  # on success the name is gone already; on any failure (a signal too) no part is left
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _place(temporary: str, target: Path, *, force: bool) -> None:
    """Move the finished file onto ``target``: a rename with ``force``, else a link that fails if it exists."""
    if force:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise OutputError(
            f"cannot write {target}: it exists (give --force to overwrite it)", where=str(target)
        ) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        # a file system without hard links: claim the name exclusively, then rename over the claim
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            raise OutputError(
                f"cannot write {target}: it exists (give --force to overwrite it)", where=str(target)
            ) from None
        os.replace(temporary, target)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
