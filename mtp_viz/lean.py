"""One Gemma 4 text pass without transformers' per-module Python: the same tensor operations as its Gemma4TextModel
forward, in the same order on the same weights, so the numbers are bit for bit the ones transformers computes.

Knows dense Gemma 4 text models in float32 on the CPU with SDPA attention (the bundled miniatures), and nothing of
rounds, sampling or traces. Why: at the miniature's sizes a pass is a few thousand tiny operations, and most of its
time went to the Python around them (module calls, keyword plumbing, config look-ups, output-capturing hooks), not to
the arithmetic. The masks, rotary tables, per-layer inputs, cache updates and attention call are transformers' own
functions, called once per pass or per layer as it calls them; only the layer loop and its small modules are written
out here. `supports()` says whether a model qualifies; anything else (mixtures of experts, GPUs, other dtypes, hooks)
goes through transformers unchanged. tests/test_lean.py checks logits, hidden state, KV cache and shared KV are equal.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from transformers.cache_utils import KVSharingDict
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.models.gemma4 import modeling_gemma4 as g4
from transformers.utils import output_capturing

_CAPTURING = output_capturing.__name__


@dataclass
class Output:
    """What the engine reads from a pass (a subset of transformers' Gemma4CausalLMOutputWithPast)."""
    logits: torch.Tensor                       # (1, logits_to_keep, V)
    hidden_states: tuple[torch.Tensor, ...]    # (last_hidden_state,): the one the MTP drafter reads, after the norm
    shared_kv_states: KVSharingDict | None


@dataclass
class DraftOutput:
    """What the engine reads from a drafter step (a subset of transformers' Gemma4AssistantOutput)."""
    logits: torch.Tensor                       # (1, 1, V)
    last_hidden_state: torch.Tensor            # (1, 1, H_target): post_projection, the next step's input
    masks: dict                                # the attention masks, the same for every step of a round


def _hooked(module) -> bool:
    """Whether any hook would see a module call that this pass leaves out. transformers' own output-capturing hooks
    (installed for good the first time a pass asks for hidden states) record nothing unless a pass asks them to."""
    return any(getattr(hook, "__module__", None) != _CAPTURING for m in module.modules()
               for hooks in (m._forward_hooks, m._forward_pre_hooks) for hook in hooks.values())


def _plain(text, weight) -> bool:
    """A dense Gemma 4 text model in float32 on the CPU with SDPA attention, in eval mode and without hooks."""
    config = text.config
    return (type(text).__name__ == "Gemma4TextModel" and not getattr(config, "enable_moe_block", False)
            and config._attn_implementation == "sdpa" and not config.attention_bias and weight.dtype == torch.float32
            and weight.device.type == "cpu" and not text.training
            and getattr(config, "use_bidirectional_attention", None) != "all" and not _hooked(text))


def supports(model) -> bool:
    """Whether `forward` computes exactly what `model(...)` would."""
    return type(model).__name__ == "Gemma4ForCausalLM" and _plain(model.model, model.lm_head.weight) \
        and not _hooked(model.lm_head)


def supports_drafter(assistant) -> bool:
    """Whether `draft` computes exactly what `assistant(...)` would (a Gemma4AssistantForCausalLM whose layers all
    read the target's KV, as every Gemma 4 MTP drafter's do)."""
    return (type(assistant).__name__ == "Gemma4AssistantForCausalLM"
            and _plain(assistant.model, assistant.lm_head.weight) and assistant.model.first_kv_shared_layer_idx == 0
            and not assistant.model.hidden_size_per_layer_input
            and not _hooked(assistant.pre_projection) and not _hooked(assistant.post_projection))


_JOINED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # module -> (weights' versions, joined weight)


def joined(module, *linears) -> torch.Tensor:
    """The linears' weights stacked into one: x @ [W1; W2]^T gives each output the same dot products as x @ W1^T and
    x @ W2^T (tests/test_lean.py checks it bit for bit), in one matrix product instead of two or three. Made again
    whenever a weight changes (its version counter moves)."""
    weights = [lin.weight for lin in linears]
    versions = tuple(w._version for w in weights)
    kept = _JOINED.get(module)
    if kept is None or kept[0] != versions:
        kept = _JOINED[module] = (versions, torch.cat(weights).detach())
    return kept[1]


def rms_norm(x: torch.Tensor, norm) -> torch.Tensor:
    """Gemma4RMSNorm.forward for a float32 x (its .float() and type_as casts are then the identity)."""
    mean_squared = x.pow(2).mean(-1, keepdim=True) + norm.eps
    out = x * torch.pow(mean_squared, -0.5)
    return out * norm.weight if norm.with_scale else out


def _rope(x, cos, sin):
    return g4.apply_rotary_pos_emb(x, cos, sin, unsqueeze_dim=2)


def attention(attn, x, cos_sin, mask, shared_kv, cache, kwargs):
    """Gemma4TextAttention.forward. x: (1, T, H) -> (1, T, H)."""
    input_shape = x.shape[:-1]
    hidden_shape = (*input_shape, -1, attn.head_dim)
    cos, sin = cos_sin
    if attn.is_kv_shared_layer:
        query = F.linear(x, attn.q_proj.weight, attn.q_proj.bias).view(hidden_shape)
        key, value = shared_kv[attn.layer_type]
    else:
        projections = [p for p in (attn.q_proj, attn.k_proj, attn.v_proj) if p is not None]
        qkv = F.linear(x, joined(attn, *projections)).split([p.out_features for p in projections], dim=-1)
        query, key = qkv[0].view(hidden_shape), qkv[1].view(hidden_shape)
        value = qkv[2].view(hidden_shape) if attn.v_proj is not None else key
        key = _rope(rms_norm(key, attn.k_norm), cos, sin).transpose(1, 2)           # (1, nkv, T, hs)
        value = rms_norm(value, attn.v_norm).transpose(1, 2)
        if cache is not None:
            key, value = cache.update(key, value, attn.layer_idx, kwargs=kwargs)
    query = _rope(rms_norm(query, attn.q_norm), cos, sin).transpose(1, 2)           # (1, nh, T, hs)
    if attn.store_full_length_kv:
        shared_kv[attn.layer_type] = key, value
    out, _ = sdpa_attention_forward(attn, query, key, value, mask, dropout=0.0, scaling=attn.scaling,
                                    sliding_window=attn.sliding_window, **kwargs)
    out = out.reshape(*input_shape, -1).contiguous()
    return F.linear(out, attn.o_proj.weight, attn.o_proj.bias)


def decoder_layer(layer, h, per_layer_input, cos_sin, mask, shared_kv, cache, kwargs):
    """Gemma4TextDecoderLayer.forward for a dense layer. h: (1, T, H) -> (1, T, H)."""
    residual = h
    h = attention(layer.self_attn, rms_norm(h, layer.input_layernorm), cos_sin, mask, shared_kv, cache, kwargs)
    h = residual + rms_norm(h, layer.post_attention_layernorm)
    residual = h
    mlp, x = layer.mlp, rms_norm(h, layer.pre_feedforward_layernorm)
    gate, up = F.linear(x, joined(mlp, mlp.gate_proj, mlp.up_proj)).chunk(2, dim=-1)
    x = F.linear(mlp.act_fn(gate) * up, mlp.down_proj.weight)
    h = residual + rms_norm(x, layer.post_feedforward_layernorm)
    if layer.hidden_size_per_layer_input:
        residual = h
        x = layer.act_fn(F.linear(h, layer.per_layer_input_gate.weight)) * per_layer_input
        x = F.linear(x, layer.per_layer_projection.weight)
        h = residual + rms_norm(x, layer.post_per_layer_input_norm)
    h *= layer.layer_scalar
    return h


def _layers(text, h, per_layer_inputs, position_ids, masks, shared_kv, cache, logits_to_keep, kwargs):
    """Gemma4TextModel.forward's layer loop and final norm."""
    config = text.config
    cos_sin = {t: text.rotary_emb(h, position_ids, t) for t in text.unique_layer_types}
    layer_kwargs = {**kwargs, "position_ids": position_ids}            # what each layer's attention receives
    for i, layer in enumerate(text.layers[: config.num_hidden_layers]):
        if i == text.first_kv_shared_layer_idx:
            h, per_layer_inputs, cos_sin, masks = text._maybe_slice_kv_shared_inputs(
                h, per_layer_inputs, cos_sin, masks, logits_to_keep, cache=cache, **kwargs)
        kind = config.layer_types[i]
        h = decoder_layer(layer, h, per_layer_inputs[:, :, i, :] if per_layer_inputs is not None else None,
                          cos_sin[kind], masks[kind], shared_kv, cache, layer_kwargs)
    return rms_norm(h, text.norm)


def forward(model, input_ids: torch.Tensor, attention_mask: torch.Tensor | None, cache, logits_to_keep: int,
            output_hidden_states: bool = False, return_shared_kv_states: bool = False) -> Output:
    """Gemma4ForCausalLM.forward(input_ids=..., attention_mask=..., cache=..., use_cache=True, logits_to_keep=...)
    for a model that `supports()` accepts."""
    text = model.model
    config = text.config
    kwargs = {"output_hidden_states": output_hidden_states, "return_shared_kv_states": return_shared_kv_states}
    embeds = text.embed_tokens(input_ids)                                            # (1, T, H)
    per_layer_inputs = None
    if text.hidden_size_per_layer_input:
        per_layer_inputs = text.project_per_layer_inputs(embeds, text.get_per_layer_inputs(input_ids, embeds))
    position_ids = (torch.arange(embeds.shape[1], device=embeds.device) + cache.get_seq_length()).unsqueeze(0)
    mask_kwargs = {"config": config, "inputs_embeds": embeds, "attention_mask": attention_mask, "cache": cache,
                   "position_ids": position_ids}
    masks = {"full_attention": g4.create_causal_mask(**mask_kwargs),
             "sliding_attention": g4.create_sliding_window_causal_mask(**mask_kwargs)}
    shared_kv = KVSharingDict(None)
    h = last = _layers(text, embeds, per_layer_inputs, position_ids, masks, shared_kv, cache, logits_to_keep, kwargs)
    if h.shape[1] == input_ids.shape[1]:
        h = g4.slice_logits_to_keep(h, logits_to_keep)
    logits = F.linear(h, model.lm_head.weight)
    cap = config.final_logit_softcapping
    if cap is not None:
        logits = torch.tanh(logits / cap) * cap
    return Output(logits=logits, hidden_states=(last,), shared_kv_states=shared_kv if return_shared_kv_states else None)


def draft(assistant, inputs_embeds: torch.Tensor, attention_mask: torch.Tensor, position_ids: torch.Tensor,
          shared_kv_states: dict, masks: dict | None = None) -> DraftOutput:
    """Gemma4AssistantForCausalLM.forward(inputs_embeds=..., attention_mask=..., position_ids=...,
    shared_kv_states=..., use_cache=False) on the CPU, for an assistant that `supports_drafter` accepts.
    inputs_embeds: (1, 1, 2*H_target). `masks`: a previous step's of the same round (they depend only on the
    attention mask and the shared KV, which a round keeps), else made here as transformers makes them."""
    x = F.linear(inputs_embeds, assistant.pre_projection.weight)                     # (1, 1, H_drafter)
    if masks is None:
        masks = assistant.create_attention_masks(x, attention_mask, shared_kv_states)
    h = _layers(assistant.model, x, None, position_ids, masks, KVSharingDict(shared_kv_states), None, 0, {})
    projected = F.linear(h, assistant.post_projection.weight)
    if assistant.config.use_ordered_embeddings:
        logits = assistant.masked_embedding(h, assistant.lm_head.weight)           # a module call: its hooks run
    else:
        logits = F.linear(h, assistant.lm_head.weight)
    return DraftOutput(logits=logits, last_hidden_state=projected, masks=masks)
