"""Tests for mtp_viz.schema: every shipped and generated trace passes, a battery of malformed ones fails with a
message naming the field, the published JSON Schema is current, and replaying a bad file keeps the session.

Knows the JSON shape of a trace; builds broken copies of the fixture trace by editing its dict.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from mtp_viz import schema, trace as trace_module
from mtp_viz.problems import Problem
from mtp_viz.schema import parse_trace
from mtp_viz.settings import Settings
from mtp_viz.strings import TABLES, t
from mtp_viz.trace import Trace
from trace_fixtures import make_trace

DOCS = Path(__file__).resolve().parents[1] / "docs" / "trace.schema.json"
SHIPPED = sorted((Path(__file__).resolve().parents[1] / "assets" / "traces").rglob("*.json"))


def good() -> dict:
    return json.loads(make_trace(sampled=True).to_json())


def edit(change):
    """A copy of the fixture trace's dict after `change(d)`."""
    def build():
        d = good()
        change(d)
        return d
    return build


def setter(path: str, value):
    """edit() that sets d[a][b]... (path "rounds.1.num_accepted") to value."""
    def change(d):
        *keys, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        for k in keys:
            d = d[k]
        d[last] = value
    return edit(change)


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


MALFORMED = {
    # (JSON text or dict maker, words the message must contain)
    "not json": ("{rounds: [", "not JSON"),
    "not utf-8": (b"\xff\xfe{}", "UTF-8"),
    "a list": ("[1, 2, 3]", "not an object"),
    "deep nesting": (deep(100_000), "nested more than"),
    "deep inside a field": (lambda: json.dumps(good())[:-1] + ', "x": ' + deep(50) + "}", "nested more than"),
    "NaN": (lambda: json.dumps(good()).replace('"p": 0.91', '"p": NaN', 1), "NaN"),
    "Infinity": (lambda: json.dumps(good()).replace('"ms": 4.1', '"ms": Infinity', 1), "Infinity"),
    "-Infinity": (lambda: json.dumps(good()).replace('"draft_ms"', '"draft_ms": -Infinity, "x"', 1), "Infinity"),
    "overflowing float": (lambda: json.dumps(good()).replace('"ms": 4.1', '"ms": 1e400', 1), "1e400"),
    "huge integer": (lambda: json.dumps(good()).replace('"seed": 0', '"seed": ' + "9" * 5000, 1), "not JSON"),
    "too large": (lambda: " " * (schema.MAX_BYTES + 1), "bytes"),
    "missing field": (edit(lambda d: d.pop("prompt_ids")), "prompt_ids"),
    "no rounds": (setter("rounds", []), "rounds"),
    "unknown round field": (setter("rounds.1.evil", 1), "rounds[1].evil"),
    "string for int": (setter("rounds.1.num_accepted", "4"), "rounds[1].num_accepted"),
    "bool for int": (setter("target_forward_passes", True), "target_forward_passes"),
    "float for token id": (setter("prompt_ids.0", 2.5), "prompt_ids[0]"),
    "negative token id": (setter("rounds.1.draft_token_ids.0", -1), "rounds[1].draft_token_ids[0]"),
    "probability above 1": (setter("rounds.1.verify_steps.0.p", 1.5), "rounds[1].verify_steps[0].p"),
    "negative time": (setter("rounds.2.verify_ms", -3.0), "rounds[2].verify_ms"),
    "unknown verdict": (setter("rounds.1.verify_steps.0.verdict", "maybe"), "verdict"),
    "unknown kind": (setter("rounds.1.last_token_kind", "<b>bold</b>"), "last_token_kind"),
    "unknown stop": (setter("rounds.4.stopped", "crash"), "stopped"),
    "kept more than drafted": (setter("rounds.1.num_accepted", 9), "num_accepted"),
    "emits too many": (setter("rounds.2.emitted_token_ids", [18, 19, 22, 22]), "more than"),
    "emitted not the kept drafts": (setter("rounds.2.emitted_token_ids", [19, 18, 22]), "kept drafts"),
    "output does not add up": (setter("new_token_ids", [12, 13]), "new_token_ids"),
    "rounds out of order": (setter("rounds.2.index", 7), "numbered"),
    "no prefill": (setter("rounds.0.last_token_kind", "bonus"), "prefill"),
    "verify step for another draft": (setter("rounds.1.verify_steps.1.draft_token_id", 99), "draft_token_id"),
    "steps miscounted": (setter("rounds.1.draft_steps.1.step", 5), "step must count"),
    "more verify steps than drafts": (edit(lambda d: d["rounds"][3]["verify_steps"].append(
        d["rounds"][3]["verify_steps"][0])), "verify_steps has"),
    "token id beyond vocab": (setter("rounds.1.draft_steps.0.top_ids.1", 262144), "outside the vocabulary"),
    "token_text key not an id": (setter("token_text", {"abc": "x"}), "token_text"),
    "huge token piece": (setter("token_text", {"2": "x" * 5000}), "token_text"),
    "huge top list": (setter("rounds.1.draft_steps.0.top_ids", list(range(100_000))), "top_ids"),
    "top lists disagree": (setter("rounds.1.draft_steps.0.top_probs", [0.5]), "same length"),
    "huge prompt": (setter("prompt_ids", [1] * 200_000), "prompt_ids"),
    "settings: bad N": (setter("settings.num_assistant_tokens", 10_000), "settings.num_assistant_tokens"),
    "settings: bad proposer": (setter("settings.proposer", "rm -rf"), "settings.proposer"),
    "model_info: HTML class": (setter("model_info.target_class", "<img src=x onerror=alert(1)>"), "target_class"),
    "model_info: device": (setter("model_info.device", "<script>"), "model_info.device"),
    "model_info: unknown device code": (setter("model_info.device_why", [{"code": "step.play", "values": {}}]),
                                        "device_why"),
    "model_info: device values missing": (setter("model_info.device_why", [{"code": "step.device.cpu", "values": {}}]),
                                          "not ['threads']"),
    "model_info: device threads not a count": (setter("model_info.device_why", [
        {"code": "step.device.cpu", "values": {"threads": "lots"}}]), "whole number"),
    "model_info: device memory elsewhere": (setter("model_info.device_why.1.values.where", "disk"), "'ram' or 'gpu'"),
    "model_info: layers disagree": (setter("model_info.target_layer_types", ["full_attention"]), "35 layers"),
    "model_info: kv layer out of range": (setter("model_info.kv_source_layers", {"full_attention": 99}),
                                          "kv_source_layers"),
    "future schema version": (setter("schema_version", 99), "schema version 99"),
    "schema version a string": (setter("schema_version", "2"), "schema version"),
    "routed experts wrong shape": (setter("rounds.1.routed_experts", [[1, 2]]), "routed_experts"),
    "stats nested object": (setter("stats.new_tokens", {"a": 1}), "stats.new_tokens"),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_traces_are_refused_naming_the_problem(name):
    data, words = MALFORMED[name]
    data = data() if callable(data) else data
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(ValueError) as err:
        parse_trace(text)
    assert str(err.value).startswith("not a trace: ") and words in str(err.value), str(err.value)


@pytest.mark.parametrize("name", ["kept more than drafted", "NaN", "future schema version"])
def test_a_refusal_is_a_problem_said_in_the_readers_language(name):
    """An upload's refusal is a Problem by code: its words come from the reader's table, English not left inside."""
    data = MALFORMED[name][0]()
    with pytest.raises(Problem) as err:
        parse_trace(data if isinstance(data, str) else json.dumps(data))
    assert err.value.code == "public.trace.invalid"
    for lang in TABLES:
        said = err.value.said(lang)
        assert said.startswith(t("public.trace.invalid", lang, problem="")) and str(err.value) != said or lang == "en"


def test_there_are_at_least_thirty_malformed_cases():
    assert len(MALFORMED) >= 30


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_trace_passes(path):
    assert parse_trace(path.read_bytes()) == parse_trace(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("sampled", [False, True])
def test_the_fixture_passes_and_round_trips(sampled):
    trace = make_trace(sampled=sampled)
    assert parse_trace(trace.to_json()) == trace


def test_a_version_1_trace_still_loads():
    d = good()
    d["schema_version"] = 1
    for r in d["rounds"]:
        r.pop("routed_experts", None)
    assert parse_trace(json.dumps(d)).new_token_ids == d["new_token_ids"]


@pytest.mark.parametrize("proposer", ["mtp", "prompt-lookup", "none"])
@pytest.mark.parametrize("do_sample", [False, True])
def test_generated_traces_pass(miniature, proposer, do_sample):
    from mtp_viz import generate_trace

    for prompt, threshold in (("Tom counted to", None), ("Once upon a time,", 0.5)):
        trace = generate_trace(miniature, prompt, proposer=proposer, do_sample=do_sample, seed=3,
                               confidence_threshold=threshold, max_new_tokens=40, num_assistant_tokens=6)
        assert parse_trace(trace.to_json()) == trace


def test_draft_model_traces_pass(llama_pair):
    from mtp_viz import generate_trace

    trace = generate_trace(llama_pair, [2, 5, 6, 7], proposer="draft-model", max_new_tokens=12, do_sample=True)
    assert parse_trace(trace.to_json()) == trace


def test_html_in_token_text_is_shown_as_text():
    from mtp_viz.ui import narration

    d = good()
    d["token_text"]["12"] = '<img src=x onerror="alert(1)">'
    d["model_info"]["name"] = "<img src=x>"
    trace = parse_trace(json.dumps(d))
    text = narration.output_so_far(trace, len(trace.rounds) - 1)
    status = narration.summary(trace, 1)
    assert "\\<img" in text and "<" not in text.replace("\\<", "")      # every < escaped: shown, not rendered
    assert "\\<img" in status and "<" not in status.replace("\\<", "")


def test_the_upload_check_is_the_trace_types():
    """Uploads are checked against trace.py's own dataclasses: the published schema names exactly their fields,
    model_info included, and the allowed kinds and verdicts are the constants' values."""
    published = schema.json_schema()
    defs = {**published["$defs"], "Trace": published}
    for record in (trace_module.DraftStep, trace_module.VerifyStep, trace_module.Round, trace_module.ModelInfo,
                   trace_module.Trace, Settings):
        assert set(defs[record.__name__]["properties"]) == {f.name for f in dataclasses.fields(record)}
    assert "target_ms_one_token" in defs["ModelInfo"]["properties"]      # written by describe(), read by a view
    constants = {v for k, v in vars(trace_module).items() if k.isupper() and isinstance(v, str)}
    assert constants == set(trace_module.VERDICTS) | set(trace_module.LAST_TOKEN_KINDS) | set(trace_module.CLOCKS) | \
        {trace_module.MOE_CAVEAT}                                          # the one recorded code of a caveat
    assert trace_module.MOE_CAVEAT in TABLES["en"]
    verdicts = defs["VerifyStep"]["properties"]["verdict"]["enum"]
    assert verdicts == list(trace_module.VERDICTS)


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_older_versions_load_and_replay(version, tmp_path):
    """A trace written before a version's fields existed: without them, it parses, loads and replays."""
    from mtp_viz.ui import step_through

    d = good()
    d["schema_version"] = version
    d["model_info"].pop("device_why")                     # version 6: the device line by code ...
    d["model_info"]["device_reason"] = "no GPU found; running on 2 CPU thread(s)"     # ... in place of English
    if version < 5:
        d.pop("measured_at", None)                        # version 5: the CPU clock
        d["model_info"].pop("target_cpu_ms_one_token", None)
        for r in d["rounds"]:
            for name in ("cpu_ms", "draft_cpu_ms", "verify_cpu_ms"):
                r.pop(name, None)
    if version < 4:
        d["settings"].pop("max_matching_ngram_size")      # version 4
        d["model_info"].pop("target_ms_one_token", None)
    for r in d["rounds"]:
        if version < 3:
            r.pop("wall_ms"), r.pop("draft_stop")
        if version < 2:
            r.pop("routed_experts")
    parsed = parse_trace(json.dumps(d))
    assert parsed.schema_version == version
    assert parsed.settings.max_matching_ngram_size == Settings().max_matching_ngram_size
    path = tmp_path / "old.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    state = step_through.replay(step_through.StepState.of(), str(path)).screen.state
    assert state.trace == parsed and state.index == len(parsed.rounds) - 1


def test_the_published_json_schema_is_current():
    """Regenerate with: python -m mtp_viz.schema > docs/trace.schema.json"""
    assert json.loads(DOCS.read_text(encoding="utf-8")) == schema.json_schema()


def test_replaying_a_bad_file_keeps_what_the_session_showed(tmp_path):
    from mtp_viz.ui import step_through

    good_path, bad_path = tmp_path / "good.json", tmp_path / "bad.json"
    good_path.write_text(make_trace().to_json(), encoding="utf-8")
    bad_path.write_text(json.dumps(MALFORMED["kept more than drafted"][0]()), encoding="utf-8")
    shown = step_through.replay(step_through.StepState(), str(good_path)).screen.state
    with pytest.warns(UserWarning, match="num_accepted"):
        out = step_through.replay(shown, str(bad_path))
    assert out.screen.state is shown         # a StepState is frozen: the very same one is what the session keeps
    with pytest.warns(UserWarning, match="kein Verlauf: rounds"):        # said in the visitor's language
        out = step_through.replay(shown, str(bad_path), lang="de")
    assert "Diese Datei ließ sich nicht wiedergeben: kein Verlauf: rounds" in out.screen.status
