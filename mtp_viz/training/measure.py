"""Measures how many drafts the target accepts: a plain greedy MTP loop, as transformers runs it, counting rounds.

Used while training and for the model card; the engine (mtp_viz.api) is the reference for the app. Like
`generate(assistant_model=...)` it keeps a past-recording DynamicCache, hands the assistant the verify pass's
shared KV cut to the committed length, and crops rejected drafts. It knows the two models and token ids; it
knows no tokenizer and records nothing.
"""
from dataclasses import dataclass

import torch
from transformers import DynamicCache


@dataclass
class Run:
    new_ids: list          # generated token ids
    accepted: list         # accepted drafts per drafting round
    target_passes: int     # target forwards, the prefill included

    @property
    def mean_accepted(self):
        return sum(self.accepted) / max(1, len(self.accepted))

    @property
    def tokens_per_pass(self):
        return len(self.new_ids) / max(1, self.target_passes)


def _target_pass(target, ids, cache):
    out = target(input_ids=ids, cache=cache, use_cache=True, output_hidden_states=True,
                 return_shared_kv_states=True)
    return out.logits, out.hidden_states[-1], out.shared_kv_states


def _draft(assistant, embed, ids, hidden_t, shared_kv, count):
    """`count` greedy drafts after committed ids (1, L), at the constant position L-1."""
    length = ids.shape[1]
    kv = {k: (v[0][:, :, :length], v[1][:, :, :length]) for k, v in shared_kv.items()}
    position, mask = torch.tensor([[length - 1]]), torch.ones(1, length, dtype=torch.long)
    token, state, drafts = ids[:, -1:], hidden_t, []
    for _ in range(count):
        out = assistant(inputs_embeds=torch.cat([embed(token), state], dim=-1), position_ids=position,
                        attention_mask=mask, shared_kv_states=kv, use_cache=False)
        token, state = out.logits.argmax(-1), out.last_hidden_state  # (1, 1), (1, 1, D)
        drafts.append(token)
    return torch.cat(drafts, dim=1)


@torch.no_grad()
def speculative_greedy(target, assistant, ids, max_new_tokens=48, num_drafts=4, eos_id=1, schedule="constant"):
    """Greedy speculative decoding of one prompt (1, L); the output equals the target's own greedy one.

    schedule "heuristic" is transformers' (and the app's default): N + 2 after a fully accepted round, else N - 1.
    """
    embed = target.get_input_embeddings()
    cache = DynamicCache(config=target.config)
    cache.activate_past_recording()
    prompt_len = ids.shape[1]
    logits, hidden, shared_kv = _target_pass(target, ids, cache)
    ids = torch.cat([ids, logits[:, -1:].argmax(-1)], dim=1)
    hidden_t, passes, accepted = hidden[:, -1:], 1, []
    while ids.shape[1] - prompt_len < max_new_tokens and ids[0, -1].item() != eos_id:
        count = min(num_drafts, max_new_tokens - (ids.shape[1] - prompt_len) - 1)
        drafts = _draft(assistant, embed, ids, hidden_t, shared_kv, count) if count > 0 else ids[:, :0]
        logits, hidden, shared_kv = _target_pass(target, torch.cat([ids[:, -1:], drafts], dim=1), cache)
        greedy = logits.argmax(-1)  # (1, count + 1): the target's choice after each candidate
        n = int((drafts == greedy[:, :count]).long().cumprod(-1).sum())
        emitted = torch.cat([drafts[:, :n], greedy[:, n: n + 1]], dim=1)[0].tolist()
        if eos_id in emitted:  # generation ends at <eos>, even inside the accepted drafts
            emitted = emitted[: emitted.index(eos_id) + 1]
        ids = torch.cat([ids, torch.tensor([emitted])], dim=1)
        cache.crop(-(count - n))
        hidden_t, passes = hidden[:, n: n + 1], passes + 1
        if count > 0:
            accepted.append(min(n, len(emitted)))
            if schedule == "heuristic":
                num_drafts = min(num_drafts + 2, 32) if n == count else max(1, num_drafts - 1)
    return Run(ids[0, prompt_len:].tolist(), accepted, passes)


def acceptance(target, assistant, prompts_ids, **kwargs):
    """Mean accepted drafts per round and tokens per target pass, pooled over prompts (rounds and passes)."""
    runs = [speculative_greedy(target, assistant, ids, **kwargs) for ids in prompts_ids]
    rounds = [a for run in runs for a in run.accepted]
    mean_accepted = sum(rounds) / max(1, len(rounds))
    per_pass = sum(len(r.new_ids) for r in runs) / max(1, sum(r.target_passes for r in runs))
    return mean_accepted, per_pass, runs
