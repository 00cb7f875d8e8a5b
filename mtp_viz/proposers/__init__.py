"""The proposers: who drafts the tokens the target verifies, one module each (compare transformers' candidate
generators). Knows token ids and the drafter models; knows nothing of the rounds that verify the drafts (engine.py)
or of how a model pass runs (backends.py)."""
from .base import Draft, Proposer
from .draft_model import DraftModelProposer
from .mtp import MTPProposer
from .prompt_lookup import PromptLookupProposer, lookup

__all__ = ["Draft", "DraftModelProposer", "MTPProposer", "PromptLookupProposer", "Proposer", "lookup"]
