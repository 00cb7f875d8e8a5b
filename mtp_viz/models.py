"""Loads checkpoints (a bundled miniature, a hub id or a folder) onto a device in a dtype, and reads model facts.

Which models are bundled, where, and which assistant each real checkpoint has, it reads from the model table
(model_table.py); what a Gemma 4 class looks like inside it asks the Gemma 4 adapter (gemma4.py). Knows nothing about
rounds, sampling or drawing. `describe()` reads real configs into the trace's ModelInfo,
the facts the diagrams need (layer types, the two target layers whose KV the drafter reads, projection sizes, ...).
A load that cannot be done raises a Problem ("load.*": its code and values; the tables say it in every language).
"""
from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from typing import Any

import torch

from mtp_viz import gemma4, memory
from mtp_viz.model_table import DRAFT_MODELS, FOLDERS, MINIATURE, MTP_ASSISTANTS
from mtp_viz.problems import Problem, in_words
from mtp_viz.proposer_registry import ENTRIES, MTP_ASSISTANT
from mtp_viz.trace import MOE_CAVEAT, ModelInfo, Why

log = logging.getLogger("mtp_viz")


@dataclass
class ModelPair:
    """Already-loaded transformers models: a target, an optional assistant (drafter) and an optional tokenizer."""
    target: Any
    assistant: Any = None
    tokenizer: Any = None
    name: str = "custom"
    device_why: tuple[Why, ...] = ()     # why it runs where it does, in what dtype (ModelInfo.device_why)
    one_token_ms: float | None = None   # one target pass over one token, ms; measured by the app at load
    one_token_cpu_ms: float | None = None   # a whole one-token round on the CPU clock (trace.CPU), ms; ditto
    tokenizer_error: str | None = None   # why the tokenizer did not load, when it did not
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    def __post_init__(self):
        self.target.eval()
        if self.assistant is not None:
            self.assistant.eval()
            check_vocab(self.target, self.assistant)

    @property
    def is_mtp(self) -> bool:
        return self.assistant is not None and gemma4.is_assistant(self.assistant)


def vocab_size(model) -> int:
    return int(model.config.get_text_config().vocab_size)


def check_vocab(target, assistant) -> None:
    vt, va = vocab_size(target), vocab_size(assistant)
    if vt != va:
        raise Problem("load.vocab_mismatch", assistant=va, target=vt)


def pick_device() -> tuple[str, Why]:
    """The device to run on and why, decided once per load."""
    if torch.cuda.is_available():
        return "cuda", Why("step.device.cuda", {"name": torch.cuda.get_device_name(0)[:200]})
    if getattr(torch.backends, "mps", None) is not None and torch.backends.mps.is_available():
        return "mps", Why("step.device.mps")
    return "cpu", Why("step.device.cpu", {"threads": torch.get_num_threads()})


def _load(kind: str, ident: str, loader, **kwargs):
    """`loader(ident)`, or a Problem saying which model (`kind`: "target" or "assistant") did not load and why."""
    try:
        return loader(ident, **kwargs)
    except Exception as exc:  # transformers raises OSError, ValueError, EnvironmentError, ... here
        offline = os.environ.get("HF_HUB_OFFLINE") == "1" or os.environ.get("TRANSFORMERS_OFFLINE") == "1"
        raise Problem("load.not_found" if offline else "load.failed", kind=in_words(f"load.kind.{kind}"),
                      ident=ident, error=f"{type(exc).__name__}: {str(exc)[:300]}") from exc


def load_pair(target: str | None = None, assistant: str | None = None, *, device: str | None = None,
              dtype: torch.dtype | None = None) -> ModelPair:
    """Load a target and its assistant by hub id or folder; with no argument, the bundled miniature.

    A bundled target with a bundled `assistant` (DRAFT_MODELS) gets that pair's target as a classic draft model."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    dev, why = (device, Why("step.device.requested", {"device": str(device)[:200]})) if device else pick_device()
    whys = [why]
    asked = dtype
    if dtype is None:
        dtype = torch.bfloat16 if dev == "cuda" else torch.float32
    if target is None or target in FOLDERS:
        name = target or MINIATURE
        folder = FOLDERS[name]
        if not (folder / "target" / "config.json").exists():
            raise Problem("load.miniature_missing", name=name, folder=str(folder))
        target_id, assistant_id = str(folder / "target"), str(folder / "assistant")
        tokenizer_id = str(folder / "tokenizer")
        if assistant:
            if DRAFT_MODELS.get(name) != assistant:
                raise Problem("load.no_draft_model", name=name, assistant=assistant,
                              pairs=", ".join(f"{t} + {d}" for t, d in DRAFT_MODELS.items()))
            assistant_id = str(FOLDERS[assistant] / "target")
    else:
        target_id = str(target)
        assistant_id = (assistant if assistant is not None
                        else MTP_ASSISTANTS.get(target_id, target_id.rstrip("/") + "-assistant"))
        tokenizer_id, name = target_id, target_id
        fit = memory.check(target_id, assistant_id, dev, asked)   # a Problem when it fits in no dtype
        if fit is not None:
            dtype = fit.dtype
            whys.append(fit.why)
    if not str(target_id).strip():
        raise Problem("load.no_model")
    if dev == "cuda" and device is None and torch.cuda.device_count() > 1:
        # several GPUs: accelerate spreads the target's layers over them; the assistant sits where the logits land
        tgt = _load("target", target_id, AutoModelForCausalLM.from_pretrained, dtype=dtype, device_map="auto")
        dev = tgt.get_output_embeddings().weight.device
        whys.append(Why("step.device.split", {"gpus": torch.cuda.device_count()}))
    else:
        tgt = _load("target", target_id, AutoModelForCausalLM.from_pretrained, dtype=dtype).to(dev)
    asst = _load("assistant", assistant_id, AutoModelForCausalLM.from_pretrained, dtype=dtype).to(dev)
    tok, tok_error = None, None
    try:
        tok = AutoTokenizer.from_pretrained(tokenizer_id)
    except Exception as exc:  # a folder without tokenizer files still runs on token-id prompts; say why
        tok_error = f"{type(exc).__name__}: {str(exc)[:200]}"
        log.warning("no tokenizer for %s (%s); text prompts will be refused", tokenizer_id, tok_error)
    return ModelPair(tgt, asst, tok, name=name, device_why=tuple(whys), tokenizer_error=tok_error)


def _params(model) -> int:
    return int(sum(p.numel() for p in model.parameters()))


def describe(pair: ModelPair, proposer: str) -> ModelInfo:
    """Plain facts about the pair, read from the real configs, for the trace's `model_info`."""
    tc = pair.target.config.get_text_config()
    n_layers = int(tc.num_hidden_layers)
    layer_types = list(getattr(tc, "layer_types", None) or ["full_attention"] * n_layers)
    is_moe = bool(getattr(tc, "enable_moe_block", False) or getattr(tc, "num_experts", None))
    info: dict[str, Any] = {
        "name": pair.name, "proposer": proposer,
        "target_class": type(pair.target).__name__,
        "assistant_class": type(pair.assistant).__name__ if pair.assistant is not None else None,
        "vocab_size": int(tc.vocab_size), "target_num_layers": n_layers, "target_layer_types": layer_types,
        "target_hidden_size": int(tc.hidden_size), "sliding_window": getattr(tc, "sliding_window", None),
        "kv_source_layers": None, "drafter_num_layers": None, "drafter_layer_types": None,
        "drafter_hidden_size": None, "pre_projection": None, "post_projection": None,
        "num_centroids": None, "centroid_top_k": None, "tokens_per_centroid": None, "scored_fraction": None,
        "is_moe": is_moe, "num_experts": getattr(tc, "num_experts", None),
        "top_k_experts": getattr(tc, "top_k_experts", None), "moe_caveat": None,
        "moe_layers": None, "expert_bytes": None,   # MoE: routed layers' indices; bytes of one expert in one layer
        "target_params": _params(pair.target),
        "drafter_params": _params(pair.assistant) if pair.assistant is not None else None,
        "device": str(next(pair.target.parameters()).device), "device_why": list(pair.device_why),
        "dtype": str(next(pair.target.parameters()).dtype).replace("torch.", ""),
        "max_context": int(getattr(tc, "max_position_embeddings", 0) or 0),
        "target_ms_one_token": pair.one_token_ms, "target_cpu_ms_one_token": pair.one_token_cpu_ms,
    }
    if is_moe:
        info["moe_caveat"] = MOE_CAVEAT
        info["moe_layers"] = [layer for layer, _ in gemma4.moe_routers(pair.target)]
        info["expert_bytes"] = gemma4.expert_bytes(pair.target)
    if pair.assistant is not None:
        atc = pair.assistant.config.get_text_config()
        info["drafter_num_layers"] = int(atc.num_hidden_layers)
        info["drafter_layer_types"] = list(getattr(atc, "layer_types", None) or [])
        info["drafter_hidden_size"] = int(atc.hidden_size)
    if ENTRIES[proposer].assistant == MTP_ASSISTANT:     # it drafts with the MTP assistant: that assistant's facts
        a = pair.assistant
        info["kv_source_layers"] = gemma4.kv_source_layers(tc)
        info["pre_projection"] = [a.pre_projection.in_features, a.pre_projection.out_features]
        info["post_projection"] = [a.post_projection.in_features, a.post_projection.out_features]
        if a.config.use_ordered_embeddings:
            c, k = int(a.config.num_centroids), int(a.config.centroid_intermediate_top_k)
            per = info["vocab_size"] // c
            info.update(num_centroids=c, centroid_top_k=k, tokens_per_centroid=per,
                        scored_fraction=k * per / info["vocab_size"])
    return ModelInfo(**info)
