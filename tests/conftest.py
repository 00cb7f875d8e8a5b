"""Shared fixtures: tiny random model pairs (built by mtp_viz.tiny) and the shipped miniature."""
from __future__ import annotations

import os

import pytest
import torch

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# Tiny models run fastest on one thread, and the suite stays steady when other work shares the cores.
torch.set_num_threads(1)

from mtp_viz import ModelPair  # noqa: E402
from mtp_viz.strings import DEFAULT, TABLES  # noqa: E402
from mtp_viz.tiny import gemma4_assistant, gemma4_target, llama  # noqa: E402,F401  (re-exported to tests)

PROMPT = [2, 5, 6, 7, 8, 9, 10, 11]
LANGS = list(TABLES)                                  # every language with a table: the tests' list
TRANSLATED = [lang for lang in TABLES if lang != DEFAULT]   # ... all but English, the reference

# Test tiers. `make test-fast` runs `-m "not browser and not slow"`: pure tests on fixtures and tiny random models.
# `make test` runs every tier. A test is in the browser tier when its file is a test_browser*.py (each starts the app
# and drives Chromium), and in the slow tier when it asks for the shipped miniature (the `miniature` fixture, itself or
# through a fixture of its own) or is marked @pytest.mark.slow by hand (it starts servers or processes, trains, loads a
# bundled miniature itself, runs a statistical test over a thousand generations, or draws every view of every shipped
# trace).
TIERS = {
    "browser": "drives the app in Chromium (tests/test_browser*.py); only in `make test`",
    "slow": "generates with the shipped miniature, starts processes, trains, samples a thousand times or draws every "
            "shipped view; only in `make test`",
}


def pytest_configure(config):
    for name, text in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name.startswith("test_browser"):
            item.add_marker(pytest.mark.browser)
        elif "miniature" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def tiny_pair() -> ModelPair:
    """A random Gemma 4 target + MTP assistant with the efficient (ordered) embedder."""
    return ModelPair(gemma4_target(), gemma4_assistant(), name="tiny-random")


@pytest.fixture(scope="session")
def tiny_pair_plain() -> ModelPair:
    """The same target with an assistant that scores the whole vocabulary (no centroids)."""
    return ModelPair(gemma4_target(), gemma4_assistant(ordered=False), name="tiny-random-plain")


@pytest.fixture(scope="session")
def llama_pair() -> ModelPair:
    return ModelPair(llama(layers=3, seed=0), llama(hidden=32, layers=1, seed=1), name="tiny-llama")


@pytest.fixture(scope="session")
def miniature():
    """The shipped miniature (trained by this project); tests that need acceptance use it."""
    from mtp_viz import load_pair
    return load_pair()



@pytest.fixture(scope="session")
def server():
    """The app (app.py) on a free local port, started once for every browser test of the run; its output goes to
    tests/artifacts/server.log. Visitors stay apart in it as in the app: each test opens its own browser context."""
    from test_browser import ARTIFACTS, CHROME, INSTALL

    from mtp_viz.local_app import running_app

    if CHROME is None:
        pytest.skip(INSTALL)
    with running_app(log=ARTIFACTS / "server.log") as url:
        yield url
