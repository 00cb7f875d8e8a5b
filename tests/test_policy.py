"""Tests for mtp_viz.ui.policy and the model cache (ui.service.Models): public vs local, the allow-list, one refusal
for every path, no download attempted, one load at a time, a bounded cache, limits, and every error shown as a message.

Knows the policy's switches (environment variables) and the cache's dict; loads no real checkpoint.
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from mtp_viz.problems import Problem
from mtp_viz.strings import t
from mtp_viz import worker
from mtp_viz.ui import policy, session
from mtp_viz.ui.service import Service
from mtp_viz.ui.policy import MINIATURE
from trace_fixtures import make_trace
from conftest import TRANSLATED

SWITCHES = ("SPACE_ID", "MTP_VIZ_PUBLIC", "MTP_VIZ_MODELS", "GRADIO_SERVER_NAME", "MTP_VIZ_MAX_PROMPT_CHARS",
            "MTP_VIZ_CONCURRENCY", "MTP_VIZ_QUEUE_SIZE", "MTP_VIZ_TORCH_THREADS", "MTP_VIZ_TRACE_CACHE",
            "MTP_VIZ_WORKERS", "MTP_VIZ_GATHER_MS")


@pytest.fixture(autouse=True)
def local(monkeypatch):
    """Each test starts local (loopback, no Space)."""
    for name in SWITCHES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture()
def service() -> Service:
    """A server's service of its own: an empty model cache, no load in progress, nothing generated."""
    return Service()


@pytest.fixture()
def no_loading(monkeypatch):
    """Fail the test if anything tries to load (and so download) a model."""
    from mtp_viz import models

    def refuse(*args, **kwargs):
        pytest.fail(f"load_pair{args} was called")
    monkeypatch.setattr(models, "load_pair", refuse)


@pytest.mark.parametrize("env, public", [
    ({}, False), ({"SPACE_ID": "someone/mtp-viz"}, True), ({"MTP_VIZ_PUBLIC": "1"}, True),
    ({"MTP_VIZ_PUBLIC": "0"}, False), ({"GRADIO_SERVER_NAME": "0.0.0.0"}, True),
    ({"GRADIO_SERVER_NAME": "127.0.0.1"}, False), ({"GRADIO_SERVER_NAME": "localhost"}, False),
    ({"GRADIO_SERVER_NAME": "::1"}, False), ({"GRADIO_SERVER_NAME": "10.1.2.3"}, True),
    ({"GRADIO_SERVER_NAME": "my-host.example"}, True)])
def test_public_mode_switches(monkeypatch, env, public):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert policy.is_public() is public
    assert (policy.allowed_models() is not None) is public


def test_public_default_allows_the_bundled_miniatures_only(monkeypatch):
    monkeypatch.setenv("SPACE_ID", "x/y")
    assert policy.allowed_models() == policy.bundled() and MINIATURE in policy.bundled()
    assert [ident for _, ident in policy.model_choices()] == policy.bundled()
    monkeypatch.setenv("MTP_VIZ_MODELS", "miniature, google/gemma-4-E2B-it")
    assert [ident for _, ident in policy.model_choices()] == [MINIATURE, "google/gemma-4-E2B-it"]
    assert policy.check_model("google/gemma-4-E2B-it", "") == ("google/gemma-4-E2B-it", "")


def test_locally_every_known_model_is_offered_once():
    idents = [ident for _, ident in policy.model_choices()]
    assert len(idents) == len(set(idents)) and idents[0] == MINIATURE and "google/gemma-4-26B-A4B-it" in idents


@pytest.mark.parametrize("model, assistant", [
    ("google/gemma-4-E2B-it", ""), ("/etc", ""), ("/definitely/not/here", ""), ("./assets/miniature/target", ""),
    ("~/.cache/huggingface", ""), ("..", ""), ("not a valid id!", ""), ("<img src=x onerror=alert(1)>", ""),
    ("google/gemma-4-E2B-it", "/etc")])
def test_public_refuses_anything_else_with_one_message(service, monkeypatch, no_loading, model, assistant):
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    expected = t("public.model_refused", allowed=", ".join(policy.bundled()))
    with pytest.raises(policy.Refused) as err:
        service.models.get(model, assistant)
    assert str(err.value) == expected          # the same words whether the path exists or not
    assert service.models.last_load() is None and service.models.held() == {}


def test_public_miniature_ignores_the_assistant_box(monkeypatch):
    monkeypatch.setenv("SPACE_ID", "x/y")
    for assistant in ("", "/etc", "google/gemma-4-E2B-it-assistant", "anything"):
        assert policy.check_model(MINIATURE, assistant) == (MINIATURE, "")


def test_local_keeps_hub_ids_and_folders_and_checks_ids(tmp_path):
    assert policy.check_model("google/gemma-4-E2B-it", "") == ("google/gemma-4-E2B-it", "")
    assert policy.check_model(str(tmp_path), "") == (str(tmp_path), "")
    assert policy.check_model("  ", "x") == (MINIATURE, "")
    with pytest.raises(ValueError, match="neither a Hugging Face model id"):
        policy.check_model("owner/name/extra--bad..", "")
    with pytest.raises(ValueError, match="neither a Hugging Face model id"):
        policy.check_model("google/gemma-4-E2B-it", "bad id with spaces")


def test_the_cache_holds_each_miniature_once_whatever_the_assistant(service, monkeypatch, miniature):
    from mtp_viz import models

    calls = []
    monkeypatch.setattr(models, "load_pair", lambda *a, **k: calls.append(a) or miniature)
    first = service.models.get(MINIATURE, "")
    for assistant in ("x", "some/other-assistant", "  "):
        assert service.models.get(MINIATURE, assistant) is first
    assert len(calls) == 1 and list(service.models.held()) == [(MINIATURE, "")]


def test_the_cache_keeps_at_most_max_hub_pairs(service, monkeypatch, tiny_pair):
    from mtp_viz import models

    monkeypatch.setattr(worker, "warm_up", lambda pair: None)
    monkeypatch.setattr(models, "load_pair", lambda *a, **k: _with_tokenizer(tiny_pair))
    for i in range(5):
        service.models.get(f"someone/model-{i}", "")
    hub = [k for k in service.models.held() if k[0] != MINIATURE]
    assert len(hub) == policy.MAX_HUB_PAIRS and hub[-1] == ("someone/model-4", "")
    assert not hasattr(service.models, "_loading")       # no per-key lock table to grow


def _with_tokenizer(pair):
    import dataclasses
    return dataclasses.replace(pair, tokenizer=object())


def test_one_load_at_a_time_and_others_are_not_held(service, monkeypatch, tiny_pair):
    """A slow load: its visitor hears "still loading", another model is "busy", a loaded model answers at once."""
    from mtp_viz import models

    release = threading.Event()
    monkeypatch.setattr(worker, "warm_up", lambda pair: None)
    monkeypatch.setattr(models, "load_pair", lambda *a, **k: release.wait(10) and _with_tokenizer(tiny_pair))
    service.models.hand(tiny_pair, "ready")
    with pytest.raises(ValueError, match="Still loading someone/slow"):
        service.models.get("someone/slow", "", wait=0.2)
    with pytest.raises(ValueError, match="loads one model at a time"):
        service.models.get("someone/other", "", wait=0.2)
    ready = []                                 # a loaded model answers while the slow load still holds its turn
    asking = threading.Thread(target=lambda: ready.append(service.models.get("ready", "")))
    asking.start()
    asking.join(timeout=5)
    assert ready == [tiny_pair] and not release.is_set()
    release.set()
    assert service.models.get("someone/slow", "", wait=10).target is tiny_pair.target


def test_a_pair_without_tokenizer_is_reported_not_cached(service, monkeypatch, tiny_pair):
    import dataclasses

    from mtp_viz import models

    broken = dataclasses.replace(tiny_pair, tokenizer=None, tokenizer_error="OSError: no tokenizer.json")
    monkeypatch.setattr(models, "load_pair", lambda *a, **k: broken)
    with pytest.raises(ValueError, match="its tokenizer did not.*no tokenizer.json"):
        service.models.get("someone/no-tokenizer", "")
    assert service.models.held() == {}


def test_limits_are_the_same_for_page_and_api(service, monkeypatch):
    monkeypatch.setenv("MTP_VIZ_MAX_PROMPT_CHARS", "10")
    req = session.request(*session.DEFAULTS.values())
    with pytest.raises(ValueError, match="at most 10"):
        service.generate(req.replace(prompt="x" * 11))
    monkeypatch.delenv("MTP_VIZ_MAX_PROMPT_CHARS")
    with pytest.raises(ValueError, match="at most 256"):
        policy.check_request(req.replace(max_new_tokens=257))
    with pytest.raises(ValueError, match="at most 16"):
        policy.check_request(req.replace(num_assistant_tokens=17))
    policy.check_request(req)


def test_a_proposer_the_pair_cannot_run_is_refused_before_anything_loads(service, monkeypatch, no_loading):
    """Only the miniature has a bundled draft model (miniature-shallow); a Gemma 4 target's own assistant is an MTP
    drafter. Either way the refusal comes before any load, in the visitor's language."""
    monkeypatch.setattr(service, "_produce", lambda req: pytest.fail("nothing may generate"))
    req = session.request(*session.DEFAULTS.values())
    policy.check_request(req.replace(proposer="draft-model"))
    for model in ("miniature-shallow", "miniature-moe"):
        with pytest.raises(Problem) as err:
            service.generate(req.replace(model=model, proposer="draft-model"))
        assert "has none for " + model in str(err.value)
        assert "„eigenständiges kleines Modell“ braucht" in policy.message_for(err.value, "de") and model in err.value.said("de")
        assert "草稿來源「獨立小模型」" in policy.message_for(err.value, "zh-TW")
        policy.check_request(req.replace(model=model, proposer="mtp"))
    with pytest.raises(Problem, match="named under Assistant"):
        policy.check_proposer("google/gemma-4-E2B-it", "draft-model", "")
    policy.check_proposer("google/gemma-4-E2B-it", "draft-model", "google/gemma-3-270m")   # a draft model named
    policy.check_proposer("/my/folder", "draft-model", "")          # a model we know nothing of: the engine decides
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    monkeypatch.setenv("MTP_VIZ_MODELS", "google/gemma-4-E2B-it")    # no Assistant box in public mode
    with pytest.raises(Problem) as err:
        policy.check_proposer("google/gemma-4-E2B-it", "draft-model", "")
    assert str(err.value).endswith("Choose MTP, prompt lookup or none under Proposer.")


def test_policy_messages_are_said_in_the_visitors_language(monkeypatch, no_loading):
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    allowed = ", ".join(policy.bundled())
    with pytest.raises(policy.Refused) as err:
        policy.check_model("google/gemma-4-E2B-it")
    assert policy.message_for(err.value, "de") == t("public.model_refused", "de", allowed=allowed)
    assert str(err.value) == policy.message_for(err.value) == t("public.model_refused", allowed=allowed)
    nested = policy.Refused("public.model_refused", allowed=lambda lang: t("public.nothing_allowed", lang))
    assert nested.said("zh-TW") == t("public.model_refused", "zh-TW", allowed=t("public.nothing_allowed", "zh-TW"))
    monkeypatch.setenv("MTP_VIZ_MAX_PROMPT_CHARS", "3")
    with pytest.raises(ValueError) as err:
        policy.check_request(session.START.replace(prompt="abcd"))
    assert policy.message_for(err.value, "zh-TW") == t("public.prompt_too_long", "zh-TW", n=4, limit=3)
    with pytest.raises(ValueError) as err:
        policy.check_request(session.START.replace(prompt="  "))                    # before any model loads, in the visitor's words
    assert policy.message_for(err.value, "de") == "Der Prompt ist leer: Geben Sie einen Text ein, um fortzufahren."


def test_queue_and_launch_settings_follow_the_environment(monkeypatch):
    assert policy.queue_settings() == {"default_concurrency_limit": 2, "max_size": 64}
    monkeypatch.setenv("MTP_VIZ_CONCURRENCY", "4")
    monkeypatch.setenv("MTP_VIZ_QUEUE_SIZE", "oops")
    assert policy.queue_settings() == {"default_concurrency_limit": 4, "max_size": 64}
    assert policy.launch_settings()["max_file_size"] == "5mb"
    assert policy.launch_settings()["state_session_capacity"] == 200     # Gradio's own 10,000 would hold 3 GB
    monkeypatch.setenv("MTP_VIZ_SESSIONS", "40")
    assert policy.launch_settings()["state_session_capacity"] == 40


@pytest.mark.parametrize("value, expected", [(None, 0.05), ("0", 0.0), ("120", 0.12), ("-5", 0.0), ("soon", 0.05)])
def test_the_gathering_time_follows_the_environment(monkeypatch, value, expected):
    if value is not None:
        monkeypatch.setenv("MTP_VIZ_GATHER_MS", value)
    assert policy.gather_s() == expected


@pytest.mark.parametrize("value, expected", [(None, 2), ("0", 0), ("1", 1), ("-3", 0), ("two", 2), ("", 2),
                                             ("100000", "cores")])
def test_worker_processes_follow_the_environment_and_never_stop_the_app(monkeypatch, caplog, value, expected):
    """A value that is not a whole number is the default, with a line in the log; more than the cores are the cores."""
    if value is not None:
        monkeypatch.setenv("MTP_VIZ_WORKERS", value)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert policy.worker_processes() == (2 if expected == "cores" else expected)
    assert ("MTP_VIZ_WORKERS" in caplog.text) is (value in ("two", "", "100000"))


def test_torch_threads_one_for_miniatures_in_public_else_torchs_choice(monkeypatch):
    assert policy.torch_threads() is None
    monkeypatch.setenv("SPACE_ID", "x/y")
    assert policy.torch_threads() == 1
    monkeypatch.setenv("MTP_VIZ_MODELS", "miniature,google/gemma-4-E2B-it")
    assert policy.torch_threads() is None
    monkeypatch.setenv("MTP_VIZ_TORCH_THREADS", "4")
    assert policy.torch_threads() == 4


@pytest.mark.parametrize("exc, words", [
    (RuntimeError("CUDA kernel failed"), "Something went wrong on the server (RuntimeError)"),
    (OSError("disk full"), "could not read or write a file"), (MemoryError(), "ran out of memory"),
    (KeyError("x"), "(KeyError)"), (ValueError("the prompt is empty"), "the prompt is empty")])
def test_every_error_becomes_a_message_and_the_traceback_a_log(caplog, exc, words):
    message = policy.message_for(exc)
    assert words in message
    assert ("request failed" in caplog.text) is not isinstance(exc, ValueError)


@pytest.mark.parametrize("exc", [RuntimeError("boom"), OSError("gone"), MemoryError()])
def test_handlers_show_other_errors_as_warnings_and_keep_the_state(service, monkeypatch, exc):
    from mtp_viz.ui import step_through

    def fail(req, fresh=False):
        raise exc
    monkeypatch.setattr(service, "generate", fail)
    state = step_through.StepState()
    with pytest.warns(UserWarning):
        out = step_through.run_to_end(state, session.DEFAULTS, service=service)
    assert out.state is state and state.trace is None
    assert any(isinstance(o, str) and o.startswith("⚠️") for o in out)     # the status line says what happened


def test_shipped_traces_are_parsed_and_exported_once_per_process():
    name = next(iter(session.recorded()))
    trace = session.shipped(name)
    assert session.shipped(name) is trace
    files = session.export_files(trace)
    assert session.export_files(session.shipped(name)) == files and Path(files[0]).exists()
    assert session.export_files(make_trace()) != files          # any other trace gets its own files


def test_the_worker_process_generates_what_the_server_would(miniature, monkeypatch):
    """app.py's generation worker: the same trace (greedy tokens, rounds) as generating in the server's process."""
    service = Service()
    service.models.hand(miniature, MINIATURE)
    monkeypatch.setenv("MTP_VIZ_WORKERS", "1")
    req = session.request(*dict(session.DEFAULTS, max_new_tokens=12).values())
    here = service.generate(req)
    assert service.cached(req) and service.generate(req) is here
    service.workers.start((MINIATURE,), 1)
    try:
        there = service.generate(req, fresh=True)    # measured again: not the cached trace
    finally:
        service.workers.stop()
    assert there is not here and there.new_token_ids == here.new_token_ids
    assert [r.num_accepted for r in there.rounds] == [r.num_accepted for r in here.rounds]


@pytest.mark.slow
def test_workers_exit_when_the_server_is_killed():
    """A server stopped by a signal runs no clean-up: its generation workers must notice and exit on their own."""
    import os
    import signal
    import subprocess
    import sys

    code = ("import time; from mtp_viz.ui.service import SERVICE; "
            "SERVICE.workers.start(('miniature',), 1); time.sleep(120)")
    env = dict(os.environ, MTP_VIZ_WORKERS="2", HF_HUB_OFFLINE="1")
    server = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=Path(worker.__file__).parents[1])

    def descendants(pid: int) -> list[int]:     # the workers, the fork server they are forked from, the tracker
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        return [d for child in map(int, out.split()) for d in (child, *descendants(child))]

    deadline = time.monotonic() + 120
    while len(descendants(server.pid)) < 4 and time.monotonic() < deadline:   # two workers, and their helpers
        time.sleep(0.5)
    workers = descendants(server.pid)
    assert len(workers) >= 4
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)
    def alive(pid: int) -> bool:     # an exited child of a dead server may linger as a zombie: that is gone too
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False

    deadline = time.monotonic() + 45      # a worker still importing torch on a loaded host notices only after that
    while any(map(alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "generation workers outlived their server"


@pytest.mark.slow
def test_a_spawned_worker_builds_no_page():
    """multiprocessing runs the server's main file again in each spawned worker, as "__mp_main__": app.py builds no
    page there, and the worker's entry module (mtp_viz/worker.py) imports no Gradio."""
    import subprocess
    import sys

    code = ("import runpy, sys; found = runpy.run_path('app.py', run_name='__mp_main__'); import mtp_viz.worker; "
            "print('gradio' in sys.modules, 'demo' in found)")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(worker.__file__).parents[1], capture_output=True,
                         text=True, env=dict(os.environ, HF_HUB_OFFLINE="1"), timeout=120)
    assert out.stdout.split() == ["False", "False"], out.stderr


# -- issue 19, item 3: the engine's own bad-input messages reach a visitor in their language ------------------------
@pytest.mark.parametrize("kwargs, key", [
    (dict(prompt=""), "engine.prompt_empty"),
    (dict(prompt="Hi", max_new_tokens=5000), "engine.range"),
    (dict(prompt="Hi", num_assistant_tokens=2.5), "engine.whole"),
    (dict(prompt="Hi", do_sample=True, temperature=0.0), "engine.temperature"),
    (dict(prompt=[1, 99999]), "engine.vocab"),
    (dict(prompt="Hi", schedule="sometimes"), "engine.choice"),
    (dict(prompt="Hi", temperature=float("nan")), "engine.finite"),
])
def test_engine_messages_are_said_in_the_visitors_language(miniature, kwargs, key):
    from mtp_viz import generate_trace

    with pytest.raises(Problem) as raised:
        generate_trace(miniature, **kwargs)
    english = str(raised.value)
    assert raised.value.code == key and english == t(key, **raised.value.values)     # told by code, never parsed
    for lang in TRANSLATED:
        said = policy.message_for(raised.value, lang)
        assert said == t(key, lang, **raised.value.values) and said != english
    assert policy.message_for(ValueError("something new"), "de") == "something new"   # not a Problem: as raised
