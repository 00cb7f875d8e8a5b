"""The assistant's draft rounds, batched over many round starts at once, with exactly the inputs `generate` gives.

In transformers' `SinglePositionMultiTokenCandidateGenerator` a round that follows committed token x[t+1] feeds
the assistant cat(target_embed(x[t+1]), h[t]) at the constant position t+1, over the target's shared KV of
positions <= t (after a rejection, also the rejected drafts' KV that transformers leaves in: see round_masks);
each later step feeds cat(target_embed(previous draft), previous post_projection output). This module runs
many such rounds side by side by calling the assistant's submodules with one mask row per round.
It knows the assistant's modules; it knows nothing about losses, data or files.
"""
import torch


def cluster_of_tokens(token_ordering, num_centroids):
    """(V,) cluster index of each token id, from the masked embedder's `token_ordering` buffer."""
    clusters = token_ordering.view(num_centroids, -1)  # (C, V/C)
    cluster_of = torch.empty_like(token_ordering)
    cluster_of[clusters.flatten()] = torch.arange(num_centroids).repeat_interleave(clusters.shape[1])
    return cluster_of


def masked_argmax(logits, centroid_logits, cluster_of, top_k):
    """The draft the masked embedder picks: the best token among the top-k clusters only."""
    top = centroid_logits.topk(top_k, dim=-1).indices  # (B, Tq, k)
    chosen = torch.zeros_like(centroid_logits, dtype=torch.bool).scatter_(-1, top, True)  # (B, Tq, C)
    allowed = chosen.gather(-1, cluster_of.expand(*logits.shape[:-1], -1))  # (B, Tq, V)
    return logits.masked_fill(~allowed, float("-inf")).argmax(-1)


def round_masks(round_starts, junk, seq_len, kv_len, sliding_window, num_drafts):
    """Per-round boolean masks (B, 1, Tq, kv_len) over the target's KV, as generate() hands it over.

    The KV holds the committed sequence's S positions, then (kv_len == 2S) the KV of a wrong token at each
    position. After a round that accepted n of N drafts (t = P + n for a round that began at P), transformers
    passes the verify pass's KV cut to the committed length + 1. Full layers then see positions <= t and the
    first rejected draft at t+1. The sliding cache holds positions a..P+N, a = max(0, P-W+1), cut to its
    first t+2 entries; the assistant's bidirectional window keeps the last W+1 of them. `junk` (B, Tq) is
    N-n: 0 after the prefill or a fully accepted round.
    """
    t = round_starts[None, :, None]  # (1, Tq, 1)
    j = junk[:, :, None]  # (B, Tq, 1)
    pos = torch.arange(seq_len)[None, None, :]  # (1, 1, S)
    first_cached = (t + j - num_drafts - sliding_window + 1).clamp(min=0)
    j_sliding = torch.where(first_cached == 0, j.clamp(max=1), torch.minimum(j, first_cached + 1))
    clean_full = (pos <= t).expand(j.shape[0], -1, -1)
    clean_sliding = (pos <= t) & (pos >= t + j_sliding - sliding_window)
    full, sliding = [clean_full], [clean_sliding]
    if kv_len == 2 * seq_len:
        full.append((pos == t + 1) & (j > 0))
        sliding.append((pos > t) & (pos <= t + j_sliding))
    return {"full_attention": torch.cat(full, -1)[:, None], "sliding_attention": torch.cat(sliding, -1)[:, None]}


def draft_rounds(assistant, target_embed, ids, hidden, shared_kv, round_starts, steps, junk=None, num_drafts=None):
    """Unroll `steps` greedy draft steps for every round start t at once.

    ids (B, S) committed tokens; hidden (B, S, D) the target's hidden_states[-1]; shared_kv the target's
    shared_kv_states over S positions (or 2S, see `target_features`); round_starts (Tq,) positions t with
    t + 1 < S; junk (B, Tq) rejected drafts left in the KV by the previous round (default none), which
    drafted num_drafts (default `steps`).
    Returns per step a tuple (logits (B, Tq, V), centroid_logits (B, Tq, C), drafts (B, Tq)).
    """
    cfg = assistant.config
    batch, seq_len = ids.shape
    junk = torch.zeros(batch, len(round_starts), dtype=torch.long) if junk is None else junk
    kv_len = shared_kv["full_attention"][0].shape[2]
    masks = round_masks(round_starts, junk, seq_len, kv_len, cfg.get_text_config().sliding_window,
                        num_drafts or steps)
    positions = (round_starts + 1).expand(batch, -1)  # (B, Tq): the constant position of the round
    cluster_of = cluster_of_tokens(assistant.masked_embedding.token_ordering, cfg.num_centroids)
    token, state = ids[:, round_starts + 1], hidden[:, round_starts]  # (B, Tq), (B, Tq, D)
    outputs = []
    for _ in range(steps):
        x = assistant.pre_projection(torch.cat([target_embed(token), state], dim=-1))  # (B, Tq, d)
        # output_hidden_states keeps every query row: transformers 5.24 would otherwise try to drop rows
        # before the KV-shared layers (all of them here) and fail on the missing per-layer inputs.
        y = assistant.model(inputs_embeds=x, position_ids=positions, attention_mask=masks, use_cache=False,
                            shared_kv_states=dict(shared_kv), output_hidden_states=True).last_hidden_state
        logits = assistant.lm_head(y)
        centroid_logits = assistant.masked_embedding.centroids(y)
        token = masked_argmax(logits.detach(), centroid_logits.detach(), cluster_of, cfg.centroid_intermediate_top_k)
        state = assistant.post_projection(y)  # back to the target's width, fed to the next step
        outputs.append((logits, centroid_logits, token))
    return outputs


def _alternative_masks(seq_len, sliding_window):
    """Causal masks over [committed tokens, wrong tokens]: a wrong token at s sees committed tokens < s and itself."""
    q = torch.arange(seq_len)[:, None]
    k = torch.arange(seq_len)[None, :]
    top = torch.cat([k <= q, torch.zeros(seq_len, seq_len, dtype=torch.bool)], 1)
    bottom = torch.cat([k < q, k == q], 1)
    full = torch.cat([top, bottom], 0)  # (2S, 2S)
    near = torch.cat([q - k < sliding_window] * 2, 1).repeat(2, 1)
    return {"full_attention": full[None, None], "sliding_attention": (full & near)[None, None]}


@torch.no_grad()
def target_features(target, ids, wrong=None):
    """What the drafter reads from the target: final normed hidden states (B, S, D) and shared KV.

    With `wrong` (B, S) token ids, one pass also computes, for every position s, the KV the target would
    cache for `wrong[s]` placed after the committed tokens < s: the rejected drafts a round leaves behind.
    The KV then holds 2S entries (committed first); hidden states and logits stay those of `ids`.
    """
    if wrong is None:
        out = target(input_ids=ids, output_hidden_states=True, return_shared_kv_states=True, use_cache=False)
        return out.hidden_states[-1], out.shared_kv_states, out.logits
    seq_len = ids.shape[1]
    positions = torch.arange(seq_len).repeat(2)[None].expand(ids.shape[0], -1)
    masks = {k: v.expand(ids.shape[0], -1, -1, -1) for k, v in
             _alternative_masks(seq_len, target.config.sliding_window).items()}
    out = target(input_ids=torch.cat([ids, wrong], 1), position_ids=positions, attention_mask=masks,
                 output_hidden_states=True, return_shared_kv_states=True, use_cache=False)
    return out.hidden_states[-1][:, :seq_len], out.shared_kv_states, out.logits[:, :seq_len]
