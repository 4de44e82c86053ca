"""Reading helpers of the log reader (:mod:`gupai.log.read`): bounded reads, decoding, a stream with its head
already read, and a guess whether a text is JSON Lines."""

from __future__ import annotations

import io
from typing import BinaryIO

__all__ = ["Joined", "decode", "looks_like_lines", "read_up_to"]


def read_up_to(stream: BinaryIO | Joined, size: int) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left > 0:
        chunk = stream.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def decode(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


class Joined:
    """Bytes already read, then the rest of a stream: read back a line at a time."""

    def __init__(self, head: bytes, tail: BinaryIO) -> None:
        self.head, self.tail = io.BytesIO(head), tail

    def read(self, size: int) -> bytes:
        data = self.head.read(size)
        return data if len(data) == size else data + self.tail.read(size - len(data))

    def readline(self, limit: int) -> bytes:
        line = self.head.readline(limit)
        if line.endswith(b"\n") or len(line) >= limit:
            return line
        return line + self.tail.readline(limit - len(line))


def looks_like_lines(data: bytes) -> bool:
    rows = [line for line in data.split(b"\n") if line.strip()]
    return len(rows) > 1 and all(r.lstrip().startswith(b"{") and r.rstrip().endswith(b"}") for r in rows)
