"""mtp_viz.lean computes bit for bit what transformers' Gemma 4 modules compute, and the engine uses it only where it
does: the logits, the hidden state the drafter reads, the shared KV and the cache after each pass are equal."""
from __future__ import annotations

import pytest
import torch
from transformers import DynamicCache

from mtp_viz import generate_trace, lean
from mtp_viz.api import prepare
from mtp_viz.settings import Settings
from mtp_viz.tiny import gemma4_assistant, gemma4_target

VARIANTS = {
    "plain": {},
    "per-layer-input": dict(hidden_size_per_layer_input=8),
    "k_eq_v": dict(attention_k_eq_v=True, num_global_key_value_heads=1),
    "window-4": dict(sliding_window=4),
    "kv-shared-target": dict(num_hidden_layers=6, num_kv_shared_layers=2, hidden_size_per_layer_input=8,
                             layer_types=["sliding_attention", "full_attention"] * 3),
}


def _cache(model):
    cache = DynamicCache(config=model.config)
    cache.activate_past_recording()
    return cache


def _same_cache(a, b) -> bool:
    return all(torch.equal(x.keys, y.keys) and torch.equal(x.values, y.values)
               for x, y in zip(a.layers, b.layers) if x.is_initialized and x.keys is not None)


@torch.inference_mode()
def _passes_agree(model, vocab: int, prompt_len: int = 20, passes: int = 24) -> None:
    """A prefill, then passes of 1..8 tokens, each followed by the crop of a random number of rejected tokens, as
    verification does: the same outputs from transformers and from lean.forward, on caches kept side by side."""
    assert lean.supports(model)
    g = torch.Generator().manual_seed(0)
    ours, theirs = _cache(model), _cache(model)
    width, keep = prompt_len, 1
    for _ in range(passes):
        ids = torch.randint(3, vocab, (1, width), generator=g)
        mask = torch.ones(1, ours.get_seq_length() + width, dtype=torch.long)
        out = lean.forward(model, ids, mask, ours, keep, output_hidden_states=True, return_shared_kv_states=True)
        ref = model(input_ids=ids, attention_mask=mask, cache=theirs, use_cache=True, logits_to_keep=keep,
                    output_hidden_states=True, return_shared_kv_states=True)
        assert torch.equal(out.logits, ref.logits)
        assert torch.equal(out.hidden_states[-1], ref.hidden_states[-1])
        for kind, (k, v) in ref.shared_kv_states.items():
            assert torch.equal(out.shared_kv_states[kind][0], k) and torch.equal(out.shared_kv_states[kind][1], v)
        assert _same_cache(ours, theirs)
        rejected = int(torch.randint(0, width, (1,), generator=g)) if width > 1 else 0
        if rejected:
            ours.crop(-rejected)
            theirs.crop(-rejected)
        width = keep = int(torch.randint(1, 9, (1,), generator=g))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_lean_pass_equals_transformers_on_tiny_targets(variant):
    _passes_agree(gemma4_target(**VARIANTS[variant]), 256)


def test_a_lean_pass_equals_transformers_on_the_miniature(miniature):
    _passes_agree(miniature.target, 4096)


@pytest.mark.parametrize("ordered", [True, False])
def test_a_lean_draft_step_equals_transformers(ordered):
    target, assistant = gemma4_target(), gemma4_assistant(ordered=ordered)
    assert lean.supports_drafter(assistant)
    g = torch.Generator().manual_seed(1)
    with torch.inference_mode():
        for length in (3, 9, 17, 30):
            out = target(input_ids=torch.randint(3, 256, (1, length), generator=g), use_cache=True,
                         cache=_cache(target), output_hidden_states=True, return_shared_kv_states=True)
            kv = dict(out.shared_kv_states)
            embeds = torch.randn(1, 1, 2 * target.config.hidden_size, generator=g)
            mask, position = torch.ones(1, length, dtype=torch.long), torch.tensor([[length - 1]])
            ours = lean.draft(assistant, embeds, mask, position, kv)
            seen = []
            hook = assistant.masked_embedding.centroids.register_forward_hook(
                lambda m, i, o: seen.append(o)) if ordered else None
            ref = assistant(inputs_embeds=embeds, attention_mask=mask, position_ids=position, shared_kv_states=kv,
                            use_cache=False)
            assert torch.equal(ours.logits, ref.logits)
            assert torch.equal(ours.last_hidden_state, ref.last_hidden_state)
            if ordered:                       # the clusters' scores, which the engine records, are the embedder's
                hook.remove()
                assert torch.equal(ours.centroid_logits, seen[0])
            else:
                assert ours.centroid_logits is None


def test_a_lean_embedding_equals_transformers(miniature):
    embed = miniature.target.get_input_embeddings()
    assert lean.supports_embedding(embed)
    with torch.inference_mode():
        for token in (0, 1, 2, 17, 2048, 4095):
            assert torch.equal(lean.embedding(embed, token), embed(torch.tensor([[token]])))


def test_the_engine_takes_the_lean_path_only_where_it_is_exact(miniature):
    decoder, _, _ = prepare(miniature, "Once upon a time,", Settings(proposer="mtp", max_new_tokens=4))
    assert decoder.backend.lean_target and decoder.backend.lean_drafter and decoder.backend.lean_embedding
    moe = gemma4_target(enable_moe_block=True, num_experts=4, top_k_experts=2, moe_intermediate_size=32)
    assert not lean.supports(moe)                                  # experts and their routing records: transformers
    assert not lean.supports(gemma4_target().to(torch.bfloat16))   # its casts are not the identity there
    hooked = gemma4_target()
    hooked.model.layers[0].mlp.register_forward_hook(lambda *a: None)
    assert not lean.supports(hooked)                               # a hook would miss the module call


def test_a_sampled_generation_is_the_same_either_way(miniature, monkeypatch):
    """The whole round, drafts, draws and verdicts, with and without the lean passes."""
    kwargs = dict(proposer="mtp", max_new_tokens=24, do_sample=True, temperature=0.8, seed=3)
    fast = generate_trace(miniature, "The little dog", **kwargs)
    monkeypatch.setattr(lean, "supports", lambda model: False)
    monkeypatch.setattr(lean, "supports_drafter", lambda model: False)
    slow = generate_trace(miniature, "The little dog", **kwargs)
    assert [r.draft_token_ids for r in fast.rounds] == [r.draft_token_ids for r in slow.rounds]
    assert fast.new_token_ids == slow.new_token_ids
    assert [[v.p for v in r.verify_steps] for r in fast.rounds] == [[v.p for v in r.verify_steps] for r in slow.rounds]


def test_joined_weights_follow_a_changed_weight():
    """The stacked q/k/v and gate/up weights are made again when a weight changes in place (as training does)."""
    model = gemma4_target()
    _passes_agree(model, 256, passes=3)
    with torch.no_grad():
        model.model.layers[0].self_attn.k_proj.weight.mul_(1.5)
        model.model.layers[1].mlp.up_proj.weight.add_(0.01)
    _passes_agree(model, 256, passes=3)
