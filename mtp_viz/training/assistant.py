"""Trains the miniature `Gemma4AssistantForCausalLM` to draft the target's own greedy continuations.

Data: greedy rollouts of the finished target from corpus prompts. Inputs: exactly what `generate` feeds
(see drafting.py). Loss: cross-entropy to the target's next greedy tokens at each of K unrolled steps, plus
cross-entropy of the centroid scorer to those tokens' clusters, plus (preset.distill > 0) the KL divergence from
the target's own next-token distribution: greedy drafting needs only the target's top token, but a sampled draft
is kept with probability sum(min(p, q)), which only a q shaped like p makes large. It knows nothing about files or
the app.
"""
import torch
import torch.nn.functional as F
from tqdm import tqdm
from transformers import Gemma4AssistantForCausalLM

from mtp_viz.training.drafting import cluster_of_tokens, draft_rounds, target_features
from mtp_viz.training.target import lr_at


def balanced_clusters(vectors, num_clusters, gen, iters=8):
    """Equal-size k-means on unit vectors; returns a token ordering: cluster c owns slots c*n .. c*n+n-1."""
    vocab = vectors.shape[0]
    size = vocab // num_clusters
    unit = F.normalize(vectors.float(), dim=-1)
    centres = unit[torch.randperm(vocab, generator=gen)[:num_clusters]]
    for _ in range(iters):
        sims = unit @ centres.T  # (V, C)
        order = sims.flatten().argsort(descending=True)
        owner = torch.full((vocab,), -1)
        room = [size] * num_clusters
        for flat in order.tolist():  # greedy: most confident pairs first, until every cluster is full
            token, cluster = divmod(flat, num_clusters)
            if owner[token] < 0 and room[cluster]:
                owner[token] = cluster
                room[cluster] -= 1
        centres = F.normalize(torch.stack([unit[owner == c].mean(0) for c in range(num_clusters)]), dim=-1)
    return torch.cat([torch.nonzero(owner == c).flatten() for c in range(num_clusters)])


def _runner_up(logits, chosen):
    """The target's best token other than `chosen`: a plausible draft it would reject."""
    top2 = logits.topk(2, dim=-1).indices  # (..., 2)
    return torch.where(top2[..., 0] == chosen, top2[..., 1], top2[..., 0])


@torch.no_grad()
def greedy_rollouts(target, stream, starts, count, new_tokens, gen, batch=64):
    """Prompts of 2-24 tokens, each continued greedily by the target, eos and all. Every other batch the
    prompt is <bos> and a span from anywhere in the corpus, so the drafter also meets contexts that no
    document opens with, as typed prompts are.

    Returns (ids (B, S), wrong (B, S), prompt_len) per batch; wrong[s] is the runner-up token at s.
    """
    rollouts = []
    for i in range(0, count, batch):
        prompt_len = int(torch.randint(2, 25, (1,), generator=gen))
        if (i // batch) % 2 == 0:
            first = starts[torch.randint(len(starts) - 1, (batch,), generator=gen)]
            ids = torch.stack([stream[s: s + prompt_len] for s in first.tolist()])  # (B, p)
        else:
            first = torch.randint(len(stream) - prompt_len, (batch,), generator=gen)
            ids = torch.stack([torch.cat([stream[:1], stream[s: s + prompt_len - 1]]) for s in first.tolist()])
        out = target(input_ids=ids, use_cache=True)
        wrong = torch.cat([ids[:, :1], _runner_up(out.logits[:, :-1], ids[:, 1:])], dim=1)
        for _ in range(new_tokens):
            logits = out.logits[:, -1:]
            ids = torch.cat([ids, logits.argmax(-1)], dim=1)
            wrong = torch.cat([wrong, _runner_up(logits, ids[:, -1:])], dim=1)
            out = target(input_ids=ids[:, -1:], cache=out.cache, use_cache=True)
        rollouts.append((ids, wrong, prompt_len))
    return rollouts


def sample_junk(batch, round_starts, prompt_len, max_junk, gen, clean_share=0.35):
    """How many rejected drafts the previous round left in the KV: 0 after the prefill or a full accept,
    1-4 often (N=4), more now and then (the heuristic schedule's larger N)."""
    weights = torch.tensor([1.0 if j <= 4 else 0.5 for j in range(1, max_junk + 1)])
    junk = 1 + torch.multinomial(weights, batch * len(round_starts), replacement=True, generator=gen)
    junk = junk.view(batch, len(round_starts))
    clean = torch.rand(batch, len(round_starts), generator=gen) < clean_share
    clean |= (round_starts == prompt_len - 1)[None, :]
    return junk.masked_fill(clean, 0)


def target_rows(target_values, round_starts, k):
    """(B, Tq, V) the target's values over the committed ids (B, S, V: logits or log-probs) for the token that draft
    step k of each round proposes (the one at round_starts + 2 + k): read one position earlier, where it is
    predicted."""
    return target_values[:, round_starts + 1 + k]


def draft_loss(outputs, ids, round_starts, cluster_of, num_drafts, target_logits=None, distill=0.0):
    """Token and centroid cross-entropy summed over the unrolled steps, steps past N at half weight; with
    `distill` > 0, plus that weight times KL(p || q), p the target's distribution (from target_logits (B, S, V)) for
    the token the step drafts.

    Also returns the rate of right first drafts and of rounds whose first N drafts are all right.
    """
    total, hits, first_n = 0.0, None, None
    log_p_all = target_logits.float().log_softmax(-1) if distill else None    # once: the steps' rows overlap
    for k, (logits, centroid_logits, drafts) in enumerate(outputs):
        labels = ids[:, round_starts + 2 + k]  # (B, Tq): the target's greedy token k+1 steps ahead
        step = F.cross_entropy(logits.float().flatten(0, 1), labels.flatten())
        step = step + 0.5 * F.cross_entropy(centroid_logits.float().flatten(0, 1), cluster_of[labels].flatten())
        if distill:
            log_p = target_rows(log_p_all, round_starts, k).flatten(0, 1)
            log_q = logits.float().log_softmax(-1).flatten(0, 1)
            step = step + distill * F.kl_div(log_q, log_p, log_target=True, reduction="batchmean")
        total = total + (1.0 if k < num_drafts else 0.5) * step
        hit = drafts == labels
        hits = hit if hits is None else hits & hit
        if k == 0:
            first_hit = hit.float().mean().item()
        if k == num_drafts - 1:
            first_n = hits.float().mean().item()
    return total / len(outputs), first_hit, first_n


def train_assistant(config, preset, target, rollouts, token_ordering, log, on_eval=None, seed=0):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    assistant = Gemma4AssistantForCausalLM(config)
    assistant.masked_embedding.token_ordering.copy_(token_ordering)
    cluster_of = cluster_of_tokens(token_ordering, config.num_centroids)
    embed = target.get_input_embeddings()
    params = [p for p in assistant.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=preset.assistant_lr, betas=(0.9, 0.95), weight_decay=0.01)
    bar = tqdm(range(preset.assistant_steps), desc="assistant", mininterval=5)
    running = None
    for step in bar:
        for group in opt.param_groups:
            group["lr"] = lr_at(step, preset.assistant_steps, preset.assistant_lr)
        ids, wrong, prompt_len = rollouts[int(torch.randint(len(rollouts), (1,), generator=gen))]
        rows = torch.randperm(len(ids), generator=gen)[: preset.draft_batch]
        ids, wrong = ids[rows], wrong[rows]
        hidden, shared_kv, target_logits = target_features(target, ids, wrong)
        round_starts = torch.arange(prompt_len - 1, ids.shape[1] - 1 - preset.unroll_steps)
        junk = sample_junk(len(ids), round_starts, prompt_len, preset.max_junk, gen)
        assistant.train()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            outputs = draft_rounds(assistant, embed, ids, hidden, shared_kv, round_starts, preset.unroll_steps, junk,
                                   num_drafts=preset.num_assistant_tokens)
        loss, first_hit, all_hit = draft_loss(outputs, ids, round_starts, cluster_of, preset.num_assistant_tokens,
                                              target_logits, preset.distill)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        stats = torch.tensor([loss.item(), first_hit, all_hit])
        running = stats if running is None else 0.95 * running + 0.05 * stats
        bar.set_postfix(loss=f"{running[0]:.3f}", hit1=f"{running[1]:.2f}")
        if (step + 1) % preset.log_every == 0 or step + 1 == preset.assistant_steps:
            assistant.eval()
            extra = on_eval(assistant) if on_eval else ""
            log(f"assistant step {step + 1}/{preset.assistant_steps} loss {running[0]:.3f} "
                f"step-1 hit {running[1]:.2f} first-{preset.num_assistant_tokens} hit {running[2]:.2f} {extra}")
    assistant.eval()
    return assistant
