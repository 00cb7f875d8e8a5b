"""The one table of models this app knows: each bundled miniature and each real Gemma 4 checkpoint, once.

An entry says what the model is called (its id, the string-table key of its label), where it is (a folder under
assets/ or a hub id), whether it is shipped here or on the hub, dense or a mixture of experts, its MTP drafter and
the bundled model that drafts for it classically, the sweep the lab recorded on it, and, for a real pair nobody here
loads, the published numbers the lab and the race place on the cost model. The policy, the model loader, the lab,
the race and the training build read it; adding a bundled model is an entry here and its recipe in
mtp_viz/training/presets.py.

Knows names, paths and published numbers; loads nothing, imports no torch, and knows nothing of what a Gemma 4 class
looks like inside (mtp_viz/gemma4.py) or how the cost model uses a projection (mtp_viz/lab_math.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"    # the shipped miniatures, sweeps, costs and traces

BUNDLED_KIND = "bundled"     # a miniature shipped in assets/<id>/ (target/, assistant/, tokenizer/)
HUB_KIND = "hub"             # a real checkpoint, loaded by its Hugging Face hub id

# The bundled ids, named because entries point at each other (a draft model) and the training build uses them.
MINIATURE = "miniature"                 # the default: shaped like E2B (35 layers, 20 KV-shared, a 4-layer drafter)
SHALLOW = "miniature-shallow"           # 6 layers: its drafter costs half a target pass
MOE = "miniature-moe"                   # routes each token to 2 of 32 experts


@dataclass(frozen=True)
class Projection:
    """Published figures that place a real pair on Leviathan et al.'s cost model (lab_math turns them into α and c):
    α from the acceptance reported, c as the drafter's parameters over the target's active parameters. The README
    cites every number."""
    drafter_params: float
    active_params: float
    acceptance_rate: tuple[float, int] | None = None      # (accepted / drafted, at γ drafts per round)
    by_position: tuple[float, ...] | None = None         # share of rounds whose first k drafts were all accepted


@dataclass(frozen=True)
class Model:
    """One model the app knows. `key` names it in the string tables: "model.<key>" labels it in the Model box,
    "lab.pair.<key>" in the lab's two-pair chart, "lab.preset.<key>" and "race.projected.<key>" where it is
    projected."""
    id: str                                   # what the Model box, the API and a trace call it
    key: str
    kind: str                                 # BUNDLED_KIND or HUB_KIND
    moe: bool = False                         # a mixture-of-experts target
    mtp_drafter: str | None = None            # a hub model's MTP assistant (a bundled one's is in its folder)
    draft_model: str | None = None            # the bundled model that drafts for it as a classic draft model
    recorded_sweep: str | None = None         # the lab's sweep on it (benchmarks/lab.py --write), under assets/
    projection: Projection | None = None      # what the lab and the race project for a real pair
    sizes: dict | None = None                 # published architecture, for the views that set the miniature beside it
    experts: dict | None = None               # published mixture-of-experts sizes, for the cost of verification

    @property
    def bundled(self) -> bool:
        return self.kind == BUNDLED_KIND

    @property
    def folder(self) -> Path | None:
        """Where a bundled model's files are (target/, assistant/, tokenizer/); None for a hub model."""
        return ASSETS / self.id if self.bundled else None

    @property
    def label(self) -> str:
        return f"model.{self.key}"


# In the Model box's order: the default miniature first.
MODELS = (
    Model(MINIATURE, MINIATURE, BUNDLED_KIND, draft_model=SHALLOW, recorded_sweep="lab_sweep.csv"),
    Model("google/gemma-4-E2B-it", "e2b", HUB_KIND, mtp_drafter="google/gemma-4-E2B-it-assistant",
          projection=Projection(drafter_params=78e6, active_params=2.3e9, acceptance_rate=(0.45, 2)),
          # its text config as public repositories quote its config.json; the assistant's depth and width from
          # Google's launch post on Gemma 4's drafters; its 2,048 centroids of 128 tokens and top 32 from the
          # assistant's config as issue 16 of this project quotes it
          sizes={"name": "Gemma 4 E2B", "vocab_size": 262_144, "num_layers": 35, "kv_shared_layers": 20,
                 "kv_sources": (13, 14),      # the last sliding and the last full layer that keep their own KV
                 "hidden_size": 1536, "drafter_layers": 4, "drafter_hidden_size": 256, "num_centroids": 2048,
                 "cluster_size": 128, "centroid_top_k": 32}),
    Model(SHALLOW, SHALLOW, BUNDLED_KIND, recorded_sweep="lab_sweep_shallow.csv"),
    Model(MOE, MOE, BUNDLED_KIND, moe=True),
    # no projection: no parameter count of its assistant was found
    Model("google/gemma-4-E4B-it", "e4b", HUB_KIND, mtp_drafter="google/gemma-4-E4B-it-assistant"),
    Model("google/gemma-4-31B-it", "31b", HUB_KIND, mtp_drafter="google/gemma-4-31B-it-assistant",
          projection=Projection(drafter_params=0.47e9, active_params=30.7e9,
                                acceptance_rate=((0.660 + 0.892 + 0.766) / 3, 4))),
    Model("google/gemma-4-26B-A4B-it", "26b", HUB_KIND, moe=True, mtp_drafter="google/gemma-4-26B-A4B-it-assistant",
          projection=Projection(drafter_params=0.41e9, active_params=3.8e9,       # shared + 8 experts = 3.8B active
                                by_position=(0.844, 0.599, 0.385, 0.271)),
          # its config as public code repeats it (30 layers, hidden 2816, 128 experts of width 704, top 8; see
          # benchmarks/memory_estimates.py), and its text model's 25.23B parameters
          experts={"layers": 30, "E": 128, "k": 8,           # E experts per layer, k per token
                   "expert_params": 3 * 2816 * 704,          # one expert's MLP in one layer: gate, up and down
                   "text_params": 25.23e9}),
)
BY_ID = {m.id: m for m in MODELS}
BUNDLED = tuple(m.id for m in MODELS if m.bundled)     # the bundled miniatures, each in assets/<id>/ when shipped
FOLDERS = {m.id: m.folder for m in MODELS if m.bundled}
DRAFT_MODELS = {m.id: m.draft_model for m in MODELS if m.draft_model}     # bundled target -> its draft model
MTP_ASSISTANTS = {m.id: m.mtp_drafter for m in MODELS if m.mtp_drafter}   # real checkpoint -> its MTP assistant
PROJECTED = tuple(m for m in MODELS if m.projection)                     # the real pairs the lab and race project
RECORDED_SWEEPS = {m.id: ASSETS / m.recorded_sweep for m in MODELS if m.recorded_sweep}
REFERENCE = BY_ID["google/gemma-4-E2B-it"]     # the real model the views set the miniature beside

