"""An engine under test as a process, spoken to over the protocol, with timeouts.

Whatever the engine does (hangs, crashes, writes garbage, exits) becomes an
:class:`EngineError`; the harness never waits longer than the timeout for one answer.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gupai.core.errors import GupaiError
from gupai.core.reaper import reaped
from gupai.protocol.messages import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    Answer,
    ProtocolError,
    check_answer,
    encode,
    parse_json_line,
    request,
)

__all__ = ["FAULTS", "PIPELINE", "STDERR_KEEP", "Ask", "AskMany", "EngineError", "EngineProcess", "HarnessError"]

Ask = Callable[..., Answer]
AskMany = Callable[[Sequence[tuple[str, Mapping[str, Any]]]], list[Answer]]


PIPELINE = 64

#: The last this many bytes of an engine's standard error are kept (for messages).
STDERR_KEEP = 64 * 1024

#: What can go wrong with an engine, beyond a wrong answer.
FAULTS = ("timeout", "crash", "exit", "garbage", "schema")


class HarnessError(GupaiError):
    """The harness cannot run: bad arguments, or an engine that cannot start."""


class EngineError(GupaiError):
    """The engine failed to answer: ``fault`` is one of :data:`FAULTS`."""

    def __init__(self, fault: str, message: str) -> None:
        super().__init__(message, where=fault)
        self.fault = fault


# ------------------------------------------------------------------ process
class EngineProcess:
    """An engine under test, started from a command line, spoken to over the protocol.

    Every answer is awaited for at most ``timeout`` seconds, the handshake
    for ``start_timeout`` (an engine may take a while to load). The process
    runs in a session (and process group) of its own: closing the engine, or
    an answer timing out, kills the whole group, so that nothing the engine
    started outlives it, even when the engine itself has already exited. The
    group is led by a small supervisor (:func:`gupai.core.reaper.reaped`)
    that kills it when the harness dies, even by SIGKILL.
    Only the last :data:`STDERR_KEEP` bytes of its standard error are kept.
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float = 10.0, start_timeout: float = 30.0) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise HarnessError("the engine command is empty", where="--engine")
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.hello: Mapping[str, Any] = {}
        self._stderr = bytearray()
        self._buffer = bytearray()
        self._next_id = 0
        self._healthy = False
        self.requests = 0
        #: What the engine is being asked for (the case id, set by the runner): named when an answer comes twice.
        self.context = ""
        self._answered: dict[int, tuple[str, str]] = {}

    # ------------------------------------------------------------ lifecycle
    def start(self) -> Mapping[str, Any]:
        """Start the process and shake hands; return the ``start`` answer."""
        self.close()
        self._stderr = bytearray()
        # Under the supervisor of gupai.core.reaper, the engine and all it started die with the harness, even
        # by SIGKILL; a command not found is run as it is, for the system's own error.
        argv = reaped(self.argv) if shutil.which(self.argv[0]) else self.argv
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as error:
            raise EngineError("crash", f"cannot run {shlex.join(self.argv)}: {error.strerror or error}") from None
        self._buffer = bytearray()
        self._answered = {}
        assert self.process.stdout is not None and self.process.stdin is not None and self.process.stderr is not None
        for stream in (self.process.stdout, self.process.stdin, self.process.stderr):
            os.set_blocking(stream.fileno(), False)
        saved, self.timeout = self.timeout, self.start_timeout
        try:
            answer = self.ask("start", protocol=PROTOCOL_VERSION)
        finally:
            self.timeout = saved
        if not answer.is_ok:
            raise EngineError("schema", f"the engine answered start with {answer.describe()}")
        if answer.doc["protocol"] not in PROTOCOL_VERSIONS:
            speaks = " and ".join(map(str, PROTOCOL_VERSIONS))
            raise EngineError(
                "schema", f"the engine speaks protocol {answer.doc['protocol']}; the harness speaks {speaks}"
            )
        self.hello = answer.doc
        self._healthy = True
        return answer.doc

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def close(self, *, at_once: bool = False) -> None:
        """Say ``stop`` if the engine is alive, then make sure its whole process group is gone.

        ``at_once`` (the harness was interrupted): no ``stop``, no waiting; the group is killed now.
        """
        process = self.process
        if process is None:
            return
        if at_once:
            self._healthy = False
        if process.poll() is None and self._healthy:
            with contextlib.suppress(EngineError):
                saved, self.timeout = self.timeout, min(self.timeout, 1.0)
                try:
                    self.ask("stop")
                finally:
                    self.timeout = saved
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1.0 if self._healthy else 0.05)
        self._kill_group()
        self._drain_stderr()
        with contextlib.suppress(OSError):
            if process.stderr is not None:
                process.stderr.close()
        self.process = None
        self._healthy = False

    def _kill_group(self) -> None:
        """Kill the engine's process group (whether or not the engine itself is alive) and reap the engine.

        The group outlives its leader while any member lives, and its id is
        not reused meanwhile, so the kill cannot reach another process.
        """
        process = self.process
        if process is None:
            return
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5.0)

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.close(at_once=kind is not None and not issubclass(kind, Exception))  # a signal: no time to say stop

    def stderr_tail(self, limit: int = 600) -> str:
        """The end of what the engine wrote on its standard error."""
        self._drain_stderr()
        return bytes(self._stderr[-limit:]).decode("utf-8", "replace").strip()

    def _drain_stderr(self, fd: int | None = None) -> None:
        """Read what the engine has written on its standard error (without waiting), keeping the end."""
        process = self.process
        if fd is None:
            if process is None or process.stderr is None or process.stderr.closed:
                return
            fd = process.stderr.fileno()
        for _ in range(64):  # at most 4 MiB at a time: an engine writing without end cannot hold the harness
            try:
                chunk = os.read(fd, 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            self._keep(chunk)

    def _keep(self, chunk: bytes) -> None:
        """Add to the stderr ring, dropping all but its last :data:`STDERR_KEEP` bytes."""
        self._stderr += chunk
        if len(self._stderr) > STDERR_KEEP:
            del self._stderr[:-STDERR_KEEP]

    # ------------------------------------------------------------ messages
    def ask(self, cmd: str, **fields: Any) -> Answer:
        """Send one request; return the engine's schema-valid answer or raise :class:`EngineError`."""
        try:
            return self._ask(cmd, fields)
        except EngineError as error:
            self._fault(error)
            raise

    def ask_many(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Answer]:
        """Several requests, pipelined a window at a time; the answers in order (or :class:`EngineError`).

        The protocol answers requests in order, so the harness need not wait
        for each answer before sending the next; a window of
        :data:`PIPELINE` requests keeps both pipes far from full.
        """
        answers: list[Answer] = []
        try:
            for start in range(0, len(requests), PIPELINE):
                window = requests[start : start + PIPELINE]
                idents = [self._send(cmd, fields) for cmd, fields in window]
                answers.extend(self._receive(cmd, ident) for (cmd, _), ident in zip(window, idents, strict=True))
        except EngineError as error:
            self._fault(error)
            raise
        return answers

    def _fault(self, error: EngineError) -> None:
        self._healthy = False
        if error.fault == "timeout":  # an engine that does not answer in time is stopped at once, with its children
            self._kill_group()

    def _ask(self, cmd: str, fields: Mapping[str, Any]) -> Answer:
        return self._receive(cmd, self._send(cmd, fields))

    def _send(self, cmd: str, fields: Mapping[str, Any]) -> int:
        process = self.process
        if process is None or process.stdin is None:
            raise EngineError("crash", "the engine is not running")
        ident = self._next_id
        self._next_id += 1
        self.requests += 1
        self._write(encode(request(cmd, ident, **fields)).encode("utf-8") + b"\n", cmd)
        return ident

    def _write(self, data: bytes, cmd: str) -> None:
        """Write a request within the timeout, reading answers meanwhile so that neither pipe can jam."""
        process = self.process
        assert process is not None and process.stdin is not None and process.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd_in, fd_out = process.stdin.fileno(), process.stdout.fileno()
        view = memoryview(data)
        try:  # the pipe has room for a request, nearly always: written at once, without a selector
            view = view[os.write(fd_in, view) :]
        except BlockingIOError:
            pass
        except OSError:
            raise self._gone(cmd, closed="input") from None
        if not view:
            return
        with selectors.DefaultSelector() as selector:
            selector.register(fd_in, selectors.EVENT_WRITE)
            selector.register(fd_out, selectors.EVENT_READ)
            fd_err = self._watch_stderr(selector)
            while view:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineError("timeout", f"the engine did not read the {cmd} request within {self.timeout:g} s")
                for key, _ in selector.select(remaining):
                    if key.fd == fd_in:
                        try:
                            view = view[os.write(fd_in, view) :]
                        except BlockingIOError:  # pragma: no cover - a spurious wake-up
                            pass
                        except OSError:
                            raise self._gone(cmd, closed="input") from None
                        continue
                    if key.fd == fd_err:
                        self._stderr_ready(selector, fd_err)
                        continue
                    self._read_chunk(fd_out, cmd)
                    if len(self._buffer) > 4 * MAX_LINE_BYTES:
                        raise EngineError("garbage", f"the engine wrote more than {4 * MAX_LINE_BYTES} bytes unasked")

    def _receive(self, cmd: str, ident: int) -> Answer:
        raw = self._read_line(cmd)
        try:
            doc = parse_json_line(raw)
        except ProtocolError as error:
            shown = raw[:120].decode("utf-8", "replace")
            raise EngineError("garbage", f"answer to {cmd} is {error.message}: {shown!r}") from None
        repeated = doc.get("id")
        if isinstance(repeated, int) and repeated != ident and repeated in self._answered:
            raise EngineError("schema", self._twice(repeated, cmd, ident))
        try:
            answer = check_answer(doc, command=cmd, id=ident)
        except ProtocolError as error:
            raise EngineError("schema", f"answer to {cmd} breaks the protocol schema: {error.message}") from None
        self._answered[ident] = (cmd, self.context)
        return answer

    def _twice(self, repeated: int, cmd: str, ident: int) -> str:
        """The message for a second answer to request ``repeated``, read where the answer to ``cmd`` was due."""
        first, context = self._answered[repeated]
        during = f" of {context}" if context and context != self.context else ""
        return (
            f"the engine answered the {first} request (id {repeated}{during}) twice: each request gets one answer "
            f"(the second came where the answer to {cmd}, id {ident}, was due)"
        )

    def _read_line(self, cmd: str) -> bytes:
        process = self.process
        assert process is not None and process.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd = process.stdout.fileno()
        end = self._buffer.find(b"\n")
        if end >= 0:  # read already (with an answer before it)
            return self._take_line(end)
        scanned = len(self._buffer)  # each byte is searched for the newline once: linear in the answer's length
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            fd_err = self._watch_stderr(selector)
            while end < 0:
                if len(self._buffer) > MAX_LINE_BYTES:
                    self._buffer = bytearray()
                    raise EngineError("garbage", f"answer to {cmd} is longer than {MAX_LINE_BYTES} bytes")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineError("timeout", f"no answer to {cmd} within {self.timeout:g} s")
                for key, _ in selector.select(remaining):
                    if key.fd == fd_err:
                        self._stderr_ready(selector, fd_err)
                    else:
                        self._read_chunk(fd, cmd)
                end = self._buffer.find(b"\n", scanned)
                scanned = len(self._buffer)
        return self._take_line(end)

    def _take_line(self, end: int) -> bytes:
        """The buffered line ending at ``end``, taken out of the buffer."""
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]  # (a bytearray drops its head without copying the rest)
        return line

    def _watch_stderr(self, selector: selectors.BaseSelector) -> int:
        """Register the engine's stderr with ``selector`` (so that it is drained while waiting); its fd or -1."""
        process = self.process
        if process is None or process.stderr is None or process.stderr.closed:
            return -1
        fd = process.stderr.fileno()
        selector.register(fd, selectors.EVENT_READ)
        return fd

    def _stderr_ready(self, selector: selectors.BaseSelector, fd: int) -> None:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:  # pragma: no cover - a spurious wake-up
            return
        except OSError:
            chunk = b""
        if not chunk:  # the engine closed its stderr: stop watching it
            selector.unregister(fd)
            return
        self._keep(chunk)

    def _read_chunk(self, fd: int, cmd: str) -> None:
        """Add what the engine has written to the buffer; an engine that has gone raises."""
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:  # pragma: no cover - a spurious wake-up
            return
        except OSError:
            raise self._gone(cmd) from None
        if not chunk:
            raise self._gone(cmd)
        self._buffer += chunk

    def _gone(self, cmd: str, *, closed: str = "output") -> EngineError:
        process = self.process
        status: int | None = None
        if process is not None:
            try:
                status = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                status = None
        lines = [line for line in self.stderr_tail().splitlines() if line.strip()]
        said = f"; the end of its stderr: {' | '.join(lines[-2:])[-300:]!r}" if lines else ""
        if status == 0:
            return EngineError("exit", f"the engine exited (status 0) instead of answering {cmd}{said}")
        if status is None and closed == "input":
            return EngineError(
                "crash",
                f"the engine closed its standard input (still running) instead of reading the {cmd} request{said}",
            )
        how = (
            f"status {status}"
            if status is not None and status > 0
            else (f"signal {-status}" if status is not None else "closed its standard output, still running")
        )
        return EngineError("crash", f"the engine crashed ({how}) instead of answering {cmd}{said}")


# -------------------------------------------------------------------- claims
