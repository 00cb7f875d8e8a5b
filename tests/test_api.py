"""Bad input raises a Problem (a ValueError) whose English text names it; hub ids that are not cached fail clearly."""
from __future__ import annotations

import pytest
from conftest import PROMPT, gemma4_assistant, gemma4_target, llama

from mtp_viz import ModelPair, generate_trace, load_pair


@pytest.mark.parametrize("prompt, kwargs, message", [
    ("", {}, "prompt is empty"),
    ("   ", {}, "prompt is empty"),
    ([], {}, "prompt is empty"),
    ([1, 2, 999], {}, "Outside the vocabulary"),
    ([1, -3], {}, "Outside the vocabulary"),
    ([1, 2.5], {}, "list of integers"),
    ("hello", {}, "needs a tokenizer"),
    (None, {}, "string or a list of token ids"),
    (PROMPT, {"max_new_tokens": 0}, "max_new_tokens must be between 1"),
    (PROMPT, {"max_new_tokens": 10**9}, "max_new_tokens must be between 1"),
    (PROMPT, {"max_new_tokens": 1020}, "exceed the model's context of 1024"),
    (PROMPT * 200, {"max_new_tokens": 10}, "exceed the model's context"),
    (PROMPT, {"max_new_tokens": 2.5}, "whole number"),
    (PROMPT, {"num_assistant_tokens": 0}, "num_assistant_tokens must be between 1 and 32"),
    (PROMPT, {"num_assistant_tokens": 33}, "num_assistant_tokens must be between 1 and 32"),
    (PROMPT, {"schedule": "fast"}, "Unknown schedule"),
    (PROMPT, {"proposer": "magic"}, "Unknown proposer"),
    (PROMPT, {"proposer": "draft-model"}, "cannot draft on its own"),
    (PROMPT, {"do_sample": True, "temperature": 0}, "temperature must be above 0"),
    (PROMPT, {"do_sample": True, "temperature": float("nan")}, "finite number"),
    (PROMPT, {"do_sample": True, "top_p": 0}, "top_p must be above 0 and at most 1"),
    (PROMPT, {"do_sample": True, "top_p": 1.5}, "top_p must be above 0 and at most 1"),
    (PROMPT, {"confidence_threshold": 2}, "confidence_threshold must be between 0 and 1"),
    (PROMPT, {"seed": -1}, "seed must be between"),
])
def test_bad_input_names_the_problem(tiny_pair, prompt, kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate_trace(tiny_pair, prompt, **kwargs)


def test_vocabulary_mismatch_is_refused():
    with pytest.raises(ValueError, match="vocabulary"):
        ModelPair(gemma4_target(vocab=256), gemma4_assistant(vocab=128, num_centroids=8))


def test_mtp_needs_a_gemma4_assistant():
    pair = ModelPair(llama(), llama(hidden=32, layers=1))
    with pytest.raises(ValueError, match="needs a Gemma 4 assistant"):
        generate_trace(pair, PROMPT, proposer="mtp")
    assert generate_trace(ModelPair(llama()), PROMPT, max_new_tokens=3).settings.proposer == "none"


def test_uncached_hub_id_fails_clearly(monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path))
    with pytest.raises(ValueError, match="google/gemma-4-E2B-it.*not in the local Hugging Face cache"):
        load_pair("google/gemma-4-E2B-it")
    with pytest.raises(ValueError, match="not a local folder"):
        load_pair(str(tmp_path / "no-such-model"))


def test_numbers_from_a_form_are_accepted(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=5.0, num_assistant_tokens=3.0, top_k=0, seed=1.0)
    assert len(trace.new_token_ids) == 5 and trace.settings.top_k is None
