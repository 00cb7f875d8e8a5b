"""Writes the finished pair to assets/miniature/ in the layout `load_pair()` reads, and its model card.

It knows file layout, dtypes and the card's wording; it knows nothing about how the models were trained.
"""
from pathlib import Path

import torch
from transformers import GenerationConfig

SHIP_DTYPE = torch.float16  # halves the files (all under 10 MB); training already rounded the target to it
MAX_FILE_BYTES = 10_000_000
SHARD_SIZE = "8MB"  # safetensors shards, so that a deeper target still ships as files under 10 MB


def save_pair(target, assistant, tokenizer, out_dir, num_assistant_tokens):
    out = Path(out_dir)
    target.generation_config = GenerationConfig(
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, do_sample=False)
    assistant.generation_config = GenerationConfig(
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, do_sample=False,
        num_assistant_tokens=num_assistant_tokens, num_assistant_tokens_schedule="constant")
    for name, model in (("target", target), ("assistant", assistant)):
        model.to(SHIP_DTYPE).save_pretrained(out / name, max_shard_size=SHARD_SIZE)
        model.to(torch.float32)
    tokenizer.save_pretrained(out / "tokenizer")
    too_big = [p for p in out.rglob("*") if p.is_file() and p.stat().st_size >= MAX_FILE_BYTES]
    if too_big:
        raise ValueError(f"files of 10 MB or more cannot ship: {too_big}")


def file_sizes(out_dir):
    return {str(p.relative_to(out_dir)): p.stat().st_size for p in sorted(Path(out_dir).rglob("*")) if p.is_file()}
