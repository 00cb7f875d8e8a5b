"""Trains the miniature target, a `Gemma4ForCausalLM`, as a plain next-token language model on the corpus.

It knows token ids and the target's forward; it knows nothing about drafting, the assistant or the app.
"""
import math

import torch
from tqdm import tqdm
from transformers import Gemma4ForCausalLM

from mtp_viz.training.tokenizer import BOS_ID, EOS_ID


def token_stream(tokenizer, corpus_path):
    """All documents as one id tensor, each `<bos> text <eos>`, and the index where each document starts."""
    lines = [line for line in open(corpus_path).read().splitlines() if line]
    ids = tokenizer(lines, add_special_tokens=False).input_ids
    stream, starts = [], []
    for doc in ids:
        starts.append(len(stream))
        stream.extend([BOS_ID, *doc, EOS_ID])
    return torch.tensor(stream), torch.tensor(starts)


def sample_batch(stream, starts, batch, seq_len, gen):
    """Windows that each begin at a document's <bos>, as every prompt does at inference."""
    usable = starts[starts < len(stream) - seq_len - 1]
    first = usable[torch.randint(len(usable), (batch,), generator=gen)]
    return torch.stack([stream[s: s + seq_len + 1] for s in first.tolist()])  # (B, T+1)


def lr_at(step, steps, peak, warmup=100):
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    return peak * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


def router_outputs(model):
    """Hooks that keep each Gemma4TextRouter's (probabilities, weights, top-k ids) from the latest forward."""
    kept = []
    routers = [m for m in model.modules() if type(m).__name__ == "Gemma4TextRouter"]
    handles = [r.register_forward_hook(lambda _m, _i, out: kept.append(out)) for r in routers]
    return kept, handles


def balance_loss(kept, num_experts):
    """Switch Transformer's load-balancing loss, E * sum_e f_e P_e per layer, averaged over layers: 1 when
    the router spreads tokens evenly. Gemma 4's causal LM has none, and without it routing can collapse onto
    a few experts. Not in Gemma 4's published recipe, which is not public; an assumption of this build."""
    total = 0.0
    for probs, _, top_k_index in kept:  # (B*T, E), _, (B*T, k)
        share = torch.nn.functional.one_hot(top_k_index, num_experts).float().sum(1).mean(0) / top_k_index.shape[1]
        total = total + num_experts * (share * probs.mean(0)).sum()
    return total / max(1, len(kept))


def train_target(config, preset, stream, starts, log, seed=0, balance_coef=0.01):
    """Train from scratch; bf16 autocast on CPU roughly doubles the speed of the fp32 weights' updates."""
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    model = Gemma4ForCausalLM(config)
    opt = torch.optim.AdamW(model.parameters(), lr=preset.target_lr, betas=(0.9, 0.95), weight_decay=0.01)
    model.train()
    kept, handles = router_outputs(model)
    bar = tqdm(range(preset.target_steps), desc="target", mininterval=5)
    running = None
    for step in bar:
        for group in opt.param_groups:
            group["lr"] = lr_at(step, preset.target_steps, preset.target_lr)
        batch = sample_batch(stream, starts, preset.target_batch, preset.seq_len, gen)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(input_ids=batch[:, :-1]).logits
        loss = torch.nn.functional.cross_entropy(logits.float().flatten(0, 1), batch[:, 1:].flatten())
        balance = balance_loss(kept, config.num_experts) if kept else 0.0
        kept.clear()
        (loss + balance_coef * balance).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        running = loss.item() if running is None else 0.95 * running + 0.05 * loss.item()
        bar.set_postfix(loss=f"{running:.3f}")
        if (step + 1) % preset.log_every == 0 or step + 1 == preset.target_steps:
            log(f"target step {step + 1}/{preset.target_steps} loss {running:.3f}"
                + (f" balance {float(balance):.2f}" if handles else ""))
    for handle in handles:
        handle.remove()
    model.eval()
    return model


def round_to_half(model):
    """Round the weights to what fp16 storage keeps, so later stages see exactly the shipped target."""
    with torch.no_grad():
        for param in model.parameters():
            param.copy_(param.half().float())
    return model
