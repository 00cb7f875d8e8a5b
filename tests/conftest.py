"""Shared fixtures: tiny random Gemma 4 targets and MTP assistants built in memory from configs, and a Llama pair.

Like transformers' Gemma 4 tester, configs override only what a feature needs: 4 layers alternating sliding and
full attention, so the drafter's KV sources (the last sliding and the last full layer) are distinct layers.
"""
from __future__ import annotations

import os

import pytest
import torch

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# Tiny models run fastest on one thread, and the suite stays steady when other work shares the cores.
torch.set_num_threads(1)

from transformers import (Gemma4AssistantConfig, Gemma4AssistantForCausalLM, Gemma4ForCausalLM,  # noqa: E402
                          Gemma4TextConfig, LlamaConfig, LlamaForCausalLM)

from mtp_viz import ModelPair  # noqa: E402

PROMPT = [2, 5, 6, 7, 8, 9, 10, 11]


def gemma4_target(vocab=256, seed=0, **overrides) -> Gemma4ForCausalLM:
    torch.manual_seed(seed)
    cfg = dict(vocab_size=vocab, hidden_size=64, intermediate_size=128, num_hidden_layers=4, num_attention_heads=2,
               num_key_value_heads=1, head_dim=16, global_head_dim=32, sliding_window=8,
               layer_types=["sliding_attention", "full_attention"] * 2, hidden_size_per_layer_input=0,
               vocab_size_per_layer_input=vocab, max_position_embeddings=1024, pad_token_id=0, eos_token_id=1,
               bos_token_id=2)
    cfg.update(overrides)
    return Gemma4ForCausalLM(Gemma4TextConfig(**cfg)).eval()


def gemma4_assistant(vocab=256, backbone=64, seed=1, ordered=True, num_centroids=16, top_k=4,
                     **overrides) -> Gemma4AssistantForCausalLM:
    torch.manual_seed(seed)
    text = dict(model_type="gemma4_text", vocab_size=vocab, hidden_size=32, intermediate_size=64, num_hidden_layers=4,
                num_attention_heads=2, num_key_value_heads=1, head_dim=16, global_head_dim=32, sliding_window=8,
                layer_types=["sliding_attention", "full_attention"] * 2, hidden_size_per_layer_input=0,
                vocab_size_per_layer_input=0, max_position_embeddings=1024)
    text.update(overrides)
    cfg = Gemma4AssistantConfig(text_config=text, backbone_hidden_size=backbone, use_ordered_embeddings=ordered,
                                num_centroids=num_centroids, centroid_intermediate_top_k=top_k)
    model = Gemma4AssistantForCausalLM(cfg).eval()
    model.generation_config.num_assistant_tokens = 4
    if ordered:
        model.masked_embedding.token_ordering.copy_(torch.randperm(vocab, generator=torch.Generator().manual_seed(seed)))
    return model


def llama(vocab=256, hidden=64, layers=2, seed=0) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    cfg = LlamaConfig(vocab_size=vocab, hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                      num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=1024, eos_token_id=1,
                      bos_token_id=2, pad_token_id=0)
    return LlamaForCausalLM(cfg).eval()


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
