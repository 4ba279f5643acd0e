"""The Ray backend on a real local Ray cluster gives exactly the local backend's results.

The cluster is started with ``ray start --head --block`` on free loopback ports in its
own process group, and that group is ended afterwards (nothing else is touched).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.backends import LocalProcesses, RayCluster
from tabletop.analysis.compare import run_variants
from tabletop.analysis.runner import RunSpec, Variant

ray = pytest.importorskip("ray")
GAME = "jumanji"
HOST = "127.0.0.2"  # Ray turns 127.0.0.1 into the machine's network address; this stays on loopback


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if GAME not in tabletop.list_games():
        pytest.skip(f"{GAME} is not installed")
    executable = shutil.which("ray", path=str(Path(sys.executable).parent))
    assert executable is not None, "the ray command is missing from the environment"
    port = free_port()
    temp = tmp_path_factory.mktemp("ray")
    command = [
        executable, "start", "--head", "--block", f"--port={port}", f"--node-ip-address={HOST}", "--num-cpus=2",
        "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}", "--object-store-memory=200000000",
        f"--node-manager-port={free_port()}", f"--object-manager-port={free_port()}",
        f"--dashboard-agent-listen-port={free_port()}", f"--metrics-export-port={free_port()}",
        f"--runtime-env-agent-port={free_port()}", "--min-worker-port=20000", "--max-worker-port=20200",
    ]
    log = (temp / "ray-start.log").open("w")
    # the cluster listens on loopback only and lives in a private directory; both ends agree on no
    # token (Ray otherwise turns token auth on when it finds ~/.ray/auth_token, on one end only)
    settings = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
    saved = {key: os.environ.get(key) for key in settings}
    os.environ.update(settings)
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        address = f"{HOST}:{port}"
        deadline = time.monotonic() + 180
        while True:
            try:
                ray.init(address=address, _node_ip_address=HOST, logging_level="ERROR", log_to_driver=False)
                break
            except (ConnectionError, RuntimeError):
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(1)
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def test_a_comparison_on_ray_equals_the_local_one(cluster: str) -> None:
    variants = tuple(
        Variant(name, tabletop.make(GAME, players=2, **options), (RandomAgent(), RandomAgent()))
        for name, options in (("base", {}), ("other", {"rescue_rolls": 4}))
    )
    spec = RunSpec(variants, seed=11)
    on_ray = run_variants(spec, games=300, backend=RayCluster(cluster)).describe()
    local = run_variants(spec, games=300, backend=LocalProcesses(2)).describe()
    for described in (on_ray, local):
        del described["seconds"]
    assert on_ray == local
    assert on_ray["games"] == 300 and on_ray["findings"]["differences"]
