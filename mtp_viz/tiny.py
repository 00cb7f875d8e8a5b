"""Tiny random Gemma 4 targets, MTP assistants and Llama models built in memory from configs, for tests and benchmarks.

Knows transformers configs only; nothing here is trained. Like transformers' Gemma 4 tester, configs override only
what a feature needs: a target of 4 layers alternating sliding and full attention, so the drafter's KV sources (the
last sliding and the last full layer) are distinct layers, and a drafter of 2 (one of each kind: it runs N times a
round, so its depth is most of a test's time).
"""
from __future__ import annotations

import torch
from transformers import (Gemma4AssistantConfig, Gemma4AssistantForCausalLM, Gemma4ForCausalLM, Gemma4TextConfig,
                          LlamaConfig, LlamaForCausalLM)


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
    text = dict(model_type="gemma4_text", vocab_size=vocab, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                num_attention_heads=2, num_key_value_heads=1, head_dim=16, global_head_dim=32, sliding_window=8,
                layer_types=["sliding_attention", "full_attention"], hidden_size_per_layer_input=0,
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


def bench_pair(num_assistant_tokens: int = 4):
    """The pair the benchmarks time: vocab 2048, an ordered-embedding drafter (64 clusters, top 8), window 32."""
    from .models import ModelPair

    target = gemma4_target(vocab=2048, hidden_size=128, intermediate_size=256, sliding_window=32)
    assistant = gemma4_assistant(vocab=2048, backbone=128, hidden_size=64, intermediate_size=128, sliding_window=32,
                                 num_centroids=64, top_k=8, num_hidden_layers=4,
                                 layer_types=["sliding_attention", "full_attention"] * 2)
    assistant.generation_config.num_assistant_tokens = num_assistant_tokens
    return ModelPair(target, assistant, name="bench-tiny")
