"""Child processes that die with the process that started them, even when it is killed with SIGKILL.

A process started in a session of its own (as the harness starts an engine,
so that its whole process group can be killed at once) is not signalled when
its parent dies: an engine that ignores the end of its input would outlive a
``kill -9`` of the harness, with every process it started. :func:`reaped`
turns a command line into one that runs it under a tiny supervisor: a Python
interpreter started without site packages (``-I -S``) that

1. checks that the process that started it is still its parent (it may have
   died in the meantime: then the command is not run at all);
2. starts the command as its child, in the same process group (the
   supervisor leads it), with the signal dispositions a new program expects
   (SIGPIPE and SIGXFSZ back to their defaults, as ``subprocess`` does), and
   gives it the standard streams (keeping none open itself, so that the engine's end of
   output is seen as soon as the engine closes it);
3. waits for the first of: the command's end, then it exits with the same
   status (the same signal, when the command was killed by one); or its
   parent's end, then it kills with SIGKILL the command and everything the
   command started, and exits.

On Linux the supervisor is a *child subreaper* (``PR_SET_CHILD_SUBREAPER``):
a process the command started that leaves the process group or the session
(``setsid``, ``setpgid``: 7 of 16 such helpers outlived a ``kill -9`` of
the harness) and is orphaned comes to the supervisor instead of ``init``,
so that at its parent's end the supervisor kills its children, takes the
orphans that come to it, and kills them in turn, until no descendant is
left. Elsewhere it kills its process group, as before.

It watches its parent with a process file descriptor (``pidfd_open``, Linux
5.3), which reports the end of the parent *process* (unlike
``PR_SET_PDEATHSIG``, which fires when the parent's *thread* that started the
child ends, and would kill an engine started from a short-lived thread), and
where there is none it looks at its parent's process id five times a second.
Nothing runs in the parent between ``fork`` and ``exec`` (no ``preexec_fn``),
so starting a child stays safe in a program with threads.

>>> import subprocess
>>> subprocess.run(reaped(["sh", "-c", "exit 3"]), check=False).returncode
3
>>> subprocess.run(reaped(["sh", "-c", "kill -TERM $$"]), check=False).returncode
-15
>>> reaped([])
Traceback (most recent call last):
...
ValueError: no command to run
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["SUPERVISOR", "reaped"]

#: The supervisor's program (run with ``python -I -S -c``; its arguments: the parent's pid, then the command).
SUPERVISOR = r"""
import os, select, signal, sys, time
parent, argv = int(sys.argv[1]), sys.argv[2:]
def pidfd(pid):
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None
watch = pidfd(parent)
if os.getppid() != parent:
    os._exit(125)
def subreaper():
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except (ImportError, OSError, AttributeError):
        return False
reaping = sys.platform.startswith("linux") and os.path.isdir("/proc") and subreaper()
def children():
    me, found = os.getpid(), []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name, "rb") as stat:
                    text = stat.read()
            except OSError:
                continue
            if int(text[text.rfind(b")") + 2:].split()[1]) == me:
                found.append(int(name))
    return found
def end():
    if not reaping:
        os.killpg(0, signal.SIGKILL)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    while True:
        for pid in children():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            os._exit(137)
        except InterruptedError:
            pass
try:
    child = os.fork()
except OSError as error:
    os.write(2, ("gupai: cannot start %s: %s\n" % (argv[0], error.strerror)).encode("utf-8", "replace"))
    os._exit(126)
if child == 0:
    for name in ("SIGPIPE", "SIGXFZ", "SIGXFSZ"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    try:
        os.execvp(argv[0], argv)
    except OSError as error:
        os.write(2, ("gupai: cannot run %s: %s\n" % (argv[0], error.strerror)).encode("utf-8", "replace"))
    os._exit(127)
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):
    os.dup2(null, fd)
os.close(null)
for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, lambda *_: end())
done = pidfd(child)
status = None
while status is None:
    if watch is not None and done is not None:
        ready = select.select([watch, done], [], [])[0]
        if watch in ready:
            end()
    else:
        time.sleep(0.2)
        if os.getppid() != parent:
            end()
    pid, code = os.waitpid(child, 0 if done is not None else os.WNOHANG)
    if pid == child:
        status = code
if os.WIFSIGNALED(status):
    number = os.WTERMSIG(status)
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
    except (ImportError, OSError, ValueError):
        pass
    try:
        signal.signal(number, signal.SIG_DFL)
    except (OSError, ValueError):
        pass
    os.kill(os.getpid(), number)
    os._exit(128 + number)
os._exit(os.waitstatus_to_exitcode(status))
"""


def reaped(argv: Sequence[str]) -> list[str]:
    """``argv`` run under the supervisor that kills its process group when the calling process dies.

    Meant for a child started in a session of its own (``start_new_session=True``): the supervisor is
    that session's leader, so killing its process group (as the caller does when it is done) still kills
    the command and everything it started. Where the supervisor cannot run (no POSIX ``fork``, no
    interpreter path), ``argv`` is returned unchanged.
    """
    if not argv:
        raise ValueError("no command to run")
    if os.name != "posix" or not sys.executable:
        return list(argv)  # pragma: no cover - POSIX only
    return [sys.executable, "-I", "-S", "-c", SUPERVISOR, str(os.getpid()), *argv]
