"""Tests of the bundled pairs as shipped: the default is shaped like E2B, the shallow one is still there under its
name, files stay small, and the shallow target drafts for the deep one as a classic draft model, losslessly.

Knows assets/ and the public API; the training pipeline's own tests are in test_training.py.
"""
from __future__ import annotations

import json

import pytest
import torch

from mtp_viz import generate_trace, load_pair
from mtp_viz.gemma4 import kv_source_layers
from mtp_viz.model_table import ASSETS, DRAFT_MODELS, FOLDERS
from mtp_viz.settings import Request
from mtp_viz.ui import policy

E2B_TYPES = (["sliding_attention"] * 4 + ["full_attention"]) * 7


def config(name: str, part: str) -> dict:
    return json.loads((FOLDERS[name] / part / "config.json").read_text())


def test_the_default_target_has_e2b_depth_pattern_and_kv_sharing():
    cfg = config("miniature", "target")
    assert cfg["num_hidden_layers"] == 35 and cfg["layer_types"] == E2B_TYPES
    assert cfg["num_kv_shared_layers"] == 20 and cfg["hidden_size_per_layer_input"] > 0


def test_the_default_drafter_reads_layers_13_and_14_and_has_four_layers(miniature):
    tc = miniature.target.config.get_text_config()
    assert kv_source_layers(tc) == {"sliding_attention": 13, "full_attention": 14}
    a = miniature.assistant.config
    assert a.get_text_config().num_hidden_layers == 4 and a.use_ordered_embeddings
    assert list(a.get_text_config().layer_types) == ["sliding_attention"] * 3 + ["full_attention"]
    trace = generate_trace(miniature, "Actions speak", max_new_tokens=4)
    assert trace.model_info.kv_source_layers == {"sliding_attention": 13, "full_attention": 14}


def test_every_bundled_file_is_under_10_mb_and_the_weights_under_40_mb_together():
    files = [p for p in ASSETS.rglob("*") if p.is_file()]
    assert max(p.stat().st_size for p in files) < 10_000_000
    weights = sum(p.stat().st_size for name in FOLDERS for p in FOLDERS[name].rglob("*.safetensors"))
    assert weights <= 40_000_000


def test_the_shallow_pair_is_still_selectable_under_its_name():
    assert "miniature-shallow" in policy.bundled()
    assert "miniature-shallow" in [ident for _, ident in policy.model_choices()]
    pair = load_pair("miniature-shallow")
    assert pair.target.config.get_text_config().num_hidden_layers == 6 and pair.is_mtp


def test_all_bundled_pairs_share_one_tokenizer():
    texts = {name: (FOLDERS[name] / "tokenizer" / "tokenizer.json").read_text() for name in FOLDERS}
    assert len(set(texts.values())) == 1


@pytest.fixture(scope="module")
def classic(miniature):
    """The deep target with the shallow target as its classic draft model (reusing the loaded deep target)."""
    from mtp_viz import ModelPair

    draft = load_pair("miniature", DRAFT_MODELS["miniature"])
    return ModelPair(miniature.target, draft.assistant, miniature.tokenizer, name="miniature")


def test_the_shallow_target_drafts_for_the_deep_one_losslessly_as_transformers_does(classic):
    """Classic speculative decoding between the bundled pairs: greedy output is the target's own, and equals
    transformers' assisted generate with the same draft model."""
    ids = classic.tokenizer("Actions speak", return_tensors="pt").input_ids
    trace = generate_trace(classic, "Actions speak", proposer="draft-model", max_new_tokens=24,
                           num_assistant_tokens=4, schedule="constant")
    with torch.no_grad():
        plain = classic.target.generate(ids, do_sample=False, max_new_tokens=24)
        assisted = classic.target.generate(ids, assistant_model=classic.assistant, do_sample=False, max_new_tokens=24,
                                           num_assistant_tokens=4, num_assistant_tokens_schedule="constant")
    assert trace.new_token_ids == plain[0, ids.shape[1]:].tolist() == assisted[0, ids.shape[1]:].tolist()
    assert trace.stats["mean_accepted_drafts"] > 1.0      # the shallow target knows the same corpus


def test_the_app_offers_the_draft_model_on_the_default_pair(monkeypatch):
    from mtp_viz.ui import service

    req = Request("miniature", prompt="x").replace(proposer="draft-model")
    assert policy.assistant_for(req.model, req.proposer, "") == "miniature-shallow"
    assert policy.assistant_for("miniature", "mtp", "anything") == ""
    assert policy.check_model("miniature", "miniature-shallow") == ("miniature", "miniature-shallow")
    assert service.normalized(req).assistant == "miniature-shallow"
