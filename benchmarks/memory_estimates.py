"""Prints the memory the app estimates for the four Gemma 4 checkpoints (mtp_viz.memory), in float32 and bfloat16.

No checkpoint is downloaded: each config is written here from the published architecture numbers (hidden size,
layers, heads, KV heads, head sizes, per-layer inputs, KV-shared layers, experts), as the checkpoints' config.json
files give them and as third-party code that mirrors them repeats them, then sized on the meta device exactly as
load_pair sizes a real checkpoint before loading it. The text model alone, and with the vision (and, for E2B and
E4B, audio) towers that AutoModelForCausalLM loads for the "-it" checkpoints; the towers' sizes beyond their width
are transformers' defaults, so the multimodal rows are less certain than the text rows. Assistants are not counted.
"""
import json
import sys
import tempfile
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtp_viz import memory  # noqa: E402


def layer_types(sliding_per_full: int, layers: int) -> list[str]:
    return ((["sliding_attention"] * sliding_per_full + ["full_attention"]) * layers)[:layers]


COMMON = {"model_type": "gemma4_text", "vocab_size": 262144, "head_dim": 256, "global_head_dim": 512,
          "tie_word_embeddings": True, "final_logit_softcapping": 30.0}
TEXT = {
    "google/gemma-4-E2B-it": dict(
        hidden_size=1536, intermediate_size=6144, num_hidden_layers=35, num_attention_heads=8, num_key_value_heads=1,
        hidden_size_per_layer_input=256, vocab_size_per_layer_input=262144, num_kv_shared_layers=20,
        use_double_wide_mlp=True, sliding_window=512, layer_types=layer_types(4, 35)),
    "google/gemma-4-E4B-it": dict(
        hidden_size=2560, intermediate_size=10240, num_hidden_layers=42, num_attention_heads=8, num_key_value_heads=2,
        hidden_size_per_layer_input=256, vocab_size_per_layer_input=262144, num_kv_shared_layers=18,
        sliding_window=512, layer_types=layer_types(5, 42)),
    "google/gemma-4-31B-it": dict(
        hidden_size=5376, intermediate_size=21504, num_hidden_layers=60, num_attention_heads=32,
        num_key_value_heads=16, num_global_key_value_heads=4, attention_k_eq_v=True, hidden_size_per_layer_input=0,
        sliding_window=1024, layer_types=layer_types(5, 60)),
    "google/gemma-4-26B-A4B-it": dict(
        hidden_size=2816, intermediate_size=2112, num_hidden_layers=30, num_attention_heads=16, num_key_value_heads=8,
        num_global_key_value_heads=2, attention_k_eq_v=True, hidden_size_per_layer_input=0, enable_moe_block=True,
        num_experts=128, top_k_experts=8, moe_intermediate_size=704, sliding_window=1024,
        layer_types=layer_types(5, 30)),
}
VISION_SMALL = {"model_type": "gemma4_vision", "hidden_size": 768, "head_dim": 64, "num_attention_heads": 12,
                "num_key_value_heads": 12, "use_clipped_linears": True}
VISION_LARGE = {"model_type": "gemma4_vision", "hidden_size": 1152, "head_dim": 72, "num_attention_heads": 16,
                "num_key_value_heads": 16, "standardize": True}


def configs(name: str) -> dict[str, dict]:
    text = {**COMMON, **TEXT[name]}
    small = "-E" in name
    full = {"model_type": "gemma4", "tie_word_embeddings": True, "text_config": text,
            "vision_config": VISION_SMALL if small else VISION_LARGE,
            "audio_config": {"model_type": "gemma4_audio"} if small else None}
    return {"text": text, "with towers": full}


def main() -> None:
    print(f"{'checkpoint':27s} {'part':12s} {'params':>8s} {'float32':>9s} {'needs':>8s} {'bfloat16':>9s} {'needs':>8s}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in TEXT:
            for part, config in configs(name).items():
                folder = Path(tmp) / f"{name.split('/')[1]}-{part.replace(' ', '-')}"
                folder.mkdir()
                (folder / "config.json").write_text(json.dumps(config))
                n = memory.param_count(str(folder))
                f32, b16 = (memory.weight_bytes(n, d) / 1e9 for d in (torch.float32, torch.bfloat16))
                print(f"{name:27s} {part:12s} {n / 1e9:7.2f}B {f32:7.1f}GB {f32 * memory.HEADROOM:6.1f}GB "
                      f"{b16:7.1f}GB {b16 * memory.HEADROOM:6.1f}GB")


if __name__ == "__main__":
    main()
