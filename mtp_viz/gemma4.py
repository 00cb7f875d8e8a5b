"""Published sizes of Gemma 4 E2B and its MTP assistant, for the views that set the miniature beside the real thing.

Knows numbers and where they come from; nothing about models, traces or drawing. Sources (as the bundled
MODEL_CARD.md gives them): E2B's text config as public repositories quote `google/gemma-4-E2B-it`'s config.json;
the assistant's depth and width from Google's launch post on Gemma 4's drafters; its 2,048 centroids of 128 tokens
and top 32 from the assistant's config as issue 16 of this project quotes it.
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
