"""``gupai simulate --cluster``: the chunks played on a Dask cluster give the figures ``--jobs`` gives.

The cluster is a LocalCluster inside the test process (``processes=False``:
its scheduler and worker talk in memory, no network).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.core.errors import OptionError
from gupai.sim import cluster as cluster_module
from gupai.sim.chunks import chunks, task_groups
from gupai.sim.cluster import cluster_chunk_results, dask_client, play_chunks_task
from gupai.sim.simulate import Simulation, simulate
from tests.extras import needs
from tests.integration.test_validate_jobs import corpus

needs("cluster")
distributed = pytest.importorskip("distributed")  # (installed: the module, untyped)


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize(
    "simulation",
    [
        Simulation("kap-shap", engine="fast"),
        Simulation("tsung-shap", agents=("random",), engine="fast"),
        Simulation("kap-tai-shap", players=4, engine="reference"),
    ],
    ids=str,
)
def test_a_cluster_gives_the_figures_of_one_process(address: str, simulation: Simulation) -> None:
    games = 120 if simulation.engine == "fast" else 30
    local = simulate(simulation, games=games, seed=11, jobs=1).summary()
    assert simulate(simulation, games=games, seed=11, cluster=address).summary() == local
    assert local["games"] == games


def test_simulate_cluster_on_the_command_line(address: str) -> None:
    needs("fast")  # --engine fast
    args = ["simulate", "kap-shap", "-n", "300", "--seed", "4", "--json", "--engine", "fast"]
    runner = CliRunner()
    local = runner.invoke(main, [*args, "--jobs", "1"])
    remote = runner.invoke(main, [*args, "--cluster", address])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_an_unreachable_scheduler_is_an_option_error() -> None:
    with pytest.raises(OptionError, match=r"no Dask scheduler reached at tcp://127\.0\.0\.1:1"):
        list(cluster_chunk_results(Simulation("kap-shap"), [(0, 1)], "tcp://127.0.0.1:1", timeout=1))


def test_each_chunk_is_its_own_match_on_a_cluster_too(address: str) -> None:
    """navpil-culin: the previous game's winner plays first, each chunk a match, on a cluster's workers as locally.

    A worker keeps its runner from task to task: a chunk that did not start a new match would begin with the
    previous chunk's last winner, and the figures would differ.
    """
    simulation = Simulation("kap-shap", preset="navpil-culin", engine="reference")
    local = simulate(simulation, games=90, seed=5, jobs=1).summary()
    assert simulate(simulation, games=90, seed=5, cluster=address).summary() == local


def test_the_reference_engine_is_the_same_on_a_cluster(address: str) -> None:
    fast = Simulation("kap-shap", preset="one-tile", engine="fast")
    slow = replace(fast, engine="reference")
    assert (
        simulate(fast, games=40, seed=2, cluster=address).summary()
        == simulate(slow, games=40, seed=2, cluster=address).summary()
    )


def test_validate_cluster_gives_the_output_of_one_process(address: str, tmp_path: Path) -> None:
    paths = corpus(tmp_path)
    runner = CliRunner()
    for extra in ([], ["--json"]):
        serial = runner.invoke(main, ["validate", *paths, *extra])
        remote = runner.invoke(main, ["validate", *paths, *extra, "--cluster", address])
        assert serial.exit_code == 1, serial.output
        assert (remote.exit_code, remote.stdout, remote.stderr) == (serial.exit_code, serial.stdout, serial.stderr)


def test_validate_with_an_unreachable_scheduler_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (validate imports it from gupai.sim.cluster as it runs) not the 10 s of the command
    monkeypatch.setattr(cluster_module, "dask_client", partial(dask_client, timeout=1))
    done = CliRunner().invoke(main, ["validate", *corpus(tmp_path), "--cluster", "tcp://127.0.0.1:1"])
    assert done.exit_code == 2
    assert "no Dask scheduler reached at tcp://127.0.0.1:1" in done.stderr
    assert "Traceback" not in done.output


def test_a_cancelled_task_stops_playing_within_a_chunk(address: str) -> None:
    # Dask cannot stop a running task: a `simulate --cluster` stopped by a signal would leave its workers
    # playing for hours for nobody, unless the task asks, chunk by chunk, whether it is still wanted.
    hours = [(seed, 250) for seed in range(0, 250 * 200_000, 250)]  # 50 million games in one task
    with distributed.Client(address, set_as_default=False) as client:

        def executing() -> int:
            counts = client.run(lambda dask_worker: dask_worker.state.executing_count)  # cancelled ones too
            return sum(counts.values())

        def within(seconds: float, predicate: Callable[[], bool]) -> bool:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if predicate():
                    return True
                time.sleep(0.05)
            return False

        future = client.submit(play_chunks_task, Simulation("kap-shap", engine="reference"), hours, pure=False)
        assert within(30, lambda: executing() == 1), "the task never started"
        time.sleep(0.5)
        future.cancel()
        assert within(10, lambda: executing() == 0), "the worker goes on playing a cancelled task"


def test_a_task_answers_one_tally_of_all_its_chunks(address: str) -> None:
    # few, long tasks: the 40 chunks of 2,000 games go to a handful of tasks, each answering one tally
    simulation = Simulation("kap-shap", engine="fast")
    plan = chunks(2_000, 9)
    parts = list(cluster_chunk_results(simulation, plan, address))
    assert len(parts) == len(task_groups(plan, workers=2, per_worker=cluster_module.TASKS_PER_THREAD)) < len(plan)
    assert sum(count for count, _ in parts) == 2_000
    merged = simulation.runner().new_tally()
    for _, tally in parts:
        merged.merge(tally)
    assert merged.summary() == simulate(simulation, games=2_000, seed=9, jobs=1).tally.summary()


def test_the_quiet_environment_is_read_by_dask_as_the_quiet_settings() -> None:
    import dask.config

    read = dask.config.collect_env(cluster_module.quiet_environment())
    for key, value in cluster_module.QUIET_CONFIG.items():
        assert dask.config.get(key, config=read) == value, key
    defaults = {key: dask.config.get(key) for key in cluster_module.QUIET_CONFIG}
    assert all(defaults[key] != value for key, value in cluster_module.QUIET_CONFIG.items()), defaults


def test_a_scheduler_preloading_gupai_asks_for_fewer_heartbeats(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import scheduler

    async def next_heartbeat(dask_worker: Any) -> float:
        await dask_worker.heartbeat()  # the scheduler's answer sets the next one's delay
        return float(dask_worker.periodic_callbacks["heartbeat"].callback_time)

    with distributed.Client(address, set_as_default=False) as client:
        assert set(client.run(next_heartbeat).values()) == {500.0}  # dask's own, up to 10 workers
    # (the preload wraps a function of the scheduler's module, in this process: restored after the test)
    monkeypatch.setattr(scheduler, "heartbeat_interval", scheduler.heartbeat_interval)
    cluster_module.dask_setup(object())  # a server that is no scheduler: nothing changes
    assert scheduler.heartbeat_interval(1) == 0.5
    with (
        distributed.LocalCluster(
            n_workers=1,
            processes=False,
            dashboard_address=None,
            scheduler_kwargs={"preload": ["gupai.sim.cluster"], "dashboard_address": ":0"},
        ) as quiet,
        distributed.Client(quiet, set_as_default=False) as client,
    ):
        assert set(client.run(next_heartbeat).values()) == {cluster_module.HEARTBEAT_SECONDS * 1000}
    cluster_module.dask_setup(quiet.scheduler)  # a second time: wrapped once
    assert scheduler.heartbeat_interval(1) == cluster_module.HEARTBEAT_SECONDS
    assert scheduler.heartbeat_interval(10_000) == 51.0  # dask's own, where it is longer
