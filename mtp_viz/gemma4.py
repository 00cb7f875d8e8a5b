"""Published sizes of Gemma 4 E2B and its MTP assistant, and of 26B A4B's experts, for the views and the cost model
that set the miniature beside the real thing.

Knows numbers and where they come from; nothing about models, traces or drawing. Sources (as the bundled
MODEL_CARD.md gives them): E2B's text config as public repositories quote `google/gemma-4-E2B-it`'s config.json;
the assistant's depth and width from Google's launch post on Gemma 4's drafters; its 2,048 centroids of 128 tokens
and top 32 from the assistant's config as issue 16 of this project quotes it. 26B A4B: its config as public code
repeats it (30 layers, hidden 2816, 128 experts of width 704, top 8; see benchmarks/memory_estimates.py), and its
text model's 25.23B parameters.
"""
E2B = {
    "name": "Gemma 4 E2B",
    "vocab_size": 262_144,
    "num_layers": 35,
    "kv_shared_layers": 20,
    "kv_sources": (13, 14),          # the last sliding and the last full layer that keep their own KV
    "hidden_size": 1536,
    "drafter_layers": 4,
    "drafter_hidden_size": 256,
    "num_centroids": 2048,
    "cluster_size": 128,
    "centroid_top_k": 32,
}


def scored_tokens(sizes: dict = E2B) -> int:
    """Tokens the efficient embedder scores per draft step: the top k clusters' members."""
    return sizes["centroid_top_k"] * sizes["cluster_size"]


A26B_EXPERTS = {
    "layers": 30,
    "E": 128,                        # experts per layer
    "k": 8,                          # experts per token
    "expert_params": 3 * 2816 * 704,  # one expert's MLP in one layer: gate, up and down projections
    "text_params": 25.23e9,
}
