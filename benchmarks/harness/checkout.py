"""Another checkout's code under the same benchmark: the figures before a change, side by side."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import NoReturn


def rerun_with(src: str, script: str) -> NoReturn:
    """Run ``script`` again with this command line and ``--child``, in a process importing tabletop from ``src``
    (another checkout's ``src`` directory) first; exit with its status."""
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    command = [sys.executable, script, *sys.argv[1:], "--child"]
    sys.exit(subprocess.run(command, env=env, check=False).returncode)
