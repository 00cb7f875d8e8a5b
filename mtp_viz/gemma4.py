"""The Gemma 4 adapter: what this app knows about how transformers' Gemma 4 classes look inside, in one place.

Whether a model is a Gemma 4 MTP assistant or a Gemma 4 target (by class name, so no class is imported), where a
mixture-of-experts target's routers and experts sit and what one expert weighs, which target layers' KV cache the
drafter reads, and how many tokens the assistant's efficient embedder scores. The model loader, the API, the engine
and the views ask here. Knows nothing of rounds, traces or drawing, and imports no torch; the published sizes of the
real checkpoints are in the model table (mtp_viz/model_table.py). lean.py keeps its own, stricter checks: it
re-implements one pass and must know the exact classes it copies.
"""
from __future__ import annotations

from typing import Any


def is_assistant(model) -> bool:
    """A Gemma 4 MTP assistant (a drafter that reads the target's activations and KV cache)."""
    return type(model).__name__.startswith(("Gemma4Assistant", "Gemma4UnifiedAssistant"))


def is_target(model) -> bool:
    """A Gemma 4 model an MTP assistant can draft for."""
    return type(model).__name__.startswith("Gemma4")


def kv_source_layers(text_config) -> dict[str, int]:
    """The last non-shared target layer of each attention type: its KV cache is what the MTP drafter reads."""
    n = text_config.num_hidden_layers
    types = list(text_config.layer_types)
    first_shared = n - (getattr(text_config, "num_kv_shared_layers", 0) or 0)
    return {t: max(i for i in range(first_shared) if types[i] == t) for t in sorted(set(types))}


def moe_routers(model) -> list[tuple[int, Any]]:
    """(decoder layer index, Gemma4TextRouter) for every mixture-of-experts layer, in model order; [] if dense."""
    found = []
    for name, module in model.named_modules():
        if type(module).__name__ == "Gemma4TextRouter":
            parts = name.split(".")
            found.append((int(parts[parts.index("layers") + 1]), module))
    return found


def expert_bytes(model) -> int | None:
    """Bytes of one expert's weights (gate, up and down projections) in one layer, in the dtype loaded."""
    experts = next((m for m in model.modules() if type(m).__name__ == "Gemma4TextExperts"), None)
    if experts is None:
        return None
    return int((experts.gate_up_proj[0].numel() + experts.down_proj[0].numel()) * experts.gate_up_proj.element_size())


def scored_tokens(sizes: dict) -> int:
    """Tokens the efficient embedder scores per draft step: the top k clusters' members (`sizes`: an assistant's
    centroid_top_k and cluster_size, as the model table's published sizes give them)."""
    return sizes["centroid_top_k"] * sizes["cluster_size"]
