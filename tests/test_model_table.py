"""Tests of the model table: each model once, every key it implies is in every string table, every bundled model has
a training recipe, and the published numbers agree with what the Gemma 4 adapter computes from them.

Knows mtp_viz.model_table, the string tables and the training recipes; loads no model.
"""
from __future__ import annotations

import pytest

from mtp_viz import gemma4, lab_math, model_table
from mtp_viz.model_table import BUNDLED, MODELS
from mtp_viz.strings import TABLES
from mtp_viz.ui import policy


def test_each_model_is_in_the_table_once_under_its_own_key():
    assert len({m.id for m in MODELS}) == len({m.key for m in MODELS}) == len(MODELS)
    assert MODELS[0].id == model_table.MINIATURE and MODELS[0].bundled     # the Model box starts on the default
    assert all(m.kind in (model_table.BUNDLED_KIND, model_table.HUB_KIND) for m in MODELS)


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_every_key_the_table_implies_is_in_every_string_table(lang):
    keys = [m.label for m in MODELS] + [f"lab.pair.{name}" for name in model_table.RECORDED_SWEEPS]
    keys += [f"{kind}.{m.key}" for m in model_table.PROJECTED for kind in ("lab.preset", "race.projected")]
    assert [k for k in keys if k not in TABLES[lang]] == []


def test_bundled_models_live_in_assets_and_draft_only_for_bundled_ones():
    assert set(model_table.FOLDERS) == set(BUNDLED)
    assert all(model_table.FOLDERS[name] == model_table.ASSETS / name for name in BUNDLED)
    assert all(t in BUNDLED and d in BUNDLED for t, d in model_table.DRAFT_MODELS.items())
    assert all(not model_table.BY_ID[m].bundled for m in model_table.MTP_ASSISTANTS)
    assert policy.bundled() == [name for name in BUNDLED if name in policy.bundled()]    # the table's order


def test_every_bundled_model_has_a_training_recipe():
    from mtp_viz.training.presets import RECIPES

    assert set(RECIPES) == set(BUNDLED)
    assert all(full.num_experts > 0 for name, (full, _) in RECIPES.items() if model_table.BY_ID[name].moe)


def test_the_projected_pairs_are_the_labs_presets_and_a_moe_one_counts_its_experts():
    assert list(lab_math.PRESETS) == [m.key for m in model_table.PROJECTED]
    for m in model_table.PROJECTED:
        assert ("moe" in lab_math.PRESETS[m.key]) == m.moe and (m.experts is not None) == m.moe


def test_the_reference_models_published_kv_sources_are_what_its_config_gives():
    """E2B's published sizes (its layers, 20 of them KV-shared, four sliding to one full) give the two layers the
    drafter reads, as the adapter computes them from a config."""
    from types import SimpleNamespace

    sizes = model_table.REFERENCE.sizes
    n = sizes["num_layers"]
    types = ["full_attention" if (i + 1) % 5 == 0 else "sliding_attention" for i in range(n)]
    cfg = SimpleNamespace(num_hidden_layers=n, num_kv_shared_layers=sizes["kv_shared_layers"], layer_types=types)
    sliding, full = sizes["kv_sources"]
    assert gemma4.kv_source_layers(cfg) == {"sliding_attention": sliding, "full_attention": full}
    assert gemma4.scored_tokens(sizes) == 32 * 128
