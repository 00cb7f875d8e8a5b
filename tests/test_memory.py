"""Tests for mtp_viz.memory and its hook in models.load_pair: a checkpoint is sized from its config alone, loaded in
float32 when that fits, in bfloat16 when only that fits, and refused with one clear message when nothing fits.

The checkpoint is a config-only folder shaped like Gemma 4 E2B's text model (no weights: nothing could load it, and
nothing needs to). The free memory is mocked; the server keeps serving the miniature while a load is refused.
"""
from __future__ import annotations

import json

import pytest
import torch

from mtp_viz import memory, models, tiny

GB = 1e9
# Gemma 4 E2B's text model: 35 layers, four sliding to one full, the last 20 reuse earlier layers' KV cache and have
# a double-wide MLP, 256-wide per-layer input embeddings. (The published config; the vision and audio towers left out.)
E2B_TEXT = {"model_type": "gemma4_text", "architectures": ["Gemma4ForCausalLM"], "vocab_size": 262144,
            "hidden_size": 1536, "intermediate_size": 6144, "num_hidden_layers": 35, "num_attention_heads": 8,
            "num_key_value_heads": 1, "head_dim": 256, "global_head_dim": 512, "hidden_size_per_layer_input": 256,
            "vocab_size_per_layer_input": 262144, "num_kv_shared_layers": 20, "use_double_wide_mlp": True,
            "sliding_window": 512, "max_position_embeddings": 131072, "tie_word_embeddings": True,
            "layer_types": (["sliding_attention"] * 4 + ["full_attention"]) * 7, "final_logit_softcapping": 30.0}


def e2b_params(c: dict) -> int:
    """The parameter count by hand: embeddings (tied with the output head), per-layer input embeddings and their
    projection, and per layer the attention (KV-shared layers have no K and V of their own), the MLP and the
    per-layer input gate; norms left out (a few hundred thousand)."""
    h, v, n, p = c["hidden_size"], c["vocab_size"], c["num_hidden_layers"], c["hidden_size_per_layer_input"]
    heads, kv = c["num_attention_heads"], c["num_key_value_heads"]
    first_shared = n - c["num_kv_shared_layers"]
    total = v * h + c["vocab_size_per_layer_input"] * n * p + h * n * p
    for i, kind in enumerate(c["layer_types"]):
        d = c["global_head_dim"] if kind == "full_attention" else c["head_dim"]
        total += 2 * h * heads * d + (2 * h * kv * d if i < first_shared else 0)
        total += 3 * h * c["intermediate_size"] * (2 if c["use_double_wide_mlp"] and i >= first_shared else 1)
        total += 2 * h * p
    return total


@pytest.fixture(scope="module")
def e2b(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gemma-4-E2B-text")
    (folder / "config.json").write_text(json.dumps(E2B_TEXT))
    return str(folder)


def free(monkeypatch, gb: float, where: str = "ram"):
    monkeypatch.setattr(memory, "available_bytes", lambda device: (int(gb * GB), where))


def test_estimate_is_the_parameter_count_times_the_dtype_size(e2b):
    params = memory.param_count(e2b)
    expected = e2b_params(E2B_TEXT)
    assert 4.5e9 < expected < 4.8e9                        # ~4.6B: 5.1B with the vision and audio towers
    assert params == pytest.approx(expected, rel=0.05)
    assert memory.weight_bytes(params, torch.float32) == pytest.approx(expected * 4, rel=0.05)
    assert memory.weight_bytes(params, torch.bfloat16) == pytest.approx(expected * 2, rel=0.05)


def test_float32_when_it_fits(monkeypatch, e2b):
    free(monkeypatch, 40)
    plan = memory.check(e2b, None, "cpu")
    assert plan.dtype is torch.float32
    assert plan.why.code == "memory.reason.fits" and plan.why.values["need"] == pytest.approx(22.4, abs=0.5)
    assert (plan.why.values["free"], plan.why.values["where"], plan.why.values["dtype"]) == (40.0, "ram", "float32")


def test_bfloat16_when_only_that_fits_and_the_summary_says_why(monkeypatch, e2b):
    free(monkeypatch, 16)
    plan = memory.check(e2b, None, "cpu")
    assert plan.dtype is torch.bfloat16
    assert plan.why.code == "memory.reason.fallback" and plan.why.values["first"] == "float32"
    assert plan.why.values["dtype"] == "bfloat16" and plan.why.values["free"] == 16.0
    free(monkeypatch, 16, "gpu")
    assert memory.check(e2b, None, "cuda").needed.keys() == {"bfloat16"}     # a GPU never tries float32


def test_refusal_names_the_model_the_bytes_needed_and_the_bytes_free(monkeypatch, e2b):
    free(monkeypatch, 8)
    with pytest.raises(ValueError) as info:
        memory.check(e2b, None, "cpu")
    text = str(info.value)
    need = memory.plan(e2b, None, "cpu").needed["bfloat16"]
    assert e2b in text and "bfloat16" in text and f"{need:,} bytes" in text and f"{8 * 10**9:,} bytes" in text
    assert "8.0 GB" in text and "RAM" in text


def test_an_asked_dtype_is_the_only_one_tried(monkeypatch, e2b):
    free(monkeypatch, 16)
    with pytest.raises(ValueError, match="even in float32"):
        memory.check(e2b, None, "cpu", torch.float32)


def test_an_unreadable_config_is_not_checked():
    assert memory.plan("/nonexistent/folder", None, "cpu") is None


def test_available_memory_is_a_positive_number_of_bytes():
    free_bytes, where = memory.available_bytes("cpu")
    assert free_bytes > 0 and where == "ram"


# -- the hook in load_pair ------------------------------------------------------------------------------------
def test_load_pair_refuses_before_loading_anything(monkeypatch, e2b):
    free(monkeypatch, 8)
    monkeypatch.setattr(models, "_load", lambda *a, **k: pytest.fail("a load was started"))
    with pytest.raises(ValueError, match="does not fit on this machine"):
        models.load_pair(e2b, device="cpu")


def test_load_pair_falls_back_to_bfloat16_and_records_why(monkeypatch, e2b):
    free(monkeypatch, 16)
    asked = []

    def fake_load(kind, ident, loader, **kwargs):        # tiny stand-ins: the dtype asked for is what matters
        asked.append((kind, kwargs.get("dtype")))
        return tiny.gemma4_target() if kind == "target" else tiny.gemma4_assistant()
    monkeypatch.setattr(models, "_load", fake_load)
    pair = models.load_pair(e2b, device="cpu")
    assert asked == [("target", torch.bfloat16), ("assistant", torch.bfloat16)]
    assert [why.code for why in pair.device_why] == ["step.device.requested", "memory.reason.fallback"]


def test_public_allow_list_is_checked_too_and_the_miniature_keeps_serving(monkeypatch, e2b):
    from mtp_viz.ui.service import Service

    service = Service()                                   # a server's own: its model cache starts empty

    free(monkeypatch, 8)
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    monkeypatch.setenv("MTP_VIZ_MODELS", f"miniature,{e2b}")
    miniature = object()                                  # stands in for the loaded miniature pair
    service.models.hand(miniature, "miniature")
    with pytest.raises(ValueError, match="does not fit on this machine"):
        service.models.get(e2b, wait=60)
    assert service.models.get("miniature") is miniature
    assert (e2b, "") not in service.models.held()
