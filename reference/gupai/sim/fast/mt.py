"""Python's own random generator (MT19937, ``random.Random``) for compiled code.

The fast path must draw exactly what the reference engine draws from
``random.Random(f"gupai:{game}:deal:{seed}")``: the same seeding from a
string (SHA-512, then ``init_by_array``), the same 32-bit outputs, and the
same ``_randbelow`` by rejection on ``getrandbits``. A state is an int64
array of 625 words: the 624 of the generator and the index of the next.

>>> import random
>>> state = new_state()
>>> seed_state(state, string_key("gupai:test"))
>>> r = random.Random("gupai:test")
>>> [randbelow(state, 10) for _ in range(8)] == [r.randrange(10) for _ in range(8)]
True
"""

from __future__ import annotations

import hashlib

import numpy as np
from numba import njit

__all__ = ["genrand", "new_state", "randbelow", "seed_state", "string_key", "string_key_bytes"]

_N, _M = 624, 397
_MASK = 0xFFFFFFFF
_MATRIX_A, _UPPER, _LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF


def string_key(text: str) -> np.ndarray:
    """The ``init_by_array`` key that ``random.Random(text)`` seeds with (version 2 seeding)."""
    raw = text.encode()
    number = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
    words = max(1, (number.bit_length() + 31) // 32)
    return np.frombuffer(number.to_bytes(4 * words, "little"), dtype="<u4").astype(np.int64)


def string_key_bytes(text: str) -> bytes:
    """:func:`string_key` as little-endian bytes, a multiple of four long (cheaper for many texts).

    The key is the text and its SHA-512 digest read as one big-endian number;
    its little-endian bytes are those bytes reversed, less the zeros the
    number does not need, padded to whole 32-bit words (no big integer built).

    >>> texts = ["ab", "gupai:kap-shap:deal:7", chr(0) * 2 + "x", ""]
    >>> all(np.array_equal(np.frombuffer(string_key_bytes(t), dtype="<u4"), string_key(t)) for t in texts)
    True
    """
    raw = text.encode()
    data = (raw + hashlib.sha512(raw).digest())[::-1].rstrip(b"\0")
    return data.ljust(max(4, -(-len(data) // 4) * 4), b"\0")


def new_state() -> np.ndarray:
    """An unseeded generator state."""
    return np.zeros(_N + 1, dtype=np.int64)


@njit(cache=True)
def seed_state(mt: np.ndarray, key: np.ndarray) -> None:  # pragma: no cover - compiled
    """Seed ``mt`` as CPython's ``init_by_array`` does."""
    mt[0] = 19650218
    for i in range(1, _N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
    length = key.shape[0]
    i, j = 1, 0
    for _ in range(max(_N, length)):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[_N] = _N


@njit(cache=True)
def genrand(mt: np.ndarray) -> int:  # pragma: no cover - compiled
    """The next 32-bit output."""
    if mt[_N] >= _N:
        for kk in range(_N):
            y = (mt[kk] & _UPPER) | (mt[(kk + 1) % _N] & _LOWER)
            value = mt[(kk + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= _MATRIX_A
            mt[kk] = value
        mt[_N] = 0
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    result: int = y & _MASK
    return result


@njit(cache=True)
def randbelow(mt: np.ndarray, n: int) -> int:  # pragma: no cover - compiled
    """``random.Random._randbelow(n)``: getrandbits(n.bit_length()) until below ``n``."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = genrand(mt) >> (32 - k)
    while r >= n:
        r = genrand(mt) >> (32 - k)
    return r
