"""One word per idea, per language: the term each glossary entry defines, and the other words for the same idea that
the tables must not use beside it. Knows only words; tests/test_strings.py holds every table to this list.
"""
from __future__ import annotations

# glossary entry (mtp_viz/ui/glossary.py TERMS) -> the one word the tables use for it; "proposer.draft-model" is the
# classic separate small draft model, named so that it cannot be taken for the MTP drafter; "proposer" is the setting
# that picks who drafts (the Proposer dropdown).
TERMS: dict[str, dict[str, str]] = {
    "en": {"target": "target", "drafter": "drafter", "mtp": "MTP", "speculative": "speculative decoding",
           "token": "token", "forward_pass": "forward pass", "draft": "draft", "round": "round",
           "verification": "verification", "acceptance_length": "acceptance length", "correction": "correction",
           "bonus": "bonus token", "kv_cache": "KV cache", "attention": "attention", "hidden_state": "hidden state",
           "embedding": "embedding", "cluster": "cluster", "cluster_miss": "cluster miss", "schedule": "schedule",
           "moe": "mixture of experts", "proposer.draft-model": "separate small model", "proposer": "proposer",
           "n": "N", "alpha": "α", "c": "c", "v": "v", "measure_again": "Measure again", "one_by_one": "one by one?"},
    "de": {"target": "Zielmodell", "drafter": "Entwurfsmodell", "mtp": "MTP", "speculative": "spekulative Decodierung",
           "token": "Token", "forward_pass": "Vorwärtsdurchlauf", "draft": "Entwurf", "round": "Runde",
           "verification": "Prüfung", "acceptance_length": "Akzeptanzlänge", "correction": "Korrektur",
           "bonus": "Bonus-Token", "kv_cache": "KV-Cache", "attention": "Attention", "hidden_state": "verborgener Zustand",
           "embedding": "Embedding", "cluster": "Cluster", "cluster_miss": "Cluster-Fehlgriff", "schedule": "Zeitplan",
           "moe": "Mixture of Experts", "proposer.draft-model": "eigenständiges kleines Modell",
           "proposer": "Vorschlagsquelle", "n": "N", "alpha": "α", "c": "c", "v": "v", "measure_again": "Neu messen",
           "one_by_one": "einzeln?"},
    "zh-TW": {"target": "目標模型", "drafter": "草稿模型", "mtp": "多詞元預測", "speculative": "推測式解碼", "token": "詞元",
              "forward_pass": "前向傳播", "draft": "草稿", "round": "輪", "verification": "驗證",
              "acceptance_length": "接受長度", "correction": "修正", "bonus": "額外詞元", "kv_cache": "KV 快取",
              "attention": "注意力", "hidden_state": "隱藏狀態", "embedding": "嵌入", "cluster": "叢集",
              "cluster_miss": "叢集未命中", "schedule": "排程", "moe": "混合專家", "proposer.draft-model": "獨立小模型",
              "proposer": "草稿來源", "n": "N", "alpha": "α", "c": "c", "v": "v", "measure_again": "重新量測",
              "one_by_one": "逐一檢查？"},
}

# A second word for one of those ideas (a regular expression) -> the term to write instead.
AVOID: dict[str, dict[str, str]] = {
    "en": {r"\bguess\(es\)": "guess / guesses", r"\bposition\(s\)": "position / positions",
           r"\bdraft model\b(?! \()": "drafter (MTP) or separate small model (the other proposer)",
           "γ": "N (the draft length is called N everywhere)"},
    "de": {r"\b(?:[Dd]u|[Dd]ein\w*|[Dd]ich|[Dd]ir)\b": "Sie / Ihr",                 # the page says Sie throughout
           r"\b(?:Kopiere|Gib|Füge|Schicke|Wähle|[Ss]tarte|[Hh]ole|[Ll]ade|[Dd]rücke)\b": "the Sie form",
           r"\bgierige\w*": "Greedy-Decodierung", r"Annahmelänge": "Akzeptanzlänge",
           r"klassische\w* Entwurfsmodell": "eigenständiges kleines Modell",
           r"\bAssistent\w*": "Entwurfsmodell", r"\bProposer\b": "Vorschlagsquelle",
           r"Expertenmischung": "Mixture of Experts (in Komposita MoE-)", r"Mixture-of-Experts-": "MoE-",
           r"Link hierher": "Direktlink", "γ": "N",
           r"(?:Vorschl\w*|\{kept\})[^.;,]{0,20}\bbehalten|\bbehaltene\w* Vorschl|\bbeh(?:ielt|ält)\b":
               "angenommen (wie Akzeptanzlänge)"},
    "zh-TW": {"群集": "叢集", "打分數": "評分", "密集": "稠密", "起草": "產生草稿", r"(?<!`)heuristic(?!`)": "啟發式",
              "推測性解碼": "推測式解碼", "傳統草稿模型": "獨立小模型",
              "抽樣": "取樣", "輔助模型|助理模型": "草稿模型", "提議者": "草稿來源 (the proposer)",
              "草擬": "草稿 / 產生草稿", "活化值": "隱藏狀態", "鍵與值|鍵值": "KV", "打開": "開啟",
              "[下上]投影": "pre_projection / post_projection (the layers' own names)", "簿記": "整理工作",
              r"被保留|保留(?=[^，。；]{0,8}(?:猜測|詞元|前綴|\{kept\}))|(?:猜測|詞元)[^，。；]{0,6}保留": "接受",
              "γ": "N"},
}

# Names the code uses that never stand in a sentence: a reader sees the tables' names for them.
INTERNAL = [r"\bminiature-moe\b", r"\bminiature-shallow\b", r"\bactions speak\b", r"\btom counted\b", r"lab_sweep",
            r"\bnew_tokens\b"]
