"""The public entry points `iter_rounds` and `generate_trace`: check the input, tokenize, run the engine, assemble a Trace.

Knows the tokenizer and the user's keywords; the rounds themselves come from engine.py, which knows no text.
Every bad input raises a Problem (a ValueError) whose code and values name it (mtp_viz/problems.py).
"""
from __future__ import annotations

import dataclasses
import functools
import time
from typing import Any, Iterator

import torch
from transformers.convert_slow_tokenizer import bytes_to_unicode

from . import backends, gemma4, sampling
from .engine import SpeculativeDecoder
from .models import ModelPair, describe, vocab_size
from .problems import Problem
from .proposer_registry import ENTRIES, MTP_ASSISTANT, SMALL_MODEL, PairKinds, resolve
from .settings import Settings, keywords_signature
from .trace import BYTE_PIECE, Round, Trace, compute_stats, token_ids


def pair_kinds(pair: ModelPair) -> PairKinds:
    """What a proposer asks of the loaded pair: proposer_registry.resolve decides with it which proposer runs."""
    target = type(pair.target).__name__
    if pair.assistant is None:
        return PairKinds(None, gemma4.is_target(pair.target), target)
    return PairKinds(MTP_ASSISTANT if pair.is_mtp else SMALL_MODEL, gemma4.is_target(pair.target), target,
                     type(pair.assistant).__name__)


def encode_prompt(pair: ModelPair, prompt: Any, chat: bool) -> list[int]:
    if isinstance(prompt, str):
        if not prompt.strip():
            raise Problem("engine.prompt_empty")
        if pair.tokenizer is None:
            raise Problem("engine.needs_tokenizer")
        if chat:
            if not getattr(pair.tokenizer, "chat_template", None):
                raise Problem("engine.no_chat_template")
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
            raise Problem("engine.prompt_empty_ids")
        if any(isinstance(t, bool) or not isinstance(t, int) for t in ids):
            raise Problem("engine.prompt_ints")
    else:
        raise Problem("engine.prompt_type", kind=type(prompt).__name__)
    vocab = vocab_size(pair.target)
    bad = [t for t in ids if not 0 <= t < vocab]
    if bad:
        raise Problem("engine.vocab", ids=str(bad[:5]), last=vocab - 1)
    if not ids:
        raise Problem("engine.prompt_no_tokens")
    return ids


def prepare(pair: ModelPair, prompt: Any, settings: Settings):
    """Check the prompt and the settings against the pair and build the decoder, with the backend its passes run on
    (chosen here, once: mtp_viz/backends.py); returns (decoder, prompt_ids, settings as recorded: the proposer that
    runs in place of "auto")."""
    if not isinstance(pair, ModelPair):
        raise TypeError(f"expected a ModelPair, got {type(pair).__name__}")     # a programming error, not input
    settings = dataclasses.replace(settings, proposer=resolve(settings.proposer, pair_kinds(pair)))
    prompt_ids = encode_prompt(pair, prompt, settings.chat)
    context = int(getattr(pair.target.config.get_text_config(), "max_position_embeddings", 0) or 0)
    if context and len(prompt_ids) + settings.max_new_tokens > context:
        raise Problem("engine.context", n=len(prompt_ids), new=settings.max_new_tokens, context=context)
    warpers = sampling.build_warpers(settings.do_sample, settings.temperature, settings.top_k, settings.top_p)
    generator = torch.Generator().manual_seed(settings.seed)   # one generator: the drafter's and the verifier's draws
    eos = eos_ids(pair)
    drafter = ENTRIES[settings.proposer].make(pair, settings, warpers, generator, eos)
    backend = backends.choose(pair.target, pair.assistant)
    decoder = SpeculativeDecoder(pair.target, drafter, prompt_ids, settings, eos, warpers, generator, backend)
    return decoder, prompt_ids, settings


def eos_ids(pair: ModelPair) -> set[int]:
    eos = getattr(pair.target.generation_config, "eos_token_id", None)
    if eos is None:
        eos = getattr(pair.target.config.get_text_config(), "eos_token_id", None)
    if eos is None:
        return set()
    return {int(e) for e in (eos if isinstance(eos, (list, tuple)) else [eos])}


def iter_rounds(pair: ModelPair, prompt: str | list[int], **settings: Any) -> Iterator[Round]:
    """Yield each Round as soon as it is done (round 0 is the prefill). The keywords are mtp_viz.settings.Settings'
    fields, with its defaults and ranges (help() lists them)."""
    decoder, _, _ = prepare(pair, prompt, Settings.checked(**settings))
    with pair.lock:
        yield from decoder.rounds()


def generate_trace(pair: ModelPair, prompt: str | list[int], **settings: Any) -> Trace:
    """Run a whole generation and return its Trace. The keywords are mtp_viz.settings.Settings' fields, with its
    defaults and ranges (help() lists them); the trace records them (Trace.settings), with the proposer that ran in
    place of "auto"."""
    decoder, prompt_ids, settings = prepare(pair, prompt, Settings.checked(**settings))
    with pair.lock:
        rounds = list(decoder.rounds())
    return assemble(pair, prompt_ids, rounds, decoder, settings)


iter_rounds.__signature__ = keywords_signature(iter_rounds)          # every setting, written once (settings.py)
generate_trace.__signature__ = keywords_signature(generate_trace)


@functools.cache
def _byte_of() -> dict[str, int]:
    """A byte-level BPE's piece alphabet (GPT-2's printable stand-ins for the 256 bytes) -> the byte."""
    return {char: byte for byte, char in bytes_to_unicode().items()}


def readable_piece(tok, token_id: int) -> str:
    """A token's text for the trace: tok.decode, except that a byte that is only part of a UTF-8 character (a
    byte-fallback piece, or a byte-level BPE piece that splits a character) is written as "<0xC3>", never as the
    "\ufffd" decode puts in its place; trace.readable() joins such pieces back into their character for display."""
    text = tok.decode([token_id])
    if "\ufffd" not in text:
        return text
    piece = tok.convert_ids_to_tokens(token_id)
    if BYTE_PIECE.fullmatch(piece or ""):                        # SentencePiece's byte fallback (Gemma's tokenizer)
        return piece.upper().replace("0X", "0x")
    byte_of = _byte_of()
    if piece and all(c in byte_of for c in piece):              # byte-level BPE: each character stands for a byte
        text = bytes(byte_of[c] for c in piece).decode("utf-8", errors="surrogateescape")   # a lone byte: U+DCxx
        return "".join(f"<0x{ord(c) - 0xDC00:02X}>" if 0xDC80 <= ord(c) <= 0xDCFF else c for c in text)
    return text


def assemble(pair: ModelPair, prompt_ids: list[int], rounds: list[Round], decoder, settings: Settings) -> Trace:
    new_ids = [t for r in rounds for t in r.emitted_token_ids]
    tok = pair.tokenizer
    token_text: dict[int, str] = {}
    if tok is not None:
        ids = set().union(*(ids for _, ids in token_ids(prompt_ids, rounds)))
        token_text = {i: readable_piece(tok, i) for i in sorted(ids)}
    return Trace(prompt_ids=list(prompt_ids), new_token_ids=new_ids, rounds=rounds,
                 target_forward_passes=decoder.target_passes, drafter_forward_passes=decoder.drafter_passes,
                 settings=settings, model_info=describe(pair, settings.proposer),
                 stats=compute_stats(rounds, decoder.target_passes, decoder.drafter_passes),
                 token_text=token_text,
                 prompt_text=tok.decode(prompt_ids, skip_special_tokens=True) if tok is not None else None,
                 output_text=tok.decode(new_ids, skip_special_tokens=True) if tok is not None else None,
                 measured_at=time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()))   # when its rounds ran, to the minute
