"""Starts a checkout's app.py on a free local port and waits until it answers: one way for the browser tests, the
browser benchmark and docs/shoot.py to get a running app. Knows processes and ports, nothing of the page."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
START_S = 300.0           # a cold start on a loaded 2-core host (models loaded, the page warmed) can take minutes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_app(root: Path = ROOT, log: Path | None = None, env: dict[str, str] | None = None,
                start_s: float = START_S) -> Iterator[str]:
    """app.py of `root` served on 127.0.0.1 offline, its output in `log` (or dropped); yields its URL once it answers
    and stops it when the block ends. Raises RuntimeError, naming the log, if it exits or stays silent."""
    port = free_port()
    env = {**os.environ, "GRADIO_SERVER_PORT": str(port), "GRADIO_SERVER_NAME": "127.0.0.1",
           "GRADIO_ANALYTICS_ENABLED": "False", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **(env or {})}
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
    out = log.open("w") if log is not None else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "app.py"], cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    url, deadline, see = f"http://127.0.0.1:{port}/", time.monotonic() + start_s, f"; see {log}" if log else ""
    try:
        while True:
            try:
                urllib.request.urlopen(url, timeout=5)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"app.py in {root} exited with {proc.returncode}{see}") from None
                if time.monotonic() > deadline:
                    raise RuntimeError(f"app.py in {root} did not answer on {url} within {start_s:.0f} s{see}") \
                        from None
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if log is not None:
            out.close()
