"""The build's closing measurements on the shipped files: acceptance, the demo prompt, generate() parity, cluster misses.

It loads what export.py wrote, as float32, the way the app does; it knows nothing about training.
"""
from pathlib import Path

import torch
from transformers import AutoTokenizer, Gemma4AssistantForCausalLM, Gemma4ForCausalLM

from mtp_viz.training.corpus import DEMO_PROMPT, HELDOUT_PROMPTS
from mtp_viz.training.drafting import cluster_of_tokens, draft_rounds, target_features
from mtp_viz.training.measure import acceptance, speculative_greedy

EVAL_NEW_TOKENS, NUM_DRAFTS = 48, 4


def held_out_ids(tokenizer, quick=False):
    prompts = HELDOUT_PROMPTS[:2] if quick else HELDOUT_PROMPTS
    return [tokenizer(p, return_tensors="pt").input_ids for p in prompts]


def load_shipped(out_dir):
    out = Path(out_dir)
    target = Gemma4ForCausalLM.from_pretrained(out / "target", dtype=torch.float32).eval()
    assistant = Gemma4AssistantForCausalLM.from_pretrained(out / "assistant", dtype=torch.float32).eval()
    return target, assistant, AutoTokenizer.from_pretrained(out / "tokenizer")


@torch.no_grad()
def cluster_miss_rate(target, assistant, sequences, prompt_lens):
    """Share of first drafts whose right answer (the target's greedy token) lies outside the top-k clusters."""
    cfg = assistant.config
    cluster_of = cluster_of_tokens(assistant.masked_embedding.token_ordering, cfg.num_centroids)
    misses = total = 0
    for ids, prompt_len in zip(sequences, prompt_lens):
        if ids.shape[1] < prompt_len + 2:
            continue
        hidden, shared_kv, _ = target_features(target, ids)
        starts = torch.arange(prompt_len - 1, ids.shape[1] - 2)
        _, centroid_logits, _ = draft_rounds(assistant, target.get_input_embeddings(), ids, hidden, shared_kv,
                                             starts, 1)[0]
        top = centroid_logits.topk(cfg.centroid_intermediate_top_k, dim=-1).indices  # (1, Tq, k)
        wanted = cluster_of[ids[:, starts + 2]]  # (1, Tq)
        misses += int((top != wanted[..., None]).all(-1).sum())
        total += wanted.numel()
    return misses / max(1, total)


@torch.no_grad()
def generate_matches(target, assistant, prompts_ids, max_new_tokens):
    """transformers' own assisted greedy generate gives the target's own greedy output, prompt by prompt."""
    for ids in prompts_ids:
        plain = target.generate(ids, do_sample=False, max_new_tokens=max_new_tokens)
        assisted = target.generate(ids, assistant_model=assistant, do_sample=False, max_new_tokens=max_new_tokens)
        if not torch.equal(plain, assisted):
            return False
    return True


def final_figures(out_dir, quick=False):
    target, assistant, tokenizer = load_shipped(out_dir)
    prompts = held_out_ids(tokenizer, quick)
    new_tokens = 8 if quick else EVAL_NEW_TOKENS
    mean_accepted, per_pass, runs = acceptance(target, assistant, prompts, max_new_tokens=new_tokens,
                                               num_drafts=NUM_DRAFTS)
    demo_ids = tokenizer(DEMO_PROMPT, return_tensors="pt").input_ids
    demo = speculative_greedy(target, assistant, demo_ids, max_new_tokens=new_tokens, num_drafts=NUM_DRAFTS)
    app_default, app_per_pass, _ = acceptance(target, assistant, prompts, max_new_tokens=new_tokens,
                                              num_drafts=NUM_DRAFTS, schedule="heuristic")
    sequences = [torch.cat([ids, torch.tensor([run.new_ids])], dim=1) for ids, run in zip(prompts, runs)]
    texts = [tokenizer.decode(run.new_ids, skip_special_tokens=True) for run in runs]
    samples = [(tokenizer.decode(ids[0], skip_special_tokens=True), text, run.mean_accepted, run.tokens_per_pass)
               for ids, text, run in zip(prompts, texts, runs)]
    return dict(
        mean_accepted=mean_accepted, tokens_per_pass=per_pass, samples=samples,
        heuristic_accepted=app_default, heuristic_per_pass=app_per_pass,
        demo_prompt=DEMO_PROMPT, demo_text=tokenizer.decode(demo.new_ids, skip_special_tokens=True),
        demo_best_round=max(demo.accepted, default=0),
        generate_matches=generate_matches(target, assistant, [demo_ids] + prompts, new_tokens),
        cluster_miss_rate=cluster_miss_rate(target, assistant, sequences, [p.shape[1] for p in prompts]),
        num_drafts=NUM_DRAFTS, max_new_tokens=new_tokens, measured_with="mtp_viz/training/measure.py",
    )
