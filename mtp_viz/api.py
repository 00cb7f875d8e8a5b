"""The public entry points `iter_rounds` and `generate_trace`: check the input, tokenize, run the engine, assemble a Trace.

Knows the tokenizer and the user's keywords; the rounds themselves come from engine.py, which knows no text.
Every bad input raises ValueError with a message that names the problem.
"""
from __future__ import annotations

import math
from typing import Any, Iterator

import torch

from . import sampling
from .engine import MAX_DRAFT, DraftModelProposer, MTPProposer, PromptLookupProposer, Settings, SpeculativeDecoder
from .models import ModelPair, describe, is_gemma4_assistant, vocab_size
from .trace import Round, Trace, compute_stats

PROPOSERS = ("auto", "mtp", "draft-model", "prompt-lookup", "none")
SCHEDULES = ("constant", "heuristic")
MAX_NEW_TOKENS = 4096     # an app limit: longer runs are not something to watch round by round


def _int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (isinstance(value, float) and (
            not math.isfinite(value) or not value.is_integer())):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high}, got {value}")
    return value


def _float(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def resolve_proposer(pair: ModelPair, proposer: str) -> str:
    if proposer not in PROPOSERS:
        raise ValueError(f"unknown proposer {proposer!r}; choose one of {', '.join(PROPOSERS)}")
    if proposer == "auto":
        if pair.assistant is None:
            return "none"
        return "mtp" if is_gemma4_assistant(pair.assistant) else "draft-model"
    if proposer == "mtp" and not pair.is_mtp:
        raise ValueError("proposer 'mtp' needs a Gemma 4 assistant (Gemma4AssistantForCausalLM); "
                         f"this pair has {type(pair.assistant).__name__ if pair.assistant is not None else 'none'}")
    if proposer == "mtp" and not type(pair.target).__name__.startswith("Gemma4"):
        raise ValueError(f"proposer 'mtp' needs a Gemma 4 target, got {type(pair.target).__name__}")
    if proposer == "draft-model":
        if pair.assistant is None:
            raise ValueError("proposer 'draft-model' needs an assistant model")
        if is_gemma4_assistant(pair.assistant):
            raise ValueError("a Gemma 4 MTP assistant cannot draft on its own (it reads the target's activations "
                             "and KV cache); use proposer 'mtp'")
    return proposer


def encode_prompt(pair: ModelPair, prompt: Any, chat: bool) -> list[int]:
    if isinstance(prompt, str):
        if not prompt.strip():
            raise ValueError("the prompt is empty: type some text to continue")
        if pair.tokenizer is None:
            raise ValueError("a text prompt needs a tokenizer; this model pair has none, so pass token ids instead")
        if chat:
            if not getattr(pair.tokenizer, "chat_template", None):
                raise ValueError("chat=True needs a tokenizer with a chat template; this one has none")
            ids = pair.tokenizer.apply_chat_template([{"role": "user", "content": prompt}], tokenize=True,
                                                     add_generation_prompt=True, return_dict=False)
            if isinstance(ids, dict) or hasattr(ids, "keys"):
                ids = ids["input_ids"]
        else:
            ids = pair.tokenizer(prompt)["input_ids"]
        ids = list(ids)
    elif isinstance(prompt, (list, tuple)):
        ids = list(prompt)
        if not ids:
            raise ValueError("the prompt is empty: give at least one token id")
        if any(isinstance(t, bool) or not isinstance(t, int) for t in ids):
            raise ValueError("a token-id prompt must be a list of integers")
    else:
        raise ValueError(f"the prompt must be a string or a list of token ids, got {type(prompt).__name__}")
    vocab = vocab_size(pair.target)
    bad = [t for t in ids if not 0 <= t < vocab]
    if bad:
        raise ValueError(f"token id(s) {bad[:5]} are outside the vocabulary (0..{vocab - 1})")
    if not ids:
        raise ValueError("the prompt encodes to no tokens")
    return ids


def prepare(pair: ModelPair, prompt: Any, max_new_tokens: int = 64, proposer: str = "auto",
            num_assistant_tokens: int = 4, schedule: str = "heuristic", confidence_threshold: float | None = None,
            do_sample: bool = False, temperature: float = 1.0, top_k: int | None = None,
            top_p: float | None = None, seed: int = 0, chat: bool = False):
    """Validate everything and build the decoder; returns (decoder, prompt_ids, settings dict)."""
    if not isinstance(pair, ModelPair):
        raise ValueError(f"expected a ModelPair, got {type(pair).__name__}")
    proposer = resolve_proposer(pair, proposer)
    if schedule not in SCHEDULES:
        raise ValueError(f"unknown schedule {schedule!r}; choose 'constant' or 'heuristic'")
    max_new_tokens = _int("max_new_tokens", max_new_tokens, 1, MAX_NEW_TOKENS)
    num_assistant_tokens = _int("num_assistant_tokens", num_assistant_tokens, 1, MAX_DRAFT)
    if confidence_threshold is not None:
        confidence_threshold = _float("confidence_threshold", confidence_threshold)
        if not 0.0 <= confidence_threshold <= 1.0:
            raise ValueError(f"confidence_threshold must be between 0 and 1, got {confidence_threshold}")
    do_sample = bool(do_sample)
    temperature = _float("temperature", temperature)
    if do_sample and temperature <= 0:
        raise ValueError(f"temperature must be > 0 when sampling, got {temperature}")
    if top_k is not None:
        top_k = _int("top_k", top_k, 0, 10_000_000) or None
    if top_p is not None:
        top_p = _float("top_p", top_p)
        if not 0.0 < top_p <= 1.0:
            raise ValueError(f"top_p must be in (0, 1], got {top_p}")
    seed = _int("seed", seed, 0, 2**63 - 1)
    prompt_ids = encode_prompt(pair, prompt, bool(chat))
    context = int(getattr(pair.target.config.get_text_config(), "max_position_embeddings", 0) or 0)
    if context and len(prompt_ids) + max_new_tokens > context:
        raise ValueError(f"the prompt ({len(prompt_ids)} tokens) plus max_new_tokens ({max_new_tokens}) exceeds "
                         f"the model's context of {context} tokens")
    settings = Settings(proposer=proposer, max_new_tokens=max_new_tokens, num_assistant_tokens=num_assistant_tokens,
                        schedule=schedule, confidence_threshold=confidence_threshold, do_sample=do_sample,
                        temperature=temperature, top_k=top_k, top_p=top_p, seed=seed)
    warpers = sampling.build_warpers(do_sample, temperature, top_k, top_p)
    generator = torch.Generator().manual_seed(seed)     # one generator: the drafter's and the verifier's draws
    eos = eos_ids(pair)
    drafter = {"mtp": lambda: MTPProposer(pair.target, pair.assistant, settings, warpers, generator),
               "draft-model": lambda: DraftModelProposer(pair.assistant, settings, warpers, generator),
               "prompt-lookup": lambda: PromptLookupProposer(settings, vocab_size(pair.target), eos),
               "none": lambda: None}[proposer]()
    decoder = SpeculativeDecoder(pair.target, drafter, prompt_ids, settings, eos, warpers, generator)
    record = {"proposer": proposer, "num_assistant_tokens": num_assistant_tokens, "schedule": schedule,
              "confidence_threshold": confidence_threshold, "max_new_tokens": max_new_tokens,
              "do_sample": do_sample, "temperature": temperature, "top_k": top_k, "top_p": top_p, "seed": seed,
              "chat": bool(chat)}
    return decoder, prompt_ids, record


def eos_ids(pair: ModelPair) -> set[int]:
    eos = getattr(pair.target.generation_config, "eos_token_id", None)
    if eos is None:
        eos = getattr(pair.target.config.get_text_config(), "eos_token_id", None)
    if eos is None:
        return set()
    return {int(e) for e in (eos if isinstance(eos, (list, tuple)) else [eos])}


def iter_rounds(pair: ModelPair, prompt: Any, **kwargs) -> Iterator[Round]:
    """Yield each Round as soon as it is done (round 0 is the prefill)."""
    decoder, _, _ = prepare(pair, prompt, **kwargs)
    with pair.lock:
        yield from decoder.rounds()


def generate_trace(pair: ModelPair, prompt: Any, **kwargs) -> Trace:
    """Run a whole generation and return its Trace."""
    decoder, prompt_ids, settings = prepare(pair, prompt, **kwargs)
    with pair.lock:
        rounds = list(decoder.rounds())
    return assemble(pair, prompt_ids, rounds, decoder, settings)


def assemble(pair: ModelPair, prompt_ids: list[int], rounds: list[Round], decoder, settings: dict) -> Trace:
    new_ids = [t for r in rounds for t in r.emitted_token_ids]
    tok = pair.tokenizer
    token_text: dict[int, str] = {}
    if tok is not None:
        ids = set(prompt_ids) | set(new_ids)
        for r in rounds:
            ids.update(r.draft_token_ids)
            for d in r.draft_steps:
                ids.update(d.top_ids)
                ids.update([d.target_token_id] if d.target_token_id is not None else [])
            for v in r.verify_steps:
                ids.update(v.target_top_ids)
                ids.update(v.residual_top_ids or [])
        token_text = {i: tok.decode([i]) for i in sorted(ids)}
    return Trace(prompt_ids=list(prompt_ids), new_token_ids=new_ids, rounds=rounds,
                 target_forward_passes=decoder.target_passes, drafter_forward_passes=decoder.drafter_passes,
                 settings=settings, model_info=describe(pair, settings["proposer"]),
                 stats=compute_stats(rounds, decoder.target_passes, decoder.drafter_passes),
                 token_text=token_text,
                 prompt_text=tok.decode(prompt_ids, skip_special_tokens=True) if tok is not None else None,
                 output_text=tok.decode(new_ids, skip_special_tokens=True) if tok is not None else None)
