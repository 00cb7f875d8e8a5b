"""One Gemma 4 text pass without transformers' per-module Python: the same tensor operations as its Gemma4TextModel
forward, in the same order on the same weights, so the numbers are bit for bit the ones transformers computes.

Knows dense Gemma 4 text models in float32 on the CPU with SDPA attention (the bundled miniatures), and nothing of
rounds, sampling or traces. Why: at the miniature's sizes a pass is a few thousand tiny operations, and most of its
time went to the Python around them (module calls, keyword plumbing, config look-ups, output-capturing hooks), not to
the arithmetic. The masks, rotary tables, per-layer inputs and cache updates are transformers' own functions, called
once per pass or per layer as it calls them; the layer loop, its small modules and the call into SDPA are written
out here. `supports()` says whether a model qualifies; anything else (mixtures of experts, GPUs, other dtypes, hooks)
goes through transformers unchanged. tests/test_lean.py checks logits, hidden state, KV cache and shared KV are equal.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from itertools import accumulate

import torch
import torch.nn.functional as F
from transformers.cache_utils import KVSharingDict
from transformers.integrations.sdpa_attention import pack_gqa
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
    centroid_logits: torch.Tensor | None = None   # (1, 1, num_centroids) with ordered embeddings: the clusters' scores
    cos_sin: dict | None = None                # the rotary tables per layer type, the same for every step of a round
                                               # (None from a step run for several generations: their positions differ)


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
            and not _hooked(assistant.pre_projection) and not _hooked(assistant.post_projection)
            and (assistant.masked_embedding is None or not _hooked(assistant.masked_embedding)))


def supports_embedding(module) -> bool:
    """Whether `embedding` computes exactly what `module(ids)` would (a Gemma4TextScaledWordEmbedding without max_norm
    or hooks, on the CPU)."""
    return (type(module).__name__ == "Gemma4TextScaledWordEmbedding" and module.max_norm is None
            and module.weight.device.type == "cpu" and not _hooked(module))


def embedding(module, token: int) -> torch.Tensor:
    """Gemma4TextScaledWordEmbedding.forward(torch.tensor([[token]])) for one token id, (1, 1, H): its row of the table
    times the scale, the same multiplication without the id tensor or the module call."""
    m = flat(module)
    return (m.weight[token] * m.embed_scale.to(m.weight.dtype)).view(1, 1, -1)


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


class Flat:
    """A module's parameters, buffers, children and plain attributes as plain attributes (see `flat`)."""


_FLAT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # module -> its Flat


def flat(module):
    """The module as plain attributes, made once per module: nn.Module finds a parameter, buffer or child with a
    Python __getattr__ (about a microsecond each here), and a layer reads some forty a pass. Children with parameters
    are made flat too; the others (activations, an unscaled norm) stay modules. The parameters and buffers are the
    module's own tensors, so a change in place shows; one replaced by another tensor would not (mtp_viz replaces
    none)."""
    kept = _FLAT.get(module)
    if kept is None:
        kept = Flat()
        kept.__dict__.update({k: v for k, v in vars(module).items() if not k.startswith("_")})
        kept.__dict__.update(module._parameters)
        kept.__dict__.update(module._buffers)
        for name, child in module._modules.items():
            has_parameters = child is not None and next(child.parameters(), None) is not None
            kept.__dict__[name] = flat(child) if has_parameters else child
        _FLAT[module] = kept
    return kept


_SCALARS: dict = {}                           # (eps, n) -> the same numbers as float32 0-dim tensors


def _scalars(eps: float, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    kept = _SCALARS.get((eps, n))
    if kept is None:
        kept = _SCALARS[(eps, n)] = torch.tensor(eps, dtype=torch.float32), torch.tensor(n, dtype=torch.float32)
    return kept


def rms_norm(x: torch.Tensor, norm) -> torch.Tensor:
    """Gemma4RMSNorm.forward for a float32 x (its .float() and type_as casts are then the identity), in the same
    float32 operations with fewer calls: CPU mean is sum then div_ by the count, pow(2) is x * x and pow(-0.5) is
    rsqrt, a Python number is cast to a float32 tensor before each use, and addcdiv(eps, s, n) is eps + s / n
    (tests/test_lean.py checks the bits)."""
    out = unit_rms(x, norm.eps)
    return out * norm.weight if norm.with_scale else out


def unit_rms(x: torch.Tensor, eps: float) -> torch.Tensor:
    """Gemma4RMSNorm._norm: x / sqrt(mean(x**2) + eps) over the last dimension."""
    eps, n = _scalars(eps, x.shape[-1])
    return x * torch.addcdiv(eps, (x * x).sum(-1, keepdim=True), n).rsqrt_()      # eps + sum / n


def _rope(x, cos, signed_sin):
    """g4.apply_rotary_pos_emb(x, cos, sin, unsqueeze_dim=2): x * cos + rotate_half(x) * sin, where rotate_half(x) is
    (-x2, x1). Here (x2, x1) is one roll and the sign moves to sin's first half (signed_sin from `rotary`): negating
    is exact, so the products are the same numbers. x (1, T, heads, hs), cos and signed_sin (1, T, 1, hs)."""
    return x * cos + torch.roll(x, x.shape[-1] // 2, -1) * signed_sin


_NORMS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # attention -> (weights' versions, joined weight)


def joint_norm(attn):
    """The q, k and v norms of a layer that projects all three, as one norm over its query, key and value heads:
    a (heads, hs) weight whose rows are each head's norm weight (ones for v's unscaled norm: x * 1 is x). Each head's
    row of hs numbers is normed alone, so the bits are those of the three norms. None where they differ in eps."""
    norms = (attn.q_norm, attn.k_norm, attn.v_norm)
    if attn.v_proj is None or len({n.eps for n in norms}) > 1 or not (norms[0].with_scale and norms[1].with_scale):
        return None
    weights = [n.weight for n in norms if n.with_scale]
    versions = tuple(w._version for w in weights)
    kept = _NORMS.get(attn)
    if kept is None or kept[0] != versions:
        heads = [attn.q_proj.out_features // attn.head_dim, attn.k_proj.out_features // attn.head_dim,
                 attn.v_proj.out_features // attn.head_dim]
        rows = [w.detach().expand(h, -1) for w, h in zip(weights, heads)]
        if not attn.v_norm.with_scale:
            rows.append(torch.ones(heads[2], attn.head_dim, dtype=weights[0].dtype))
        kept = _NORMS[attn] = (versions, torch.cat(rows), attn.q_norm.eps, heads)
    return kept[1:]


def additive(mask):
    """A boolean attention mask as the float32 one SDPA turns it into (where(mask, 0, -inf)) in every call: made
    once per pass instead of once per layer. Any other mask is returned as it is."""
    if isinstance(mask, torch.Tensor) and mask.dtype == torch.bool:
        return torch.where(mask, 0.0, float("-inf"))
    return mask


@dataclass
class Item:
    """One sequence of a pass: its tokens' rows in the joined hidden state, and what only it has (its masks, its
    shared KV, its cache and the keywords its attention receives). A pass over one sequence has one Item over all
    rows; a pass over several (forward_many) joins their tokens, so every row-wise operation runs once for all."""
    rows: slice
    masks: dict
    shared_kv: KVSharingDict
    cache: object | None
    kwargs: dict


@dataclass
class Call:
    """One sequence's verification pass for forward_many: what `forward` takes, less the shared keywords."""
    input_ids: torch.Tensor                    # (1, T)
    attention_mask: torch.Tensor | None
    cache: object
    logits_to_keep: int


def sdpa(attn, query, key, value, mask):
    """transformers' sdpa_attention_forward without its Python checks (no softcap, dropout, position bias or
    attention weights here): query (1, nh, t, hs), key and value (1, nkv, L, hs) -> (1, t, nh, hs). Where it
    repeats the key and value heads for a query of several positions, SDPA's enable_gqa reads them in place instead
    (the same numbers: tests/test_lean.py)."""
    t, dim = query.shape[2:]
    gqa = {}
    if attn.num_key_value_groups > 1:
        if t > 1 or (mask is None and dim <= 256):
            gqa = {"enable_gqa": True}
        else:                                      # one position's heads as positions of its KV head
            query = pack_gqa(query, attn.num_key_value_groups)
            mask = pack_gqa(mask, attn.num_key_value_groups)
    is_causal = t > 1 and mask is None and getattr(attn, "is_causal", True)
    if is_causal and key.shape[2] > t:
        key, value = key[:, :, :t], value[:, :, :t]
    out = F.scaled_dot_product_attention(query, key, value, attn_mask=mask, dropout_p=0.0, scale=attn.scaling,
                                         is_causal=is_causal, **gqa)
    return out.reshape(out.shape[0], -1, t, value.shape[-1]).transpose(1, 2).contiguous()


def attention(attn, x, cos_sin, kind: str, items: list[Item]):
    """Gemma4TextAttention.forward. x: (1, T, H) -> (1, T, H): the projections, norms and rotary embedding over all
    rows at once, then each item's own cache update and attention over its own keys and values."""
    hidden_shape = (*x.shape[:-1], -1, attn.head_dim)
    cos, sin = cos_sin
    joint = None if attn.is_kv_shared_layer else joint_norm(attn)
    if attn.is_kv_shared_layer:
        query = F.linear(x, attn.q_proj.weight, attn.q_proj.bias).view(hidden_shape)
        query = _rope(rms_norm(query, attn.q_norm), cos, sin)                         # (1, T, nh, hs)
    elif joint is not None:       # q, k and v heads normed together, then q and k rotated together
        weight, eps, (nh, nkv, _) = joint
        heads = F.linear(x, joined(attn, attn.q_proj, attn.k_proj, attn.v_proj)).view(hidden_shape)
        normed = unit_rms(heads, eps) * weight                                         # (1, T, heads, hs)
        rotated = _rope(normed[:, :, : nh + nkv], cos, sin)                            # (1, T, nh + nkv, hs)
        query, key, value = rotated[:, :, :nh], rotated[:, :, nh:], normed[:, :, nh + nkv:]
    else:
        projections = [p for p in (attn.q_proj, attn.k_proj, attn.v_proj) if p is not None]
        qkv = F.linear(x, joined(attn, *projections)).split([p.out_features for p in projections], dim=-1)
        query, key = qkv[0].view(hidden_shape), qkv[1].view(hidden_shape)
        value = qkv[2].view(hidden_shape) if attn.v_proj is not None else key
        key = _rope(rms_norm(key, attn.k_norm), cos, sin)                             # (1, T, nkv, hs)
        value = rms_norm(value, attn.v_norm)
        query = _rope(rms_norm(query, attn.q_norm), cos, sin)                         # (1, T, nh, hs)
    outs = []
    for item in items:
        if attn.is_kv_shared_layer:
            k, v = item.shared_kv[attn.layer_type]
        else:
            k, v = key[:, item.rows].transpose(1, 2), value[:, item.rows].transpose(1, 2)   # (1, nkv, t, hs)
            if item.cache is not None:
                k, v = item.cache.update(k, v, attn.layer_idx, kwargs=item.kwargs)
        if attn.store_full_length_kv:
            item.shared_kv[attn.layer_type] = k, v
        out = sdpa(attn, query[:, item.rows].transpose(1, 2), k, v, item.masks[kind])         # (1, t, nh, hs)
        outs.append(out.reshape(*out.shape[:2], -1))
    out = (outs[0] if len(outs) == 1 else torch.cat(outs, dim=1)).contiguous()
    return F.linear(out, attn.o_proj.weight, attn.o_proj.bias)


def activation(module):
    """The function a GELUTanh module calls (its forward is `self.act(input)`), so as not to call it as a module;
    any other activation module as it is."""
    return module.act if type(module).__name__ == "GELUTanh" else module


def decoder_layer(layer, h, per_layer_input, cos_sin, kind: str, items: list[Item]):
    """Gemma4TextDecoderLayer.forward for a dense layer. h: (1, T, H) -> (1, T, H)."""
    residual = h
    h = attention(layer.self_attn, rms_norm(h, layer.input_layernorm), cos_sin, kind, items)
    h = residual + rms_norm(h, layer.post_attention_layernorm)
    residual = h
    mlp, x = layer.mlp, rms_norm(h, layer.pre_feedforward_layernorm)
    gate, up = F.linear(x, joined(mlp, mlp.gate_proj, mlp.up_proj)).chunk(2, dim=-1)
    x = F.linear(activation(mlp.act_fn)(gate) * up, mlp.down_proj.weight)
    h = residual + rms_norm(x, layer.post_feedforward_layernorm)
    if layer.hidden_size_per_layer_input:
        residual = h
        x = activation(layer.act_fn)(F.linear(h, layer.per_layer_input_gate.weight)) * per_layer_input
        x = F.linear(x, layer.per_layer_projection.weight)
        h = residual + rms_norm(x, layer.post_per_layer_input_norm)
    h *= layer.layer_scalar
    return h


_ROTARY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # rotary module -> {layer type: (key, tables)}


def rotary(module, h, position_ids, kind: str):
    """module(h, position_ids, kind) as `_rope` reads it: cos and sin unsqueezed for (1, T, heads, hs), (1, T, 1, hs)
    each, sin's first half negated. The last call's tables per layer type are kept and given again for the same
    positions (a round's drafter steps all sit at one position), unless the rope type rescales its frequencies with
    the length."""
    rope_type = module.rope_type[kind] if isinstance(module.rope_type, dict) else module.rope_type
    inv_freq = getattr(module, f"{kind}_inv_freq", None)
    key = (tuple(position_ids.view(-1).tolist()), h.dtype, h.device, id(inv_freq), getattr(inv_freq, "_version", 0))
    kept = _ROTARY.setdefault(module, {})
    if kind in kept and kept[kind][0] == key:
        return kept[kind][1]
    cos, sin = (c.unsqueeze(2) for c in module(h, position_ids, kind))
    half = sin.shape[-1] // 2
    tables = cos, torch.cat((-sin[..., :half], sin[..., half:]), dim=-1)
    if "dynamic" not in rope_type and rope_type != "longrope":
        kept[kind] = key, tables
    return tables


_STACKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # text model -> its layers, flat, and their kinds


def stack(text) -> tuple:
    """The text model's first num_hidden_layers layers as (flat layer, attention type) pairs, read once per model:
    slicing its ModuleList builds a new one, and its config answers each look-up in Python, on every pass."""
    kept = _STACKS.get(text)
    if kept is None:
        config = text.config
        layers = list(text.layers)[: config.num_hidden_layers]
        kept = _STACKS[text] = tuple((flat(layer), config.layer_types[i]) for i, layer in enumerate(layers))
    return kept


def _layers(text, h, per_layer_inputs, position_ids, items: list[Item], logits_to_keep, flags, cos_sin=None):
    """Gemma4TextModel.forward's layer loop and final norm. `flags`: the output keywords of the pass, which decide
    whether transformers may skip the KV-shared layers' work for positions whose logits are not kept (a pass over
    several sequences keeps every position's). `cos_sin`: the rotary tables per layer type, where the caller holds
    them for these positions already."""
    if cos_sin is None:
        cos_sin = {t: rotary(text.rotary_emb, h, position_ids, t) for t in text.unique_layer_types}
    for i, (layer, kind) in enumerate(stack(text)):
        if i == text.first_kv_shared_layer_idx and len(items) == 1:
            item = items[0]
            h, per_layer_inputs, cos_sin, item.masks = text._maybe_slice_kv_shared_inputs(
                h, per_layer_inputs, cos_sin, item.masks, logits_to_keep, cache=item.cache, **flags)
        h = decoder_layer(layer, h, per_layer_inputs[:, :, i, :] if per_layer_inputs is not None else None,
                          cos_sin[kind], kind, items)
    return rms_norm(h, text.norm)


def forward(model, input_ids: torch.Tensor, attention_mask: torch.Tensor | None, cache, logits_to_keep: int,
            output_hidden_states: bool = False, return_shared_kv_states: bool = False) -> Output:
    """Gemma4ForCausalLM.forward(input_ids=..., attention_mask=..., cache=..., use_cache=True, logits_to_keep=...)
    for a model that `supports()` accepts."""
    return forward_many(model, [Call(input_ids, attention_mask, cache, logits_to_keep)],
                        output_hidden_states=output_hidden_states, return_shared_kv_states=return_shared_kv_states)[0]


def forward_many(model, calls: list[Call], output_hidden_states: bool = False,
                 return_shared_kv_states: bool = False) -> list[Output]:
    """`forward` for several sequences in one pass, each with its own cache (cross-request batching, as a serving
    engine does: the sequences' tokens are joined into one row each, so every matrix product and norm runs once for
    all of them, and only attention runs per sequence). One call computes exactly what transformers does; several
    compute the same operations on more rows at once, so a matrix product may round its last bit differently than
    it does for one sequence. Each call's logits are those of
    its last logits_to_keep positions; its hidden state (and so its KV-shared layers) covers all of its positions."""
    text = model.model
    config = text.config
    flags = {"output_hidden_states": output_hidden_states, "return_shared_kv_states": return_shared_kv_states}
    input_ids = calls[0].input_ids if len(calls) == 1 else torch.cat([c.input_ids for c in calls], dim=1)
    embeds = text.embed_tokens(input_ids)                                            # (1, T, H)
    per_layer_inputs = None
    if text.hidden_size_per_layer_input:
        per_layer_inputs = text.project_per_layer_inputs(embeds, text.get_per_layer_inputs(input_ids, embeds))
    items, positions, start = [], [], 0
    for c in calls:
        width = c.input_ids.shape[1]
        rows = slice(None) if len(calls) == 1 else slice(start, start + width)
        position_ids = (torch.arange(width, device=embeds.device) + c.cache.get_seq_length()).unsqueeze(0)
        mask_kwargs = {"config": config, "inputs_embeds": embeds[:, rows], "attention_mask": c.attention_mask,
                       "cache": c.cache, "position_ids": position_ids}
        masks = {"full_attention": additive(g4.create_causal_mask(**mask_kwargs)),
                 "sliding_attention": additive(g4.create_sliding_window_causal_mask(**mask_kwargs))}
        items.append(Item(rows, masks, KVSharingDict(None), c.cache, {**flags, "position_ids": position_ids}))
        positions.append(position_ids)
        start += width
    position_ids = positions[0] if len(calls) == 1 else torch.cat(positions, dim=1)
    h = last = _layers(text, embeds, per_layer_inputs, position_ids, items, calls[0].logits_to_keep, flags)
    if len(calls) == 1:
        if h.shape[1] == input_ids.shape[1]:
            h = g4.slice_logits_to_keep(h, calls[0].logits_to_keep)
        kept = [slice(None)]
    else:                     # each call's last logits_to_keep rows, side by side
        h = torch.cat([h[:, item.rows][:, -c.logits_to_keep:] for c, item in zip(calls, items)], dim=1)
        ends = list(accumulate(c.logits_to_keep for c in calls))
        kept = [slice(end - c.logits_to_keep, end) for c, end in zip(calls, ends)]
    logits = F.linear(h, model.lm_head.weight)
    cap = config.final_logit_softcapping
    if cap is not None:
        logits = torch.tanh(logits / cap) * cap
    return [Output(logits=logits[:, rows], hidden_states=(last[:, item.rows],),
                   shared_kv_states=item.shared_kv if return_shared_kv_states else None)
            for rows, item in zip(kept, items)]


@dataclass
class DraftCall:
    """One generation's drafter step for draft_many: what `draft` takes."""
    inputs_embeds: torch.Tensor                # (1, 1, 2*H_target)
    attention_mask: torch.Tensor
    position_ids: torch.Tensor                 # (1, 1)
    shared_kv_states: dict
    masks: dict | None = None
    cos_sin: dict | None = None                # a previous step's, at the same position (a lone step reads it)


def ordered_logits(embedder, h: torch.Tensor, lm_head_weight: torch.Tensor):
    """Gemma4AssistantMaskedEmbedder.forward, the efficient embedder, with the centroid scores it computes on the
    way: (logits, centroid_logits). The tokens of the top-k clusters are scored; every other token gets the lowest
    score minus one. That floor is taken over all of h, so h must be one sequence's."""
    batch, seq_len = h.shape[:2]
    e = flat(embedder)
    centroid_logits = F.linear(h, e.centroids.weight)
    _, top = torch.topk(centroid_logits, k=e.centroid_intermediate_top_k, dim=-1)
    selected = clusters(embedder).index_select(0, top.view(-1))                      # (B * L * top_k, K)
    rows = lm_head_weight.index_select(0, selected.view(-1)).view(
        batch, seq_len, e.centroid_intermediate_top_k * e.vocab_size_per_centroid, e.hidden_size)
    scored = (h.unsqueeze(-2) @ rows.transpose(-1, -2)).squeeze(-2)
    logits = torch.full((batch, seq_len, e.vocab_size), fill_value=scored.min().item() - 1.0, dtype=h.dtype,
                        device=h.device)
    return logits.scatter_(dim=-1, index=selected.view(batch, seq_len, -1), src=scored), centroid_logits


_CLUSTERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # embedder -> (ordering's version, its clusters)


def clusters(embedder) -> torch.Tensor:
    """The embedder's token ordering as (num_centroids, tokens per centroid) token ids in int64, as its forward casts
    and views it on every call: made again only when the ordering changes."""
    ordering = embedder.token_ordering
    kept = _CLUSTERS.get(embedder)
    if kept is None or kept[0] != ordering._version:
        kept = _CLUSTERS[embedder] = (ordering._version, ordering.long().view(
            embedder.num_centroids, embedder.vocab_size_per_centroid))
    return kept[1]


def draft(assistant, inputs_embeds: torch.Tensor, attention_mask: torch.Tensor, position_ids: torch.Tensor,
          shared_kv_states: dict, masks: dict | None = None) -> DraftOutput:
    """Gemma4AssistantForCausalLM.forward(inputs_embeds=..., attention_mask=..., position_ids=...,
    shared_kv_states=..., use_cache=False) on the CPU, for an assistant that `supports_drafter` accepts.
    inputs_embeds: (1, 1, 2*H_target). `masks`: a previous step's of the same round (they depend only on the
    attention mask and the shared KV, which a round keeps), else made here as transformers makes them."""
    return draft_many(assistant, [DraftCall(inputs_embeds, attention_mask, position_ids, shared_kv_states, masks)])[0]


def draft_many(assistant, calls: list[DraftCall]) -> list[DraftOutput]:
    """`draft` for several generations' steps in one pass (each reads its own target's KV): the projections, norms
    and feed-forward layers run once for all rows, attention and the efficient embedder once per generation. One
    call computes exactly what transformers does; several may round a matrix product's last bit differently."""
    one, a = len(calls) == 1, flat(assistant)
    embeds = calls[0].inputs_embeds if one else torch.cat([c.inputs_embeds for c in calls], dim=1)
    x = F.linear(embeds, a.pre_projection.weight)                                     # (1, R, H_drafter)
    items = []
    for i, c in enumerate(calls):
        rows = slice(None) if one else slice(i, i + 1)
        masks = c.masks if c.masks is not None else {
            kind: additive(mask)
            for kind, mask in assistant.create_attention_masks(x[:, rows], c.attention_mask, c.shared_kv_states).items()}
        items.append(Item(rows, masks, KVSharingDict(c.shared_kv_states), None, {"position_ids": c.position_ids}))
    position_ids = calls[0].position_ids if one else torch.cat([c.position_ids for c in calls], dim=1)
    text = assistant.model
    cos_sin = calls[0].cos_sin if one else None
    if cos_sin is None:
        cos_sin = {t: rotary(text.rotary_emb, x, position_ids, t) for t in text.unique_layer_types}
    h = _layers(text, x, None, position_ids, items, 0, {}, cos_sin)
    projected = F.linear(h, a.post_projection.weight)
    kept = cos_sin if one else None
    outputs = []
    if a.masked_embedding is not None:                 # config.use_ordered_embeddings: the efficient embedder
        for item in items:
            mine = (h, projected) if one else (h[:, item.rows], projected[:, item.rows])
            logits, centroids = ordered_logits(assistant.masked_embedding, mine[0], a.lm_head.weight)
            outputs.append(DraftOutput(logits, mine[1], item.masks, centroids, kept))
    else:
        logits = F.linear(h, a.lm_head.weight)
        outputs = [DraftOutput(logits, projected, items[0].masks, cos_sin=kept)] if one else [
            DraftOutput(logits[:, item.rows], projected[:, item.rows], item.masks) for item in items]
    return outputs
