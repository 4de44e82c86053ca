"""``gupai engine`` and ``gupai conformance run``.

Exit status of ``gupai conformance run``: 0 when every case run passed
(skips and known failures aside), 1 when any failed (a run stopped by
consecutive timeouts included), 2 for bad arguments or an engine that could
not start, 3 on an internal error.

On a terminal (standard error a TTY) the run shows a progress bar and each
failure as it happens, ``FAIL`` in colour unless ``NO_COLOR`` is set; when
standard error is not a terminal it is quiet (``--verbose`` prints each case).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from gupai.cli.app import InputError, safe_text
from gupai.conformance.cases import CaseResult, collect_cases, not_run, select_cases
from gupai.conformance.compare import MAX_REPORT_BYTES, compare, matrix_html, matrix_text
from gupai.conformance.junit import junit_xml
from gupai.conformance.process import EngineProcess, HarnessError
from gupai.conformance.report import Report, apply_known_failures, parse_known_failures
from gupai.conformance.runner import MAX_CONSECUTIVE_TIMEOUTS, run_cases
from gupai.core.files import OutputError, check_writable, write_file
from gupai.core.jsonread import JSONReadError, loads
from gupai.core.spec import games
from gupai.core.terminal import printable
from gupai.protocol.server import main as serve_main

from .params import FORCE, JSON, QUIET, game_argument

#: The files a run writes, each its option and its parameter: refused with --dump-tests, which runs nothing.
_OUTPUTS_OF_A_RUN = (
    ("--report", "report_path"),
    ("--badge", "badge_path"),
    ("--junit", "junit_path"),
    ("--write-known-failures", "write_known"),
)


@click.command("engine")
def engine_cmd() -> None:
    """Run the reference engine behind the engine protocol (JSON Lines on stdin and stdout)."""
    sys.exit(serve_main())


@click.group("conformance")
def conformance_group() -> None:
    """Test an engine against every scenario and conformance log, over the engine protocol."""


def _write(path: str, text: str, *, force: bool) -> None:
    """Write one of the run's files (a report, a badge, JUnit XML, known failures, a matrix page) whole: an
    existing file is replaced only with ``force`` (the known-failures file updates itself: always)."""
    try:
        write_file(path, text, force=force)
    except OutputError as error:
        raise InputError(safe_text(error.message)) from None


def known_failures_text(previous: str | None, failed: Sequence[str]) -> str:
    """The known-failures file to write, given its ``previous`` text (None: no file) and the ``failed`` ids.

    A curated file keeps every line, comments included; the failed ids are
    added at its end (the caller leaves out those it already lists).

    >>> known_failures_text(None, ["a", "b"])
    'a\\nb\\n'
    >>> known_failures_text("# why\\na  # flaky", ["c"])
    '# why\\na  # flaky\\n# failed in the latest run, not listed above:\\nc\\n'
    """
    ids = "".join(f"{case}\n" for case in failed)
    if previous is None:
        return ids
    text = previous if not previous or previous.endswith("\n") else previous + "\n"
    return text + ("# failed in the latest run, not listed above:\n" + ids if failed else "")


def _read_known(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8", errors="surrogateescape")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise InputError(safe_text(f"cannot read {path}: {error.strerror or error}")) from None


@conformance_group.command("run")
@game_argument(required=False, choices=games())
@click.option("--engine", "command", metavar="COMMAND", help="The command line that starts the engine under test.")
@click.option("--run", "run_globs", multiple=True, metavar="GLOB", help="Only cases whose id or rule id matches.")
@click.option("--skip", "skip_globs", multiple=True, metavar="GLOB", help="Leave out cases whose id or rule matches.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.01),
    metavar="S",
    default=10.0,
    show_default=True,
    help="Seconds to wait for each answer.",
)
@click.option(
    "--start-timeout",
    type=click.FloatRange(min=0.01),
    metavar="S",
    default=30.0,
    show_default=True,
    help="Seconds to wait for the engine to answer the start handshake.",
)
@click.option(
    "--max-timeouts",
    type=click.IntRange(min=0),
    metavar="K",
    default=MAX_CONSECUTIVE_TIMEOUTS,
    show_default=True,
    help="Stop the run after this many cases in a row time out (0: never stop).",
)
@JSON
@click.option("--report", "report_path", metavar="FILE", help="Also write the JSON report to FILE.")
@click.option("--badge", "badge_path", metavar="FILE", help="Write a shields.io endpoint badge to FILE.")
@click.option(
    "--junit",
    "junit_path",
    metavar="FILE",
    help="Also write the results as JUnit XML to FILE (one testcase a case, with its rules and rerun command).",
)
@click.option(
    "--known-failures",
    "known_path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Case ids (or globs, or rule ids) expected to fail, one a line.",
)
@click.option(
    "--write-known-failures",
    "write_known",
    metavar="FILE",
    help="Write the ids of the failed cases to FILE (an existing file keeps its lines and comments: new ids are added).",
)
@FORCE("--report", "--badge", "--junit")
@click.option("--dump-tests", is_flag=True, help="List the selected cases as JSON and exit; no engine is run.")
@click.option("-v", "--verbose", is_flag=True, help="Print each case as it runs, and every skip reason.")
@QUIET
def run_cmd(**params: Any) -> None:
    """Drive the engine started by COMMAND through every case (of GAME, if given) and report per rule.

    Cases are the scenarios of features/ and the logs of conformance/; a case
    needing a game, an option value or a number of players the engine does
    not claim is reported as not supported, never as failed; an option added
    after protocol 1 is sent only to an engine that claims it.
    """
    try:
        _run(**params)
    except HarnessError as error:
        raise InputError(printable(error.message)) from None


def _run(
    *,
    game: str | None,
    command: str | None,
    run_globs: tuple[str, ...],
    skip_globs: tuple[str, ...],
    timeout: float,
    start_timeout: float,
    max_timeouts: int,
    as_json: bool,
    report_path: str | None,
    badge_path: str | None,
    junit_path: str | None,
    known_path: str | None,
    write_known: str | None,
    force: bool,
    dump_tests: bool,
    verbose: bool,
    quiet: bool,
) -> None:
    if dump_tests:  # (an --engine is let be: a rerun command with --dump-tests added lists its cases)
        paths = {
            "report_path": report_path,
            "badge_path": badge_path,
            "junit_path": junit_path,
            "write_known": write_known,
        }
        given = [name for name, path in _OUTPUTS_OF_A_RUN if paths[path]]
        if given:
            raise click.UsageError(
                f"--dump-tests lists the cases and runs no engine: it writes no {' or '.join(given)}"
            )
    cases = select_cases(collect_cases(), game=game, run=run_globs, skip=skip_globs)
    if not cases:
        chosen = [f"--run {g}" for g in run_globs] + [f"--skip {g}" for g in skip_globs] + ([game] if game else [])
        raise InputError(f"no case is selected by {' '.join(chosen) or 'these options'}: nothing to run")
    if dump_tests:
        click.echo(json.dumps([case.to_json() for case in cases], indent=2, ensure_ascii=False))
        return
    if not command:
        raise HarnessError("give the engine to test with --engine 'COMMAND' (or --dump-tests to list the cases)")
    known = parse_known_failures(Path(known_path).read_text(encoding="utf-8")) if known_path else ()
    _refuse_collisions(
        [
            ("--report", report_path),
            ("--badge", badge_path),
            ("--junit", junit_path),
            ("--write-known-failures", write_known),
        ]
    )
    outputs = [(report_path, force), (badge_path, force), (junit_path, force), (write_known, True)]
    for path, replace in outputs:
        if path:  # before the run, not after it: a file that cannot be written is said at once
            try:
                check_writable(path, force=replace)
            except OutputError as error:
                raise InputError(safe_text(error.message)) from None

    settings = (
        ("timeout", timeout),
        ("start_timeout", start_timeout),
        ("max_timeouts", max_timeouts),
        ("game", game),
        ("run", list(run_globs)),
        ("skip", list(skip_globs)),
        ("known_failures", known_path),
    )
    rerun = Report(command=command, hello={}, results=(), settings=settings).rerun
    started = time.monotonic()
    done: list[CaseResult] = []
    try:
        with (
            EngineProcess(command, timeout=timeout, start_timeout=start_timeout) as engine,
            live_display(len(cases), rerun, verbose=verbose, quiet=quiet) as display,
        ):

            def progress(result: CaseResult) -> None:
                done.append(result)
                display(result)

            _claims, results, restarts = run_cases(engine, cases, progress=progress, max_timeouts=max_timeouts)
            hello = engine.hello
    except KeyboardInterrupt:  # SIGINT or SIGTERM: the engine's group is killed; say what ran, write nothing
        counts = Counter(r.outcome for r in done)
        click.echo(
            f"gupai conformance: interrupted after {len(done)} of {len(cases)} cases "
            f"({counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped); no report written",
            err=True,
        )
        raise
    unrun = [r for r in results if not_run(r)]
    if unrun:
        click.echo(
            f"gupai conformance: stopped after {max_timeouts} cases in a row timed out (--max-timeouts); "
            f"{len(unrun)} cases not run",
            err=True,
        )
    report = Report(
        command=command,
        hello=hello,
        results=tuple(apply_known_failures(results, known)),
        restarts=restarts,
        seconds=time.monotonic() - started,
        games=(game,) if game else tuple(sorted({c.game for c in cases if c.game})),
        settings=settings,
    )
    document = json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"
    if report_path:
        _write(report_path, document, force=force)
    if badge_path:
        _write(badge_path, json.dumps(report.badge(), indent=2, ensure_ascii=False) + "\n", force=force)
    if junit_path:
        _write(junit_path, junit_xml(report), force=force)
    if write_known:
        previous = _read_known(write_known)
        entries = parse_known_failures(previous) if previous is not None else ()
        failed = [r.case.id for r in apply_known_failures(results, entries) if r.outcome == "fail" and not r.known]
        _write(write_known, known_failures_text(previous, failed), force=True)
    paint = painter(sys.stdout) if not as_json else None
    click.echo(document if as_json else report.text(verbose=verbose, paint=paint), nl=False)
    sys.exit(report.exit_status)


@conformance_group.command("compare")
@click.argument("reports", nargs=-1, required=True, metavar="REPORT...")
@JSON
@click.option("--html", "html_path", metavar="FILE", help="Also write the matrix as a static HTML page to FILE.")
@FORCE("--html")
def compare_cmd(reports: tuple[str, ...], as_json: bool, html_path: str | None, force: bool) -> None:
    """Lay the JSON reports of several runs side by side: rules down, engines across.

    Each REPORT is a file written by `gupai conformance run --report` (at
    most 32 MB); each cell is pass (every case of the rule passed), pass 3/10
    (3 of its 10 cases passed, the rest not supported or not asked), fail,
    unsupported (the engine does not claim what the rule's cases need), not
    asked (the run held none of its cases), known failure or untested (the
    kit has no case of it), and "-" where a report covers none of the rule's
    game. Each engine's line counts passed, failed, not supported, not asked
    and rule mismatches.
    """
    if html_path:
        _refuse_collisions([("--html", html_path), *(("REPORT", path) for path in reports)])
        try:
            check_writable(html_path, force=force)
        except OutputError as error:
            raise InputError(safe_text(error.message)) from None
    docs = [_read_report(path) for path in reports]
    matrix = compare(docs, files=list(reports))
    if html_path:
        _write(html_path, matrix_html(matrix), force=force)
    # each line escaped on its own (engine names come from the reports): the matrix keeps its lines
    text = "\n".join(printable(line) for line in matrix_text(matrix).splitlines())
    click.echo(json.dumps(matrix, indent=2, ensure_ascii=False) if as_json else text)


def _refuse_collisions(named: list[tuple[str, str | None]]) -> None:
    """Refuse, before anything runs (and whatever --force says), two of a command's files that are one file:
    the later write would replace the earlier (a report and a badge lost under JUnit XML), or an output its
    input. ``named``: each option and its path (``None``: not given); the first is an output.

    >>> _refuse_collisions([("--report", "r.json"), ("--junit", "./r.json")])
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: --report and --junit name the same file (./r.json): each output needs its own
    """
    seen: dict[str, str] = {}
    for option, path in named:
        if not path or path == "-":
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise click.UsageError(
                safe_text(f"{seen[key]} and {option} name the same file ({path}): each output needs its own")
            )
        seen[key] = option


def _read_report(path: str) -> dict[str, Any]:
    """A conformance report, read and checked against its schema; a one-line error otherwise."""
    import jsonschema  # only this command needs it

    from gupai.conformance.report_schema import report_schema

    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_REPORT_BYTES + 1)
        if len(data) > MAX_REPORT_BYTES:
            raise InputError(
                safe_text(f"{path} is not a conformance report: larger than {MAX_REPORT_BYTES // 2**20} MB")
            )
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(safe_text(f"cannot read {path}: {getattr(error, 'strerror', None) or error}")) from None
    try:
        doc = loads(text)  # the strict reader every JSON handed in goes through (a duplicate key, NaN, depth)
    except JSONReadError as error:
        raise InputError(safe_text(f"{path} is not JSON: {error.message}")) from None
    problem = next(iter(jsonschema.Draft202012Validator(report_schema()).iter_errors(doc)), None)
    if problem is not None:
        where = "/" + "/".join(map(str, problem.absolute_path))
        raise InputError(safe_text(f"{path} is not a conformance report: {where}: {problem.message}"[:300]))
    result: dict[str, Any] = doc
    return result


_STYLES = {"fail": {"fg": "red", "bold": True}, "pass": {"fg": "green"}, "dim": {"dim": True}}


def painter(stream: IO[str]) -> Callable[[str, str], str] | None:
    """Colour for ``stream`` when it is a terminal and ``NO_COLOR`` is unset (https://no-color.org); else None."""
    if os.environ.get("NO_COLOR") or not stream.isatty():
        return None
    return lambda text, style: click.style(text, **_STYLES.get(style, {}))  # type: ignore[arg-type]


@contextmanager
def live_display(
    total: int, rerun: Callable[[str], str], *, verbose: bool, quiet: bool = False
) -> Iterator[Callable[[CaseResult], None]]:
    """What the run shows as it goes, on standard error.

    On a terminal: a progress bar (rich, as ``simulate`` shows), and each
    failure above it with the command that runs that case again. Elsewhere:
    nothing, or with ``verbose`` one line per case; with ``quiet``, nothing.
    """
    if quiet or not sys.stderr.isatty():

        def lines(result: CaseResult) -> None:
            if verbose and not quiet:
                click.echo(f"{result.outcome:<4} {printable(result.case.id)}", err=True)

        yield lines
        return
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .output import console as rich_console

    console = rich_console(stderr=True)  # under NO_COLOR neither colour nor bold
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[failed]} failed"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("conformance", total=total, failed=0)
        failed = 0

        def show(result: CaseResult) -> None:
            nonlocal failed
            if result.outcome == "fail" and not not_run(result):
                failed += 1
                console.print(
                    f"[bold red]FAIL[/] {escape(printable(result.case.id))}  {escape(f'[{result.fault}]')}",
                    soft_wrap=True,
                )
                console.print(f"     {escape(printable(result.message[:300]))}", soft_wrap=True)
                console.print(f"     [dim]rerun: {escape(printable(rerun(result.case.id)))}[/]", soft_wrap=True)
            elif verbose:
                console.print(f"{result.outcome:<4} {escape(printable(result.case.id))}")
            bar.update(task, advance=1, failed=failed)

        yield show
