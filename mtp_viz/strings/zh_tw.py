"""Traditional Chinese (Taiwan) texts, keyed as in en.py. Knows no code; terms follow the seeds' Chinese documents.

Terms: 多詞元預測 (MTP), 推測式解碼, 草稿模型, 目標模型, 詞元, 前向傳播, 隱藏狀態, 嵌入, KV 快取,
叢集 / 中心點, 混合專家 (MoE). Button names quoted in sentences are the translated ones.
"""
STRINGS: dict[str, str] = {
    # -- app ------------------------------------------------------------------------------------------------------
    "app.title": "MTP 推測式解碼，一步一步看",
    "tab.step": "逐步執行",
    "tab.tour": "導覽",
    "model.miniature": "E2B 形狀迷你模型（內建）",
    "model.miniature-shallow": "淺層迷你模型（內建）",
    "model.miniature-moe": "混合專家迷你模型（內建）",
    "model.e2b": "Gemma 4 E2B + 草稿模型",
    "model.e4b": "Gemma 4 E4B + 草稿模型",
    "model.31b": "Gemma 4 31B + 草稿模型",
    "model.26b": "Gemma 4 26B A4B（MoE）+ 草稿模型",
    "tab.race": "賽跑",
    "common.complete": "完成",
    "common.error": "錯誤",
    # -- race tab ---------------------------------------------------------------------------------------------
    "race.intro": ("### 賽跑：同一個提示，有草稿模型與沒有草稿模型\n"
                   "兩條跑道都是**在這台伺服器上實際量測**的，並依量測到的速度重播：一輪的詞元會在該輪驗證傳播結束時"
                   "一起出現，因為那時它們才存在。"),
    "race.start": "開始賽跑",
    "race.this": "用這個提示賽跑",
    "race.lane.alone": "只有目標模型",
    "race.lane.mtp": "目標模型 + MTP 草稿模型",
    "race.lane.draft-model": "目標模型 + 獨立小模型",
    "race.lane.prompt-lookup": "目標模型 + 提示查找",
    "race.projected.e2b": "Gemma 4 E2B + 草稿模型（推估）",
    "race.projected.31b": "Gemma 4 31B + 草稿模型（推估）",
    "race.projected.26b": "Gemma 4 26B A4B + 草稿模型（推估）",
    "race.fig.title": "隨時間寫出的詞元",
    "race.fig.hover": "%{{x:.1f}} → %{{y:.0f}}",
    "race.fig.x": "以這組模型的傳播成本計的毫秒數，自第一次傳播開始",
    "race.fig.x_projected": "時間，以目標模型單一詞元傳播為單位（推估）",
    "race.fig.y": "已寫出的詞元數",
    "race.unit.ms": "毫秒",
    "race.unit.passes": "次傳播",
    "race.sum.total": "完成時間",
    "race.sum.first": "第一個詞元出現時間",
    "race.sum.rate_after": "第一個詞元之後每秒的詞元數",
    "race.sum.passes": "目標模型傳播次數",
    "race.sum.tokens": "寫出的詞元數",
    "race.sum.per_pass": "每次目標模型傳播的詞元數",
    "race.ratio": "以實際時間計，{drafter}的速度是目標模型單獨執行的 {ratio} 倍。",
    "race.projected_ratio": "推估值，並非實測：{drafter}的速度會是目標模型單獨執行的 {ratio} 倍。",
    "race.compare.title": "逐個詞元比較（綠色：該位置是同一個詞元；橘色：不同）",
    "race.compare.more": "；{total} 個詞元中的前 {shown} 個",
    "race.check.same": "文字完全相同，逐個詞元一致：全部 {n} 個詞元都一樣。貪婪驗證接受的正是目標模型單獨會寫出的內容。",
    "race.check.differ": "兩段文字不同。在貪婪解碼下不該如此：請回報這個提示。",
    "race.check.sampled": "使用取樣時兩段文字會不同，因為隨機取樣不同；但兩者都遵循目標模型本身的分佈，這正是接受規則所保證的。",
    "race.check.projected": "這裡沒有文字：這場賽跑是由成本模型計算出來的，並沒有實際執行。",
    "race.note.cached": "這場完全相同的賽跑先前已在這台伺服器上跑過，這裡重播的是當時記錄的傳播；重新執行會數到同樣的傳播，結果也會一樣。",
    "race.note.projected": ("推估值，並非實測：這兩條跑道來自 Leviathan 等人的成本模型，使用公開的接受率"
                            "（α = {alpha}）以及草稿模型相對於目標模型的大小（c = {c}），每輪 {n} 個猜測。"
                            "這裡沒有人執行這個檢查點。"),
    "engine.prompt_empty": "提示是空的：請輸入要接續的文字。",
    "engine.prompt_no_tokens": "這個提示編碼後沒有任何詞元。",
    "engine.context": "提示（{n} 個詞元）加上新詞元（{new} 個）超過模型 {context} 個詞元的上下文長度。",
    "engine.range": "{name} 必須介於 {low} 和 {high} 之間；收到的是 {value}。",
    "engine.range_open": "{name} 必須大於 {low} 且最多 {high}；收到的是 {value}。",
    "engine.whole": "{name} 必須是整數；收到的是 {value}。",
    "engine.finite": "{name} 必須是有限的數字；收到的是 {value}。",
    "engine.temperature": "取樣時溫度必須大於 0；收到的是 {value}。",
    "engine.vocab": "詞元 ID {ids} 超出詞彙表範圍（0 到 {last}）。",
    "engine.choice": "未知的 {name}：{value}；請從這些選項中選一個：{choices}。",
    "engine.unknown_setting": "未知的設定 {names}；設定有：{settings}。",
    "engine.prompt_empty_ids": "提示是空的：請至少給一個詞元 ID。",
    "engine.prompt_ints": "以詞元 ID 組成的提示必須是整數的清單。",
    "engine.prompt_type": "提示必須是文字或詞元 ID 的清單；收到的是 {kind}。",
    "engine.needs_tokenizer": "文字提示需要分詞器；這組模型沒有，請改用詞元 ID。",
    "engine.no_chat_template": "chat=True 需要有對話範本的分詞器；這個分詞器沒有。",
    "engine.mtp_needs_assistant": "草稿來源 MTP 需要 Gemma 4 的 MTP 草稿模型（Gemma4AssistantForCausalLM）；這組模型的是 {kind}。",
    "engine.mtp_needs_target": "草稿來源 MTP 需要 Gemma 4 目標模型；這個是 {kind}。",
    "engine.draft_needs_assistant": "草稿來源「獨立小模型」需要一個小模型，請填在「草稿模型」欄位。",
    "engine.mtp_cannot_draft": "Gemma 4 的 MTP 草稿模型不能單獨產生草稿（它讀取目標模型的隱藏狀態和 KV 快取）；請把草稿來源設為 MTP。",
    "lab.error.runs": "這次掃描共 {runs} 次執行（設定 × 提示 × 重複次數）；這台伺服器最多允許 {limit} 次。請選少一點。",
    "unit.guess.one": "{n} 個猜測",
    "unit.guess.other": "{n} 個猜測",
    "unit.position.one": "{n} 個位置",
    "unit.position.other": "{n} 個位置",
    "unit.cpu_thread.one": "{n} 個 CPU 執行緒",
    "unit.cpu_thread.other": "{n} 個 CPU 執行緒",
    "moe.story": ("換成數字，以 Gemma 4 26B A4B、N = {n} 為例：每層有 {E} 個專家，一個詞元用其中 {k} 個。一次驗證要"
                  "讀 {tokens} 個詞元（{n} 個猜測加上目標模型自己的一個）；如果每個詞元都隨機挑 {k} 個專家，它們合"
                  "計每層約用到 {touched:.0f} 個不同的專家。這個數字就是 E·(1 − (1 − k/E)^T)：對 E = {E} 個專家中的"
                  "每一個，算出 T = {tokens} 個詞元中至少有一個挑中它的機率，再全部加起來。批次大小為 1 時，一次傳"
                  "播的時間大約等於讀取它的權重所需的時間，所以這次驗證的成本相當於 {v:.1f} 個單詞元步驟，而不是 1"
                  " 個。以每個生成的詞元計算，目標模型和草稿模型合計讀取 {draft_b1}個權重，目標模型單獨解碼時則是 "
                  "{plain_b1}個。因此 N = {n} 時預測的加速是 {costed:.2f} 倍，而不是驗證只花一步時（像稠密模型那樣"
                  "）的 {dense:.2f} 倍。較短的草稿好一點：N = {best} 時為 {best_x:.2f} 倍。從 N = {slow_n} 起，用草"
                  "稿反而比單獨解碼還慢（N = {slow_n} 時為 {slow_x:.2f} 倍）。批次中有 8 個序列時情況就不同了：一般"
                  "解碼每一步就已用到每層 {E} 個專家中的約 {touched_b8:.0f} 個，驗證所有序列的草稿也只把它提高到 {"
                  "touched_b8_draft:.0f} 個，所以每個生成的詞元，有草稿時讀取 {draft_b8}個權重，沒有草稿時是 {plai"
                  "n_b8}個。"),
    "moe.miniature": ("下方內附的混合專家迷你模型並不矛盾：它每層只有 {E} 個小專家，每個詞元用 {k} 個，而每次傳播本來就要完整讀取共用的部分，那本來就占了單一詞元一步所讀權重的大部分。所以到第 {i} "
                      "輪為止，它每次驗證平均讀取 {v:.2f} 個單一詞元步驟的權重（和它的統計與「用到的專家」檢視顯示的數字相同），而 N = {n} 的 26B A4B 是 {v_big:.1f} "
                      "個。因此迷你模型仍然會加速，而批次大小為 1 的 26B A4B 幾乎不會。"),
    "moe.plain": ("一個詞元只需要每層少數幾個專家。一次驗證 {tokens} 個詞元就需要多得多的專家，因為每個詞元各自挑選"
                  "。批次大小為 1 時，讀取這些額外專家權重所花的時間，和草稿省下的時間差不多，加速所剩無幾。"),
    "race.js.passes": "傳播",
    "race.js.tokens": "詞元",
    "race.js.rate": "詞元/秒",
    "race.js.clock": "時鐘（以傳播成本計的毫秒）：",
    "race.js.clock_projected": "時鐘（傳播次數）：",
    "race.js.start": "▶ 開始",
    "race.js.pause": "❚❚ 暫停",
    "race.js.resume": "▶ 繼續",
    "race.js.again": "↻ 再跑一次",
    "race.js.slow": "慢動作",
    "race.js.finished": "完成",
    # -- step-through tab -----------------------------------------------------------------------------------------
    "step.intro": ("# 多詞元預測（MTP），一步一步看\nGemma 4 可以搭配一個小型的**草稿模型**：它先猜接下來的幾個詞元"
                   "，再由大型的**目標模型**在一次前向傳播中檢查全部猜測。猜對的詞元等於白賺，而輸出和目標模型單獨生成的結果完全"
                   "相同。按 **單步** 一次看一輪。"),
    "step.prompt": "提示",
    "step.trained_on": '範例提示。內建的迷你模型只學過英文諺語、動物小故事和含有數字的句子（它不會數數或加法）：像「Slow and steady」這樣的提示它接得下去，其他內容只會得到胡言亂語。',
    "welcome.text": "Gemma 4 的多詞元預測（MTP）：小型草稿模型先猜接下來的詞元，大型模型在一次前向傳播中檢查全部猜測。",
    "welcome.tour": "開始導覽",
    "link.button": "連結到這裡",
    "link.label": "開啟此頁目前樣子的連結（分頁、章節、範例、輪次、檢視、語言）",
    "link.bad": "⚠️ 此頁沒有連結要求的：{pairs}。這些部分改以預設值開啟。",
    "link.live": "畫面上的文字是在這台伺服器上生成的，不是隨應用程式預錄的，所以連結開啟逐步執行分頁時不含它：開啟連結絕不會讓伺服器生成文字。",
    "step.model": "模型（目標模型）",
    "step.model_info": "內建的迷你模型、Hugging Face Hub ID，或本機資料夾",
    "step.assistant": "草稿模型（選填）",
    "step.assistant_placeholder": "預設：<模型>-assistant",
    "step.step": "單步",
    "step.run": "執行到底",
    "step.play": "播放",
    "step.pause": "暫停",
    "step.reset": "重設",
    "step.measure": "重新量測",
    "step.cached": "**來自伺服器的快取：** 這台伺服器先前已跑過完全相同的請求，這裡的時間是那一次的。按「重新量測」可以重新執行：次數和加速倍數不變，只有這次執行自己的時鐘會變動。",
    "step.round": "輪次（拖曳以瀏覽）",
    "step.speed": "播放：每輪秒數",
    "step.settings": "解碼設定",
    "step.proposer": "草稿來源",
    "step.proposer.mtp": "MTP（Gemma 4 草稿模型）",
    "step.proposer.draft-model": "獨立小模型",
    "step.proposer.prompt-lookup": "提示查找",
    "step.proposer.none": "無（基準）",
    "step.num_assistant_tokens": "N：每輪猜測數（num_assistant_tokens）",
    "step.schedule": "N 的排程",
    "step.confidence_threshold": "信心門檻（0 = 關閉）",
    "step.max_new_tokens": "最多新詞元數",
    "step.do_sample": "取樣（關閉 = 貪婪解碼）",
    "step.temperature": "溫度",
    "step.top_k": "Top-k（0 = 關閉）",
    "step.top_p": "Top-p（1 = 關閉）",
    "step.seed": "隨機種子",
    "step.proposer_info": ("由誰來猜：Gemma 4 的 MTP 草稿模型；獨立小模型（詞彙表相同、只讀文字的另一個"
                           "小模型）；提示查找（沿用提示中前面出現過、接在同樣詞語之後的內容，不用模型"
                           "）；或不猜"),
    "step.num_assistant_tokens_info": "草稿模型每輪猜幾個詞元（有排程時，這是起始值）",
    "step.schedule_info": "啟發式：整輪都猜對就 +2，有任何拒絕就 −1；固定：N 固定不變",
    "step.confidence_threshold_info": "當某個猜測的最高機率低於此值，這一輪的草稿就提早停止；0 表示每輪都猜滿 N 個",
    "step.max_new_tokens_info": "最多生成幾個詞元；最後一輪碰到上限就會被截斷",
    "step.do_sample_info": "關閉：每個詞元都是目標模型的首選，猜測必須完全相符才被接受；開啟：詞元隨機抽出，猜測以 min(1, p/q) 的機率被接受",
    "step.temperature_info": "僅用於取樣：小於 1 讓機率更集中，大於 1 讓機率更平均",
    "step.top_k_info": "僅用於取樣：只從最可能的 k 個詞元中抽",
    "step.top_p_info": "僅用於取樣：只從機率加總達到 p 的最少幾個詞元中抽",
    "step.seed_info": "僅用於取樣：同一個種子會得到同樣的隨機取樣，也就是同樣的文字",
    "step.keys": "按鍵：→ 下一輪 · ← 上一輪 · 空白鍵 播放／暫停 · Home 回到第 0 輪",
    "step.export": "匯出與重播",
    "step.download_json": "下載紀錄（JSON）",
    "step.download_csv": "下載事件（CSV）",
    "step.download_walkthrough": "下載這份逐步解說（單一 HTML 檔，可離線播放）",
    "walk.back": "上一輪",
    "walk.keys": "按鍵：→ 下一輪 · ← 上一輪 · Home 回到第 0 輪",
    "walk.made": "以 mtp_viz 錄製。這個檔案在瀏覽器裡就能播放，不需要伺服器，也不需要網路。",
    "step.upload": "重播 JSON 紀錄（不需要模型）",
    "step.recorded": "預錄範例",
    "step.what_you_see": "**圖中所見：** {text}",
    "step.more": "更多說明",     # opens the rest of a caption
    "step.empty": "輸入提示後按 **單步** 執行第一輪，或按 **執行到底**。",
    "step.empty_figures": "按「單步」執行第一輪，或按「執行到底」。",
    "step.what.prefill": "預填階段：目標模型讀入提示，選出第一個詞元",
    "step.what.none": "沒有猜測：目標模型自己加上一個詞元",
    "step.what.cut": "草稿模型猜了 {drafted} 個（N = {n}{fewer}），目標模型接受 {kept} 個，生成在此結束",
    "step.what.round": "草稿模型猜了 {drafted} 個（N = {n}{fewer}），目標模型接受 {kept} 個並加上一個{kind}詞元 → 新增 {new} 個",
    "step.stopped": "生成已停止（{why}）。",
    "step.stop.eos": "模型寫出了文字結束詞元",
    "step.stop.length": "已達新詞元數上限",
    "step.params": "{model}（{params}個參數）",
    "step.schedule.heuristic": "啟發式",
    "step.schedule.constant": "固定",
    "step.recorded.actions_speak": "「Actions speak」，MTP 草稿模型",
    "step.recorded.actions_speak_moe": "「Actions speak」，混合專家迷你模型",
    "step.recorded.actions_speak_no_drafter": "「Actions speak」，只用目標模型",
    "step.recorded.once_upon_a_time": "「Once upon a time,」，MTP 草稿模型",
    "step.recorded.once_upon_a_time_sampled": "「Once upon a time,」，取樣",
    "step.recorded.tom_counted": "「Tom counted…」，MTP 草稿模型",
    "step.recorded.a_stitch_in_time": "「A stitch in time」，MTP 草稿模型",
    "step.what.unused": "（也被接受，但落在結尾之後，所以未使用：{unused:guess}）",
    "step.fewer.length": "；在最多新詞元數的上限前只容得下 {left:guess}",
    "step.fewer.lookup": "；查找沒有找到更多",
    "step.fewer.eos": "；查找到的內容以 <eos> 結尾，之後不再產生草稿",
    "step.fewer.threshold": "；草稿模型低於信心門檻而停止",
    "step.kind.correction": "修正",
    "step.kind.bonus": "額外",
    "step.why.correction": ("**為什麼是修正？** 目標模型拒絕了第 {first_rejected} 個猜測，所以在那個位"
                            "置寫下自己的詞元；如果後面還有猜測，也全部捨棄，因為它們接在一個不會出現"
                            "在文字中的詞元之後。\n\n"),
    "step.why.bonus": ("**為什麼有額外詞元？** 這一輪的每個猜測都被接受了（{drafted:guess}），而驗證傳播早已算出目標"
                       "模型在下一個位置的選擇，所以這個詞元不必再花一次傳播。\n\n"),
    "step.stale": "⚠️ **設定已變更。** 下方顯示的仍是先前設定的結果：按 **單步** 或 **執行到底** 以新設定執行。\n\n",
    "step.chosen_model": "**你選了「{label}」。** 這台伺服器上的錄製紀錄：{line}\n\n按 **單步** 就會用它執行你的提示。\n\n",
    "step.chosen_model_new": ("**你選了「{label}」。** 這裡還沒有用它錄製過任何內容：按 **單步** 會載入它（第一次可能要好幾分鐘），"
                              "再執行你的提示。\n\n"),
    "step.about": "關於這個分頁",
    "step.heading": "### 第 {i}／{last} 輪：{what}。{end}\n",
    "step.model_line": "**模型：** {name}：{sizes} · 草稿來源 **{proposer}** · {device}，{dtype}",
    "step.model_line.reason": "（{reason}）",
    "step.moe": "\n\n**混合專家模型：** {caveat}",
    "step.replay_failed": "無法重播這個檔案：{error}",
    "step.loading": "正在載入 {model} 及其草稿模型：第一次可能需要幾分鐘。",
    "step.at_last": "**這是最後一輪（第 {last} 輪）；再按「單步」也沒有更多內容。** 拖動滑桿或按 Home 鍵可以回到前面，按「重設」則重新開始。",
    "step.warning": "警告",
    "step.info": "訊息",
    "step.device.cpu": "找不到 GPU；以 {threads}執行",
    "step.device.cuda": "找到 CUDA GPU：{name}",
    "step.device.mps": "找到 Apple GPU（MPS）",
    "step.device.requested": "指定使用裝置 {device}",
    "step.device.then": "；",
    "step.device.split": "目標模型分配到 {gpus} 張 GPU 上（device_map='auto'）",
    # -- figures --------------------------------------------------------------------------------------------------
    "fig.status.prompt": "提示",
    "fig.status.prefill": "第一個詞元（預填）",
    "fig.status.accepted": "被接受的草稿",
    "fig.status.correction": "修正（拒絕之後）",
    "fig.status.bonus": "額外詞元（草稿全部被接受）",
    "fig.status.target": "目標模型詞元（沒有草稿）",
    "fig.status.rejected": "被拒絕的草稿",
    "fig.status.unchecked": "未檢查（在拒絕之後）",
    "fig.status.unused": "未使用（生成已停止）",
    "fig.verdict.accepted": "接受",
    "fig.verdict.rejected": "拒絕",
    "fig.verdict.unchecked": "未檢查",
    "fig.verdict.unused": "未使用",
    "fig.choose": "視圖",
    "fig.token_stream.title": "詞元串流",
    "fig.token_stream.heading": "詞元串流：第 {i}／{last} 輪",
    "fig.token_stream.short": "提示（灰色）與目前為止的每個詞元。綠色 ✓：草稿模型猜的，目標模型確認了。深橘色 ✗：被拒絕的猜測，後面接著目標模型的修正（橘色 ↺）。藍色 ★：全部猜對時多得的額外詞元。加框的是這一輪的詞元。",
    "fig.token_stream.what": ("提示（灰色）與目前為止生成的每個詞元，依閱讀順序排列。綠色 ✓ 詞元是草稿模型猜的、並經目標模型確認"
                              "。目標模型不同意時，草稿模型的猜測會被劃掉（深橘色 ✗，之後的猜測都不再檢查），接著是目標模型自己的詞"
                              "元（橘色 ↺，修正）。全部猜對時，目標模型會免費再加一個詞元（藍色 ★，額外詞元）。目標模型同意、但"
                              "落在輸出結尾之後的猜測，以灰色劃掉（○ 未使用）。加框的詞元屬於目前這一輪。把游標移到詞元上或點一下，可看它的"
                              "機率。"),
    "fig.token_stream.prompt": "提示",
    "fig.token_stream.round": "第 {r} 輪：{what}",
    "fig.token_stream.accepted": "被接受的草稿 {k}<br>p={p:.3f}  q={q:.3f}",
    "fig.token_stream.rejected": "被拒絕的草稿 {k}<br>p={p:.3f}  q={q:.3f}<br>目標模型的首選：{top}",
    "fig.token_stream.unchecked": "未檢查的草稿 {k}<br>q={q:.3f}（前面有草稿被拒絕）",
    "fig.token_stream.unused": "草稿 {k}：目標模型同意但未使用，生成已先停止",
    "fig.token_stream.last": "{word}<br>p={p:.3f}",
    "fig.timeline.title": "前向傳播時間軸",
    "fig.timeline.heading_first": "前向傳播時間軸：第 0 輪，{ms:.0f} 毫秒",
    "fig.timeline.heading": "前向傳播時間軸：第 0–{i} 輪，{ms:.0f} 毫秒",
    "fig.timeline.short": "時間由左向右。每條淺藍色長條是小型草稿模型的一次傳播（一個猜測）；每條深藍色長條是大型目標模型的一次傳播，一次檢查這一輪的全部猜測。加框的這一輪如果用幾條便宜的淺色長條，讓每條深色長條換到不只一個詞元，就划算。",
    "fig.timeline.what": ("時間由左向右，單位是生成時實際量測的毫秒。每條淺藍色長條是小型草稿模型的一次傳播，猜一個詞元；每條深藍色"
                          "長條是大型目標模型的一次傳播，一次檢查這一輪的全部猜測。最上面的軌道標示各輪（R1、R2…；游標移上去或點一下可"
                          "看允許的猜測數 N），目前這一輪加了外框。當幾條便宜的草稿長條能讓每條昂貴的目標長條換到不只一個詞元時，"
                          "推測式解碼就划算。最下面加框的軌道說明為什麼檢查幾乎免費：同樣的檢查若每個詞元各用一次"
                          "傳播（N + 1 次單一詞元傳播，載入模型時量測），對照實際一次檢查全部的那次傳播；因為一次傳播"
                          "不論帶多少詞元，都只讀一次權重。"),
    "fig.timeline.lane.target": "目標模型",
    "fig.timeline.lane.drafter": "草稿模型",
    "fig.timeline.lane.round": "輪次",
    "fig.timeline.legend.drafter": "草稿模型傳播",
    "fig.timeline.legend.target": "目標模型傳播",
    "fig.timeline.legend.round": "輪次",
    "fig.timeline.lane.one_by_one": "逐一檢查？",
    "fig.timeline.legend.one_by_one": "同樣的檢查，每個詞元各一次傳播",
    "fig.timeline.alone": "{k} × {one:.1f} 毫秒 = {ms:.0f} 毫秒",
    "fig.timeline.alone_hover": ("假如這 {k} 個被檢查的詞元各需要一次自己的傳播：{k} × {one:.1f} 毫秒（單一詞元傳播，也就是這裡每個加速倍數的基準）= {ms:.0f} "
                                 "毫秒。<br>檢查本身只要 {verify:.1f} 毫秒：一次傳播只讀一次權重，就能檢查全部 {k} 個詞元。"),
    "fig.timeline.draft": "第 {r} 輪，草稿模型第 {k} 次傳播<br>猜了 {token}（q={q:.2f}）<br>這次執行花了 {ms:.1f} 毫秒",
    "fig.timeline.stop": "停止",
    "fig.timeline.stop_hover": "第 {r} 輪，這次草稿傳播低於信心門檻：不採用猜測<br>{ms:.1f} 毫秒",
    "fig.timeline.prefill": "預填",
    "fig.timeline.prefill_what": "預填：讀入提示",
    "fig.timeline.verify_what": "驗證了 {drafted:guess}，接受 {kept} 個，輸出 {emitted} 個",
    "fig.timeline.plain_what": "沒有猜測：一個詞元，輸出 {emitted} 個",
    "fig.timeline.target_hover": "第 {r} 輪，目標模型傳播<br>{what}<br>這次執行花了 {ms:.1f} 毫秒",
    "fig.timeline.round_label": "R{r}",
    "fig.timeline.round_hover": "第 {r} 輪：允許 N = {n}，草稿 {drafted} 個，{ms:.1f} 毫秒",
    "fig.timeline.round_hover_plain": "第 {r} 輪：沒有草稿，{ms:.1f} 毫秒",
    "fig.timeline.xaxis": "以這組模型的傳播成本計的毫秒（這次執行自己的時間：見懸停說明）",
    "fig.timeline.xaxis.own": "這次執行自己的時間（毫秒）",
    "fig.verification.title": "驗證",
    "fig.verification.heading_empty": "驗證：第 {i} 輪",
    "fig.verification.heading": "驗證：第 {i} 輪，{drafted} 個中接受 {kept} 個（{mode}）",
    "fig.verification.greedy": "貪婪解碼",
    "fig.verification.sampling": "取樣",
    "fig.verification.short": "這一輪的每個猜測：目標模型認為它有多可能（p，深色），草稿模型又認為它有多可能（q，淺色）。上方的標記是目標模型的判定：✓ 接受、✗ 拒絕、… 未檢查。貪婪解碼接受目標模型首選的猜測；取樣時，隨機數 u（◆）落在 min(1, p/q) 以下就接受。",
    "fig.verification.what": ("這一輪的每個猜測：目標模型認為草稿詞元有多可能（p，深色），草稿模型又認為它有多可能（q"
                              "，淺色）。在貪婪解碼下，猜測若正是目標模型自己的首選就被接受。在取樣時，隨機數 u（◆）落"
                              "在 min(1, p/q)（—）以下就被接受：目標模型至少和草稿模型一樣喜歡的猜測一定通過。遇到第一"
                              "個拒絕時，目標模型從扣掉草稿模型那一份之後剩下的機率分布中抽出自己的詞元（「殘差分布」面板，僅"
                              "限取樣）；之後的猜測不再檢查，所以沒有 p 長條。每個猜測上方的標記是目標模型的判定：✓ 接"
                              "受、✗ 拒絕、… 未檢查、○ 未使用（已接受，但落在輸出結尾之後）。這條規則讓輸出的隨機性和"
                              "目標模型單獨運作時完全一樣。"),
    "fig.verification.prefill": "第 0 輪是預填：目標模型讀入提示並選出第一個詞元。沒有東西需要驗證。",
    "fig.verification.none": "這一輪沒有猜測：目標模型自己產生了一個詞元。",
    "fig.verification.residual": "殘差分布 norm(max(0, p − q))",
    "fig.verification.p": "p：目標模型給草稿詞元的機率",
    "fig.verification.q": "q：草稿模型給的機率",
    "fig.verification.accept_prob": "min(1, p/q)",
    "fig.verification.u": "u（從均勻分布取樣）",
    "fig.verification.residual_legend": "殘差分布（抽中的詞元為橘色）",
    "fig.verification.top_choice": "目標模型的首選：{token}（{p:.2f}）",
    "fig.verification.drew": "目標模型抽出：{token}",
    "fig.verification.yaxis": "機率",
    "fig.clusters.title": "叢集選擇",
    "fig.real.clusters": "{name}：{n:,} 個叢集取前 {k} 個，{vocab:,} 個詞元中評分 {scored:,} 個（{frac:.1%}）",
    "fig.real.kv": "{name}：{layers} 層中的最後 {shared} 層重用第 {sliding} 和第 {full} 層的 KV；草稿模型讀取這兩層",
    "fig.real.activations": ("{name}：[{hidden:,} ‖ {hidden:,}] = {concat:,} → pre_projection → {drafter:,}"
                             "（{drafter_layers} 層）→ post_projection → {hidden:,}"),
    "fig.clusters.heading_empty": "叢集選擇：第 {i} 輪",
    "fig.clusters.heading": "叢集選擇：第 {i} 輪，{n:,} 個叢集中取前 {k} 個{scored}{more}",
    "fig.clusters.scored_fraction": "，為詞彙表的 {frac:.1%} 評分",
    "fig.clusters.scored_tokens": "，為 {vocab:,} 個詞元中的 {scored:,} 個評分（{frac:.1%}）",
    "fig.clusters.more": "；顯示 {total} 個猜測中的第 1–{shown} 個",
    "fig.clusters.short": "草稿模型先替由相似詞元組成的叢集評分，只在最好的幾個叢集裡找，以省下計算。每個面板是一個猜測：長條是叢集分數，由高到低，深藍色的是被選中、會在裡面找詞元的叢集。「叢集未命中」表示目標模型的首選落在草稿模型沒看的叢集裡，所以不可能猜到。",
    "fig.clusters.what": ("對小型草稿模型來說，替龐大詞彙表中的每個詞元評分很昂貴，所以 Gemma 4 的草稿模型先替由相"
                          "似詞元組成的叢集評分（每個叢集一個中心點；真實模型中有 2,048 個），只在最好的幾個叢集裡"
                          "找。每個面板是這一輪的一個猜測，並附上目標模型的判定：長條是中心點分數，由高到低；深藍色"
                          "長條被選中，灰色則沒有。只有選中叢集裡的詞元才可能被猜到。如果目標模型的首選落在沒被選中"
                          "的叢集裡，面板會標示「叢集未命中」：草稿模型不可能猜到那個詞元。最多畫出 8 個面板；一輪"
                          "的猜測更多時，標題會註明。"),
    "fig.clusters.prefill": "第 0 輪是預填：還沒有任何草稿。請按「單步」。",
    "fig.clusters.none": "這一輪沒有猜測。",
    "fig.clusters.no_embedder": "這個草稿模型沒有高效嵌入器：它替整個詞彙表評分。",
    "fig.clusters.panel": "猜測 {k}：{token}<br>{verdict}",
    "fig.clusters.miss": "{verdict}，✗ 叢集未命中（首選為 {token}）",
    "fig.clusters.selected": "選中的叢集",
    "fig.clusters.not_selected": "未選中的叢集",
    "fig.clusters.hover": "中心點 {c}<br>分數 {s}",
    "fig.clusters.xaxis": "依分數排列的中心點",
    "fig.clusters.yaxis": "分數",
    "fig.kv_sharing.title": "KV 快取共享",
    "fig.kv_sharing.heading": "KV 快取共享：第 {i} 輪",
    "fig.kv_sharing.short": "左邊：目標模型的各層；草稿模型的每一層都讀取目標模型某一層的 KV（橘色箭頭），自己沒有快取。右邊：每一輪之後目標模型的快取；最上面交叉斜線的部分，因為那些猜測被拒絕，又被裁掉了。",
    "fig.kv_sharing.what": ("左邊：目標模型的各層，由下往上；淺色長條使用滑動視窗注意力（只看最近的詞元），深色斜線長條使用"
                            "全域注意力。Gemma 4 的草稿模型沒有自己的快取：它的每一層都讀取目標模型中同類型那一層的 KV（橘色"
                            "箭頭；被讀取的層以橘色編號）。右邊：每一輪之後目標模型的快取存有多少個位置。驗證傳播會把每個猜"
                            "測都寫進快取；最上面深橘色交叉斜線的部分，因為那些猜測被拒絕，又被裁掉了。"),
    "fig.kv_sharing.layers": "各層與共享的快取",
    "fig.kv_sharing.cache": "目標模型 KV 快取長度",
    "fig.kv_sharing.sliding": "滑動視窗",
    "fig.kv_sharing.full": "全域",
    "fig.kv_sharing.target_layer": "目標模型{kind}層",
    "fig.kv_sharing.drafter_layer": "草稿模型{kind}層",
    "fig.kv_sharing.target_hover": "目標模型第 {layer} 層（{kind}注意力）",
    "fig.kv_sharing.drafter_hover": "草稿模型的層（{kind}注意力）",
    "fig.kv_sharing.drafter_box": "草稿層 {k}",
    "fig.kv_sharing.own_cache": "這個草稿模型有自己的 KV 快取",
    "fig.kv_sharing.no_reader": "這裡沒有草稿模型讀取目標模型的快取",
    "fig.kv_sharing.reads": "草稿模型讀取 {n} 層中的第 {layers} 層",
    "fig.kv_sharing.layer_axis": "目標模型的層",
    "fig.kv_sharing.kept": "留在快取中",
    "fig.kv_sharing.cropped": "寫入後又裁掉",
    "fig.kv_sharing.before": "進入這一輪時的長度",
    "fig.kv_sharing.kept_hover": "第 {r} 輪：快取中有 {n} 個位置",
    "fig.kv_sharing.cropped_hover": "第 {r} 輪：拒絕後裁掉 {n} 個位置",
    "fig.kv_sharing.window": "滑動視窗層只留下最後 {window} 個",
    "fig.kv_sharing.round_axis": "輪次",
    "fig.kv_sharing.positions_axis": "位置數",
    "fig.activations.title": "目標模型的隱藏狀態餵給草稿模型",
    "fig.activations.heading": "目標模型的隱藏狀態餵給草稿模型：第 {i} 輪，從同一個位置做出 {guesses}",
    "fig.activations.short": "一個猜測是怎麼做出來的：草稿模型從目標模型最後的隱藏狀態和最後一個詞元的嵌入開始，縮小到自己的寬度，跑過自己的幾層，再選出一個詞元。它的輸出再轉回目標模型的寬度，在下一個猜測時代替目標模型的隱藏狀態。",
    "fig.activations.what": ("一個猜測是怎麼做出來的。草稿模型不是從零開始：它取目標模型最後的隱藏狀態（目前為止文字的摘要）和最後一"
                             "個詞元的嵌入，把兩者串接起來，用 pre_projection 縮小到草稿模型的小寬度，跑過自己的幾層"
                             "（讀取目標模型的快取），再選出一個詞元。post_projection 把它的輸出轉回目標模型的寬度，"
                             "在下一個猜測時代替目標模型的隱藏狀態。同一輪的所有猜測都使用相同的位置 ID。"),
    "fig.activations.not_mtp": "這個草稿來源不讀取目標模型的隱藏狀態（只有 Gemma 4 的 MTP 草稿模型會）。",
    "fig.activations.hidden": "目標模型隱藏狀態",
    "fig.activations.hidden_hover": "目標模型最後一層在最後一個被接受位置的隱藏狀態",
    "fig.activations.embed": "最後一個詞元的嵌入",
    "fig.activations.embed_hover": "最後一個詞元的嵌入（與目標模型共用輸入嵌入表）",
    "fig.activations.concat": "串接",
    "fig.activations.concat_hover": "隱藏狀態與嵌入並排接在一起",
    "fig.activations.pre_hover": "一個線性層，降到草稿模型的寬度",
    "fig.activations.layers": "草稿模型 {n} 層",
    "fig.activations.layers_hover": "對目標模型第 {layers} 層的 KV 快取做注意力",
    "fig.activations.logits": "詞元分數",
    "fig.activations.clusters": "{n:,} 個叢集中的前 {k} 個",
    "fig.activations.logits_hover": "草稿模型的猜測：{tokens}",
    "fig.activations.next_token": "下一個詞元",
    "fig.activations.post_hover": "回到目標模型的寬度：在下一個猜測時代替目標模型的隱藏狀態",
    "fig.activations.loop": "下一個猜測：新的隱藏狀態 + 猜出詞元的嵌入",
    "fig.activations.position": "這一輪全部 {n} 個猜測都用位置 ID {pos}",
    "fig.activations.positions": "位置 ID {pos}",
    "fig.moe": "混合專家：{caveat}",
    "fig.moe_caveat": ("這個目標模型是混合專家模型：每個詞元會被路由到 {num_experts} 個專家中的 {top_k} 個。"
                       "一次驗證傳播檢查 N+1 個詞元，最多可能用到 (N+1)×{top_k} 個不同的專家，所以讀取的專家權重"
                       "遠多於一次解碼步驟。驗證因此不再幾乎免費，MTP 對 26B A4B 這類 MoE 模型的加速，"
                       "也比對同樣活躍參數量的稠密模型來得少。"),
    "fig.statistics.title": "統計",
    "fig.statistics.heading": ("第 {i} 輪後的統計：平均接受長度 {mal:.2f}（只算有草稿的輪次：接受的猜測 + 目標模型"
                               "自己的詞元）；每次目標傳播 {tpp:.2f} 個詞元（所有傳播都算，含讀取提示的那次，所以較低）"),
    "fig.statistics.short": "到目前為止各輪的四項統計。上排：每個位置的猜測被接受的頻率，以及每輪接受了幾個猜測。下排：每輪允許的猜測數 N，以及大型模型每次傳播產生的詞元數，對照一般解碼的 1.0。高於 1.0，代表草稿正在省下大型模型的傳播。",
    "fig.statistics.what": ("左上：每個位置的猜測被接受的頻率（前面的猜測比較容易，所以長條通常越來越低）。右上"
                            "：每一輪接受了幾個猜測。左下：每輪允許的猜測數 N；啟發式排程在整輪被接受後提高 N，"
                            "在拒絕後降低 N。右下：大型模型每次傳播產生的詞元數，對照一般解碼的 1.0（一般解碼每"
                            "個詞元都要跑一次大型模型）。高於 1.0，代表推測式解碼正在省下大型模型的傳播。"),
    "fig.statistics.by_position": "各猜測位置的接受率",
    "fig.statistics.histogram": "每輪接受的猜測數",
    "fig.statistics.n": "每輪的 N（允許的猜測數）",
    "fig.statistics.per_pass": "每次目標傳播的詞元數",
    "fig.statistics.proposed": "接受數／提出數",
    "fig.statistics.reached": "接受數／實際檢查數",
    "fig.statistics.rate": "比率",
    "fig.statistics.position": "猜測位置",
    "fig.statistics.kept": "接受的猜測數",
    "fig.statistics.rounds": "輪數",
    "fig.statistics.round": "輪次",
    "fig.statistics.n_axis": "N（線），接受數（×）",
    "fig.statistics.n_name": "N",
    "fig.statistics.kept_name": "接受",
    "fig.statistics.speculative": "推測式",
    "fig.statistics.baseline": "基準 1.0",
    "fig.statistics.baseline_note": "基準：每次傳播 1 個詞元",
    "fig.statistics.per_pass_axis": "詞元／傳播",
    # -- lab tab --------------------------------------------------------------------------------------------------
    "lab.tab": "草稿長度實驗室",
    "lab.intro": ("# 什麼時候產生草稿才划算？\n每輪多猜幾個，大型模型每次傳播就可能換到更多詞元；但每個猜測都要花一次草稿模型傳播，每"
                  "個被拒絕的猜測都是白做工。對 N（每輪猜測數）做一次掃描，比較**實測**的加速與 Leviathan "
                  "等人（2023）的**成本模型**。成本模型只用兩個數字來預測加速：α，一個猜測被接受的機率；c，草稿模型一次傳"
                  "播的時間除以目標模型一次傳播的時間。在你執行自己的掃描之前，畫面上顯示的是在迷你模型上預錄的掃描。"),
    "lab.prompts": "提示，每行一個（最多 {max_prompts} 個，每個最多 {max_chars} 個字元）",
    "lab.ns": "要嘗試的 N 值（每輪猜測數）",
    "lab.schedules": "排程",
    "lab.proposers": "草稿來源（一定會執行沒有草稿模型的基準）",
    "lab.max_new": "每次執行的新詞元數",
    "lab.repeats": "重複次數（時間取中位數）",
    "lab.run": "執行掃描",
    "lab.download": "下載表格（CSV）",
    "lab.table": "掃描結果，每種設定一列",
    "lab.pairs.heading": "### 什麼時候用草稿才划算？兩組內建模型，實際量測",
    "lab.pairs.title": "兩組模型，一個道理：草稿模型的成本決定一切",
    "lab.pairs.measured": "{pair}：實測（α = {alpha:.2f}，c = {c:.2f}）",
    "lab.pairs.predicted": "{pair}：成本模型的預測",
    "lab.pair.miniature": "E2B 形狀的模型組（35 層，4 層草稿模型）",
    "lab.pair.miniature-shallow": "淺層模型組（6 層，4 層草稿模型）",
    "lab.pairs.what.short": ("這類機器上錄製的兩次掃描：兩個草稿模型都猜得不錯（α 相近），但淺層模型組的草稿模型每猜一次"
                             "要花掉大約半次目標傳播的時間（c），E2B 形狀模型組的草稿模型只要其中一小部分。草稿模型便宜時，"
                             "大多數 N 都划算；草稿模型昂貴時，幾乎沒有一個划算；成本模型的曲線預測了這兩種情況。"),
    "lab.pairs.what": ("兩次掃描都是在這類機器上，用相同的提示與設定錄製的。兩個草稿模型都猜得不錯（α 是一個猜測被接受的機率），"
                       "但淺層模型組的草稿模型每猜一次要花掉大約半次目標傳播的時間（c），E2B 形狀模型組的草稿模型只要其中一小部分。"
                       "每個猜測省下的時間必須多於它的成本：草稿模型便宜時，大多數 N 都划算；草稿模型昂貴時，幾乎沒有一個划算。"
                       "Leviathan 等人的成本模型——每輪 (1 − α^(N+1)) / (1 − α) 個詞元，花費 N·c + v 次傳播的時間——畫出了這兩條曲線。"),
    "lab.what_if": "### 假如呢？移動 α 和 c：預測曲線會立刻重畫（不執行模型）",
    "lab.alpha": "α：一個猜測被接受的機率",
    "lab.c": "c：草稿模型傳播時間 ÷ 目標模型傳播時間",
    "lab.preset": "放上一組真實的 Gemma 4 模型（推估，非實測）",
    "lab.moe": "目標模型是像 26B A4B 那樣的混合專家模型（驗證 N + 1 個詞元會讀取它們選到的專家）",
    "lab.preset.none": "自訂 α 和 c",
    "lab.status.shipped": ("顯示在迷你模型上預錄的掃描。實測：c = {c:.2f}，α = {alpha:.2f}；最佳 N 實測為 {best}，"
                           "預測為 {best_pred}。"),
    "lab.status.done": ("掃描完成，費時 {seconds:.1f} 秒，模型為 {model}。實測：c = {c:.2f}，α "
                        "= {alpha:.2f}；最佳 N 實測為 {best}，預測為 {best_pred}。"),
    "lab.status.preset": "**{name}：推估，非實測。** α = {alpha:.2f}（{alpha_source}）；c = {c:.3f}（{c_source}）。",
    "lab.error.prompts": "請至少提供一個提示（每行一個）。",
    "lab.error.too_many_prompts": "每次掃描最多 {limit} 個提示；你提供了 {n} 個。",
    "lab.error.prompt_length": "提示 {i} 有 {n} 個字元；每個提示最多 {limit} 個。",
    "lab.error.ns": "請至少選一個 N。",
    "lab.error.choice": "請至少選一種排程和一個草稿來源。",
    "lab.error.failed": "掃描中止：{error}",
    "lab.axis.n": "N（每輪猜測數）",
    "lab.axis.tokens": "每次目標傳播的詞元數",
    "lab.axis.speedup": "相對沒有草稿模型的加速（×）",
    "lab.axis.position": "猜測位置 k",
    "lab.axis.share": "第 1..k 個猜測全被接受的輪數比例",
    "lab.title.tokens": "每次目標傳播的詞元數與 N 的關係",
    "lab.title.speedup": "加速與 N 的關係：實際時間，實測（c = {c:.2f}）",
    "lab.title.speedup_empty": "加速與 N 的關係：實際時間，實測",
    "lab.title.acceptance": "各猜測位置的接受率（N = {n}）：α^k 的衰減",
    "lab.title.what_if": "假如 α = {alpha:.2f}、c = {c:.2f}？最佳 N 為 {best}，加速 {speedup:.2f} 倍",
    "lab.title.what_if_tokens": "每次目標傳播的詞元數",
    "lab.title.what_if_speedup": "加速（×）",
    "lab.legend.measured": "{proposer}，固定 N：實測",
    "lab.legend.heuristic": "{proposer}，啟發式排程（x = 起始 N）：實測",
    "lab.legend.predicted": "{proposer}：預測，α = {alpha:.2f}",
    "lab.legend.predicted_speedup": "{proposer}：預測，α = {alpha:.2f}，c = {c:.2f}",
    "lab.legend.limit": "N + 1：每個猜測都被接受",
    "lab.legend.baseline": "1.0：沒有草稿模型",
    "lab.legend.best": "實測最佳 N = {n}",
    "lab.legend.best_predicted": "預測最佳 N = {n}",
    "lab.legend.positions": "實測",
    "lab.legend.alpha_k": "α^k，α = {alpha:.2f}（由這些長條擬合）",
    "lab.legend.what_if_moe": "α = {alpha:.2f}，c = {c:.2f}，計入專家",
    "lab.legend.what_if": "α = {alpha:.2f}，c = {c:.2f}",
    "lab.legend.projected": "{name}（推估，非實測）",
    "lab.no_data": "還沒有掃描：請按「執行掃描」。",
    "lab.what.tokens": ("每個點是某個 N 下、所有提示合計的大型模型每次傳播詞元數，也就是平均接受長度（接受的猜測 + 目標模型自己的一個詞元）；實線是成本模型以一個擬合的 α 做出的預測，虛線 N + 1 "
                        "是一輪最多能得到的數量（每個猜測都被接受，再加上目標模型自己的詞元）。點隨 N 上升，但逐漸偏離 N + "
                        "1：草稿越長，加進來的猜測存活的機會就越小，因為一次拒絕就會丟掉之後的全部。在這裡兩者是同一個數字：實驗室只計入穩定的輪次，每輪一次目標傳播。「逐步執行」的統計還計入讀取提示的那次傳播"
                        "和被截短的最後一輪，所以那裡每次目標傳播的詞元數會低於平均接受長度。"),
    "lab.what.speedup": ("加速是沒有草稿模型時每個詞元的時間，除以有草稿模型時每個詞元的時間，在這台機器上實測。低於 1.0 這條線，表示有草稿比沒有草稿還慢。曲線是成本模型，使用實測的 c "
                         "和實測的驗證傳播成本。當下一個猜測被接受的那一點機會，已經抵不上它要花的那次草稿傳播時，較長的草稿就開始吃虧：曲線在最佳 N 達到高峰，之後下降。菱形是啟發式排程：它從給定的 N "
                         "開始，整輪猜對就加 2，有拒絕就減 1，所以不用告訴它，它自己就會找到不錯的 N。點偏離曲線的地方，圖表下方那一行會用這次掃描自己的數字說明原因。星號標出實測最佳的固定 "
                         "N（啟發式排程的菱形不算在內）。這裡的每個數字都只計入穩定的輪次：不含讀取整段提示的預填，也不含猜測被詞元上限截短的最後一輪。所以表格中一列計入的新詞元會少於實際生成的數量，而「賽跑"
                         "」分頁計時的一整次生成，加速也會稍低一些。"),
    "lab.what.acceptance": ("長條顯示每個猜測位置 k 上，第 1 到第 k 個猜測全部被接受的輪數比例；線是 α^k，其中的 α "
                            "正是由這些長條擬合而來（被接受的猜測數除以目標模型檢查過的猜測數），也就是成本模型在這個 N 下會用的那一個 "
                            "α。長條會下降，是因為只有前面每個猜測都被接受，一個猜測才算數：正是這種衰減，讓每多一個猜測的價值都比前一個低。長條和線分開的地方，表示各位置的接受率並不相同，單一的 α "
                            "只是它們的平均。"),
    "lab.what.what_if.short": ("只有成本模型，不執行任何模型：藍色曲線是你選的 α 和 c 下每次傳播的詞元數與加速，星號是"
                               "最佳 N。每個預設組合都是真實的 Gemma 4 模型組，根據公開數字推估，不是實測。提高 c，"
                               "最佳 N 會變小，高峰也會往 1.0 下沉。"),
    "lab.what.what_if": ("只有成本模型，不執行任何模型：每次傳播的詞元數 (1 − α^(N+1)) / (1 − α)，加速 (1 − α^(N+1"
                         ")) / ((1 − α)(N·c + v))。稠密目標模型的 v = 1：驗證 N + 1 個詞元只花一次目標傳播，因為受"
                         "記憶體頻寬限制的傳播不論詞元多少都只讀一次權重。在這台 CPU 上，預設迷你模型的傳播成本是單"
                         "一詞元傳播的 {v_low} 到 {v_high} 倍（N = 1 到 8，實測），所以在相同的 α 和 c 下，實測的加"
                         "速會略低於這條曲線。提高 c，最佳 N 會變小，高峰也會往 1.0 下沉：預設迷你模型的草稿模型 c"
                         " = {c}，淺層迷你模型的 c = {c_shallow}，用草稿在那裡幾乎不划算。真實的 Gemma 4 草稿模型和"
                         "目標模型相比非常小（c 只有百分之幾），所以就算 α 不高也划算。勾選混合專家模型（選 26B A4"
                         "B 預設組合時會自動勾選），v 就會計入 N + 1 個詞元選到的專家。預設組合是根據公開數字的推估"
                         "，不是實測。"),
    "lab.preset.e2b": "Gemma 4 E2B + 草稿模型",
    "lab.preset.e2b.alpha": "根據 N = 2 時 41–49% 的猜測被接受，llama.cpp，E2B 草稿模型搭配 E2B 微調版：[elizaOS/llama.cpp#32](https://github.com/elizaOS/llama.cpp/pull/32)",
    "lab.preset.e2b.c": ("7800 萬參數的草稿模型（[gemmaclaw#116](https://github.com/gemmaclaw/gemmaclaw/pull/116)）÷ 23 "
                         "億有效目標參數（[Gemma 4 各版本](https://notes.dsebastien.net/30+Areas/33+Permanent+notes/33.02+Content/Gemma+4)）"),
    "lab.preset.31b": "Gemma 4 31B + 草稿模型",
    "lab.preset.31b.alpha": "根據 N = 4 時三個程式與解說提示上 66–89% 的猜測被接受，llama.cpp：[llama.cpp#23398](https://github.com/ggml-org/llama.cpp/pull/23398)",
    "lab.preset.31b.c": ("約 4.7 億參數的草稿模型（bf16 下 0.94 GB：[NeoRoth/gemma-4-31b-it-assistant-mlx](https://huggingface.co/NeoRoth/gemma-4-31b-it-assistant-mlx)）÷ "
                         "307 億目標參數"),
    "lab.preset.26b": "Gemma 4 26B A4B（MoE）+ 草稿模型",
    "lab.preset.26b.alpha": "擬合 N = 4 時各位置的接受率 0.844 / 0.599 / 0.385 / 0.271，vLLM：[eugr/spark-vllm-docker#343](https://github.com/eugr/spark-vllm-docker/issues/343)",
    "lab.preset.26b.c": "約 4.1 億參數的草稿模型（每個權重 8.5 位元時 440 MB：[Q8_0 GGUF](https://graysoft.dev/models/sup/superbonyx-gemma-4-26b-a4b-it-qat-assistant-mtp-q8-0.gguf.html)）÷ 38 億活躍目標參數",
    # -- tour tab -------------------------------------------------------------------------------------------------
    "tour.intro": "# MTP 導覽\n十一個短章節，每章講一個觀念，全部使用預錄的範例：不必載入任何東西，也不會執行模型。按 **下一頁** 開始；也可以用 → 和 ← 翻頁。",
    "tour.next": "下一頁",
    "tour.back": "上一頁",
    "tour.try": "**動手試試：** {text}",
    "tour.check": "**自我檢查：** {text}",
    "tour.reveal": "顯示答案",
    "tour.answer": "**答案：** {text}",
    "tour.left": "只有目標模型",
    "tour.right": "加上 MTP 草稿模型",
    "tour.open_lab": "開啟「草稿長度實驗室」",
    "tour.open_experts": "開啟「用到的專家」視圖",
    "tour.ch1.title": "只有目標模型：每個詞元一次前向傳播",
    "tour.ch1.text": ("先從沒有草稿模型的情況看起。語言模型每次前向傳播只寫出一個詞元：這次傳播讀入目前為止的全部文字、選出下一個詞"
                      "元，下一次傳播才能開始。在這份紀錄裡，目標模型用了 {alone} 次傳播寫出 {tokens} 個詞元，每"
                      "次一條深藍色長條。就算是一句熟悉諺語的結尾這種很好猜的詞元，也和難猜的詞元一樣要花一整次傳播。"),
    "tour.ch1.try": "在 **逐步執行** 分頁，把草稿來源設為 *無（基準）*，按 **執行到底**，數一數時間軸上的長條。",
    "tour.ch1.q": "為什麼目標模型不能在寫第一個詞元的同一次傳播中，順便寫出第二個詞元？",
    "tour.ch1.a": "因為第二個詞元取決於第一個：選出它的那次傳播需要以第一個詞元作為輸入。目標模型單獨運作時，只能一次接一次地傳播。",
    "tour.ch2.title": "草稿模型根據目標模型的隱藏狀態猜 N 個詞元",
    "tour.ch2.text": ("現在加入一個小型草稿模型。目標模型每次傳播之前，它會一個接一個地猜接下來的 N 個詞元（第 {r"
                      "ound} 輪猜了 {drafted} 個，N = {n}）。它不是從零開始：它讀取目標模型最後一層的隱藏狀態（這"
                      "裡有 {hidden} 個數值），與最後一個詞元的嵌入串接起來，再用 pre_projection 把這 {concat} 個"
                      "數值投影到自己的寬度 {drafter_hidden}。猜下一個詞元時，它自己的輸出經過 post_projection 投"
                      "影回去，代替目標模型的隱藏狀態。"),
    "tour.ch2.try": "在 **逐步執行** 分頁按兩次 **單步**，看看「目標模型的隱藏狀態」視圖：裡面的每個尺寸都是從載入的模型讀出來的。",
    "tour.ch2.q": "一輪的第一個猜測，草稿模型結合了哪兩個輸入？",
    "tour.ch2.a": "目標模型在目前位置的最後隱藏狀態，以及最後一個詞元的嵌入。兩者串接後由 pre_projection 投影到草稿模型的寬度。",
    "tour.ch3.title": "目標模型一次傳播檢查所有猜測",
    "tour.ch3.text": ("目標模型不是逐一檢查猜測。它在一次前向傳播中讀入全部 {drafted} 個猜測，同時得到每個位置上自己的機率 "
                      "p。這個視圖把每個猜測的 p 和草稿模型的機率 q 並排呈現。在貪婪解碼下，只有當猜測正好是目標模型自己在該"
                      "位置會選的詞元時，才會被接受。"),
    "tour.ch3.try": "逐步看幾輪，比較時間軸上的兩條軌道：不論一輪裡有幾條淺藍色的草稿長條，深藍色的目標長條都只有一條。",
    "tour.ch3.q": "為什麼在一次傳播中檢查好幾個猜測，成本只比寫一個詞元多一點點？",
    "tour.ch3.a": "稠密模型在每個位置都使用相同的權重。在 GPU 上，一次傳播的時間主要花在載入這些權重，而權重只需為所有位置載入一次。",
    "tour.ch4.title": "接受一致的前綴，再加上目標模型自己的詞元",
    "tour.ch4.text": ("第 {round} 輪，草稿模型猜了 {drafted} 個詞元，目標模型同意前 {kept} 個。第 {f"
                      "irst_rejected} 個猜測是「{rejected_guess}」，但目標模型要的是「{target"
                      "_token}」，所以這個猜測和它之後的所有猜測都被捨棄。這一輪仍然以目標模型自己的一個詞元收尾，而且永遠如"
                      "此：驗證的那次傳播早已算出目標模型在第一個不同意位置上的機率分布，所以它在那裡的選擇不用額外花費。一輪加入的"
                      "詞元，絕不會比目標模型單獨運作時少。"),
    "tour.ch4.try": "在詞元串流中找出橘色 ↺ 詞元：那就是修正。深橘色、被劃掉的 ✗ 詞元在草稿中出現過，但從未寫出。",
    "tour.ch4.q": "草稿模型的第一個猜測就錯了。這一輪還會加入幾個詞元？",
    "tour.ch4.a": "一個：目標模型在該位置的修正。這一輪得到的就和目標模型單獨傳播一次一樣，代價是草稿模型那幾次短短的傳播。",
    "tour.ch5.title": "全部猜對時的額外詞元",
    "tour.ch5.text": ("第 {round} 輪，目標模型同意全部 {drafted} 個猜測。它的驗證傳播也算出了最後一個猜測之後那"
                      "個位置的機率分布，因此它會在那裡再加上自己的一個詞元，也就是額外詞元「{target_token}」。這一輪"
                      "只用一次目標模型傳播就寫出 {new} 個詞元。這樣的一輪之後，啟發式排程會讓草稿模型下次多猜"
                      " 2 個。"),
    "tour.ch5.try": ("逐步查看 *{actions_speak}*，找找藍色 ★ 詞元：每一個都是一輪"
                     "的結尾，而那一輪的每個猜測都被接受了。"),
    "tour.ch5.q": "猜 N 個詞元時，一輪最多能加入幾個詞元？",
    "tour.ch5.a": "N + 1 個：全部 N 個猜測再加上額外詞元。",
    "tour.ch6.title": "同一段文字，有草稿模型和沒有草稿模型",
    "tour.ch6.text": ("同一個提示跑了兩次，並排賽跑：上面只有目標模型，下面加上草稿模型，依錄製時量測到的速度重播。"
                      "兩邊寫出的 {tokens} 個詞元一字不差。在貪婪解碼下，每個被接受的猜測本來就是目標模型會選的詞元"
                      "，所以草稿模型改變的是文字出現的速度，而不是內容。改變的是次數：同樣 {tokens} 個詞元，目標模"
                      "型只傳播 {passes} 次，而不是 {alone} 次，因此{by_clock}，速度是單獨執行的 {ratio} 倍。"),
    "tour.ch6.try": "按空白鍵暫停或繼續賽跑，並改變慢動作倍數：速度改變了，數字卻不變。然後在 **賽跑** 分頁用你自己的提示比賽。",
    "tour.ch6.q": "開啟取樣之後，輸出仍然和目標模型完全一樣嗎？",
    "tour.ch6.a": "不會逐字相同，因為隨機取樣的結果不同；但它完全遵循目標模型的機率分布：第 10 章的接受規則讓每個詞元看起來就像目標模型自己抽出來的。",
    "tour.ch7.title": "KV 共享：草稿模型讀取目標模型的快取",
    "tour.ch7.text": ("草稿模型要猜得好，就得注意到整段文字，但它沒有自己的 KV 快取。它的 {drafter_layers} 層各自讀"
                      "取目標模型中同類型那一層的 KV：第 {sliding_layer} 層是目標模型最後一個滑動視窗層，第 {full_"
                      "layer} 層是最後一個全域注意力層。右邊是目標模型的快取，每驗證一個位置就增長一格；在第 {roun"
                      "d} 輪，被拒絕的猜測又被裁掉（{verified} → {after} 個位置）。"),
    "tour.ch7.try": "逐步走到有修正的一輪，看看快取長條上深橘色交叉斜線的部分：裁切會把它移除。",
    "tour.ch7.q": "草稿模型讀取目標模型的快取，省下了什麼？",
    "tour.ch7.a": "省下自己的一次預填和另一份 KV 副本：它從不自己讀提示，也不需要記憶體來存放快取。",
    "tour.ch8.title": "高效嵌入器與一次真實的叢集未命中",
    "tour.ch8.text": ("替詞彙表中全部 {vocab} 個詞元評分，會占掉小型草稿模型很大一部分的工作。所以它先替 {clusters"
                      "} 個由相似詞元組成的叢集評分（每個叢集一個中心點），只在最好的 {top_k} 個叢集裡找：大約是詞"
                      "彙表的 {share:.1%}。正確的詞元通常就在裡面。但在這個滿是數字的範例的第 {round} 輪，它不在：草稿"
                      "模型猜了「{miss_guess}」，目標模型要的是「{miss_wanted}」，而這個詞元所在的叢集，草稿模型根"
                      "本沒有開啟。"),
    "tour.ch8.try": ("在 **逐步執行** 分頁載入 *{tom_counted}*，開啟「叢集選擇」"
                     "，逐步前進，直到某個面板顯示「叢集未命中」。"),
    "tour.ch8.q": "叢集未命中會讓輸出出錯嗎？",
    "tour.ch8.a": "不會。它只浪費一個被拒絕的猜測：目標模型會檢查每個猜測，並在那個位置寫下自己的詞元。",
    "tour.ch9.title": "草稿要多長？交給排程決定",
    "tour.ch9.text": ("只有在猜測一直被接受時，較長的草稿才划算。第一次拒絕之後的每個猜測都白費了：草稿模型為它跑了一次傳播，目標模型也白白檢查了它。在出人意料的文字上，長草稿的成本高過它省下的；短草稿浪費得少，"
                      "但也贏不了多少。啟發式排程會邊走邊調整 N：整輪都猜對就 +2，有任何拒絕就 −1。在這個範例中，N 從 {n_first} 降到 {n_min}，目標模型每次傳播產生 {mean} "
                      "個詞元（所有新詞元除以所有傳播，含讀取提示的那次）。"),
    "tour.ch9.try": "在 **逐步執行** 分頁，把排程設為 *固定*、N 設為 8，點範例 *{counting}*，再按 **執行到底**；然後和啟發式排程比較每次目標傳播產生的詞元數。",
    "tour.ch9.q": "草稿模型在一段文字上很準，在另一段上很差。排程會把 N 帶往哪裡？",
    "tour.ch9.a": "在簡單的文字上，每次整輪猜對就加 2；在困難的文字上，每次拒絕就減 1，最少到 1。",
    "tour.ch10.title": "取樣：u 對上 min(1, p/q)，以及殘差分布",
    "tour.ch10.text": ("開啟取樣後，草稿模型從自己的機率分布 q 中抽出猜測。目標模型以 min(1, p/q) 的機率接受一"
                       "個猜測：它抽一個介於 0 和 1 之間的隨機數 u，u 落在這道門檻以下就接受。在第 {round} 輪，"
                       "第 {first_rejected} 個猜測的 p = {p}、q = {q}，所以門檻是 {accept}；u 抽到 {u}，於是這"
                       "個猜測被拒絕。替代的詞元從殘差分布 norm(max(0, p − q)) 中抽出，也就是草稿模型沒有涵蓋到"
                       "的那部分機率。兩個步驟合起來，產生的詞元分布就和目標模型自己取樣完全相同。"),
    "tour.ch10.try": "在 **逐步執行** 分頁開啟 *取樣*，換一個種子再執行一次：文字會變，規則不變。",
    "tour.ch10.q": "某個猜測的 p = 0.6、q = 0.3。它被接受的機率是多少？",
    "tour.ch10.a": "一定接受：min(1, 0.6 / 0.3) = 1。只有草稿模型比目標模型更有把握的猜測（q > p）才可能被拒絕。",
    "tour.ch11.title": "混合專家模型：為什麼 MTP 在這裡幫助較小",
    "tour.ch11.text": "{plain}\n\n下圖是內建的迷你混合專家模型在第 {round} 輪檢查一份草稿：它的 {positions} 個位置每層平均用了 {distinct} 個不同的專家，而單一詞元只用 k = {k} 個。",
    "tour.ch11.more": "到目前為止，目標模型都是稠密模型：每個詞元都經過同一組權重，所以在一次傳播中檢查 {most} 個猜測只讀一次權重，成本幾乎和一個詞元差不多。像 Gemma 4 26B A4B 這樣的混合專家目標模型，每層會把每個詞元送進 {E26} 個專家中的 {k26} 個，而不同詞元會選不同的專家。{moe}\n\n{mini}{positions} 個位置在 {E} 個專家中隨機挑選時約用 {expected} 個。",     # behind "More" under the chapter
    "tour.ch11.try_experts": "這是迷你混合專家模型在檢查一份草稿：比較每一層為整份草稿用到多少個不同的專家，和單一詞元只用到的 k 個。",
    "tour.ch11.q": "為什麼在混合專家模型上，MTP 在大批次時比較划算？",
    "tour.ch11.a": "許多序列的詞元會選到重疊的專家，所以每個專家的權重載入一次就能服務很多詞元。批次大小為 1 時，多出來的猜測常常需要別人都用不到的專家。",
    # -- glossary (every tab) -------------------------------------------------------------------------------------
    "glossary.title": "詞彙表",
    "glossary.target": "**目標模型（target）**：我們想要它的輸出的大型模型；每個詞元都由它做最後決定。",
    "glossary.drafter": ("**草稿模型（drafter，transformers 稱為 assistant）**：小而快的模型，替目標模型先猜接"
                         "下來的詞元，再交給目標模型檢查。Gemma 4 的草稿模型有 4 層，建立在目標模型的隱藏狀態"
                         "之上。"),
    "glossary.mtp": "**多詞元預測（MTP）**：Gemma 4 的草稿模型設計：目標模型一次傳播就產生好幾個詞元，也就是被接受的猜測加上目標模型自己的一個。",
    "glossary.speculative": "**推測式解碼**：讓便宜的模型先往前猜，再由昂貴的模型檢查；輸出仍然是昂貴模型的輸出。",
    "glossary.token": "**詞元（token）**：模型一步讀入或寫出的一小段文字（一個字、一個詞、詞的一部分或一個符號）。",
    "glossary.forward_pass": "**前向傳播（forward pass）**：模型對輸入跑一次；對目標模型來說，一次傳播會在它讀入的每個位置給出下一個詞元的機率。",
    "glossary.draft": "**草稿（draft）**：草稿模型在一輪中猜的 N 個詞元；N 就是 num_assistant_tokens。",
    "glossary.round": "**輪（round）**：產生草稿、驗證、接受一致的部分、加上目標模型的詞元。第 0 輪是預填，目標模型在這一輪讀入提示。",
    "glossary.verification": "**驗證（verification）**：目標模型為一輪的所有猜測評分、決定接受哪些的那一次傳播。",
    "glossary.acceptance_length": "**接受長度（acceptance length）**：一輪加入的詞元數，也就是被接受的猜測數加上目標模型自己的一個詞元。",
    "glossary.correction": "**修正（correction）**：目標模型在第一個被拒絕的猜測位置寫下的自己的詞元；之後的草稿全部捨棄。",
    "glossary.bonus": "**額外詞元（bonus token）**：一輪的所有猜測都被接受時，目標模型再多加的那一個詞元。",
    "glossary.kv_cache": "**KV 快取**：過去各位置的鍵（K）與值（V），每層各存一份，新的傳播就不必重新計算。Gemma 4 的草稿模型直接讀取目標模型的 KV 快取，自己不存。",
    "glossary.attention": "**滑動視窗／全域注意力層**：滑動視窗層只看最近的幾個位置；全域（完整）注意力層看所有位置。",
    "glossary.hidden_state": "**隱藏狀態（hidden state，也稱 activations）**：某一層在某個位置輸出的向量；目標模型最後一層的隱藏狀態總結了目前為止的文字，並提供給草稿模型。",
    "glossary.embedding": "**嵌入（embedding）**：詞元進入第一層之前轉換成的向量；草稿模型與目標模型共用嵌入表。",
    "glossary.cluster": ("**中心點／叢集（centroid / cluster）**：高效嵌入器把相似的詞元分成叢集，每個叢集有一個中"
                         "心點向量；草稿模型先替中心點評分，再只看最好的幾個叢集裡的詞元。"),
    "glossary.cluster_miss": "**叢集未命中（cluster miss）**：目標模型要的詞元落在草稿模型沒有選中的叢集裡，所以那個猜測不可能正確。",
    "glossary.schedule": "**排程（schedule）**：N 在各輪之間如何變化。啟發式：整輪被接受就 +2，有拒絕就 −1；固定：不變。",
    "glossary.moe": "**混合專家（MoE）／專家**：一種模型，其層中有許多稱為專家的子網路，每個詞元只經過其中少數幾個；不同詞元可能用到不同的專家。",
    "glossary.n": ("**N（草稿長度；Leviathan 等人寫作 γ）**：一輪中草稿模型最多可以猜幾個詞元（transformers 稱為 num"
                   "_assistant_tokens）；排程可以在兩輪之間改變 N。"),
    "glossary.alpha": ("**α（接受率）**：在前面的猜測都被接受的前提下，目標模型接受下一個猜測的機率。實驗室用實測的各"
                       "輪擬合出 α，成本模型再由它預測每次目標傳播產生 (1 − α^(N+1)) / (1 − α) 個詞元。"),
    "glossary.c": "**c（成本比）**：草稿模型一次傳播的時間除以目標模型一次傳播的時間。c 越小，多猜幾個就越划算。",
    "glossary.v": ("**v（驗證成本）**：目標模型檢查 N + 1 個詞元的那一次傳播所花的時間，除以只處理一個詞元的傳播時間"
                   "。批次大小為 1 的稠密模型約為 1，因為一次傳播不論帶多少詞元都只讀一次權重；混合專家模型則比較大，"
                   "因為不同的詞元會挑不同的專家。"),
    "glossary.measure_again": ("**重新量測**：在這台伺服器上，用同樣的提示和設定重新執行一次，看看時間會變動多少；文"
                               "字不變，只有時間會變。"),
    "glossary.one_by_one": ("**「逐一檢查？」（時間軸）**：時間軸最下面一條加框的長條：如果每個詞元都要一次自己的目標"
                            "傳播，這一輪的檢查要花多少時間（N + 1 次單一詞元傳播，載入模型時量測），對照實際上一次就"
                            "檢查完全部詞元的那一次傳播。"),
    # -- figures --------------------------------------------------------------------------------------------------
    "fig.experts.title": "用到的專家",
    "fig.experts.short": "混合專家目標模型只讀取詞元選中的專家。一次檢查 N + 1 個詞元，選中的專家比單一詞元多得多，所以驗證傳播要讀更多權重。左上：這一輪的傳播在每一層用了哪些專家；其他面板按輪次和批次大小計算這份成本。",
    "fig.experts.what": ("一個詞元只需要每層少數幾個專家。一次驗證一份草稿，也就是同時驗證 N + 1 個詞元，就需要多得多的專家，因為每個詞元各自挑選。批次大小為 1 "
                         "時，讀取這些額外權重所花的時間，和草稿省下的時間差不多。在混合專家目標模型中，每一層的路由器會把每個詞元送到 E 個專家中的 k "
                         "個，只有這些專家的權重會被讀取。左上：這一輪的目標傳播中，有多少位置（最後確定的詞元和每個草稿）被送到各層的各個專家。右上：每次驗證傳播中，一層用到幾個不同的專家，對照 "
                         "k（一個詞元的專家數）以及 E·(1 − (1 − k/E)^T)，也就是 T = N + 1 個位置隨機選擇時會碰到的數量（對 E 個專家中的每一個，算出 T "
                         "個位置中至少有一個挑中它的機率，再全部加起來）。左中：這次傳播讀取的權重，含共用部分和用到的專家，對照單一詞元的一步；每根長條上方的數字就是 "
                         "v，即這次驗證以單一詞元步驟計的成本。右中：Leviathan 等人的成本模型為每一輪預測的加速，tokens / (N·c + v)，其中 v = "
                         "1（驗證和一步一樣便宜，對批次大小為 1 的稠密模型大致成立），或 v 取實測值，即讀取的位元組數除以單一詞元一步的位元組數。下方：不同提示的預錄紀錄並排解碼，B = "
                         "1、2、4、8：每層每次傳播用到的專家聯集，以及每生成一個詞元讀取的專家位元組數，有草稿和沒有草稿各一。批次大小為 1 時，各草稿用到的專家重疊很少，所以驗證 N + 1 "
                         "個詞元要讀取的專家權重是一步的好幾倍，加速因此縮小。序列越多，一般解碼本來就會讀取許多專家，草稿多用到的專家相對就比較少。右下方的長條顯示每生成一個詞元時，產生草稿在各個 B "
                         "下讀取的專家位元組是多還是少。26B A4B 的權重大多在專家裡，實驗室的 26B A4B 預設組合和導覽第 11 章用它的真實大小做了同樣的計算。"),
    "fig.experts.dense": ("這個目標模型是稠密模型：每個詞元都會經過它的全部權重，所以沒有專家可數。在「模型」中選擇"
                          "「{moe}」來看混合專家版的 Gemma 4。"),
    "fig.experts.heading": "用到的專家，第 {i} 輪：路由了 {positions}，每層各送到 E = {E} 個專家中的 k = {k} 個",
    "fig.experts.grid": "本輪送到各專家的位置數",
    "fig.experts.distinct": "每次驗證時每層用到的不同專家數",
    "fig.experts.bytes": "每次驗證傳播讀取的權重（× 單一詞元的一步）",
    "fig.experts.speedup": "每輪預測的加速",
    "fig.experts.batch_union": "批次：每層每次傳播用到的專家數",
    "fig.experts.batch_bytes": "批次：每生成一個詞元讀取的專家權重",
    "fig.experts.no_rounds": "預填階段還沒有驗證：請前進到第 1 輪",
    "fig.experts.no_batch": "這個模型沒有預錄的批次紀錄",
    "fig.experts.hover.grid": "第 %{y} 層，專家 %{x}：%{z} 個位置<extra></extra>",
    "fig.experts.legend.positions": "位置數",
    "fig.experts.legend.distinct": "不同專家數（各層平均）",
    "fig.experts.legend.expected": "若路由是隨機的",
    "fig.experts.legend.k": "單一詞元：k = {k}",
    "fig.experts.legend.verify_bytes": "驗證傳播",
    "fig.experts.legend.step_bytes": "單一詞元的一步",
    "fig.experts.legend.free": "驗證成本等於一步",
    "fig.experts.legend.costed": "驗證成本等於其讀取的位元組數",
    "fig.experts.legend.with": "有草稿（每個序列 N + 1 個位置）",
    "fig.experts.legend.without": "沒有草稿（每個序列 1 個詞元）",
    "fig.experts.axis.expert": "專家",
    "fig.experts.axis.layer": "層",
    "fig.experts.axis.experts": "專家數",
    "fig.experts.axis.round": "輪次",
    "fig.experts.axis.kb": "權重（共用 + 專家，kB）",
    "fig.experts.axis.kb_token": "每生成一個詞元的 kB",
    "fig.experts.axis.speedup": "相對一般解碼的倍數",
    "fig.experts.axis.batch": "並排的序列數（B）",
    "fig.experts.verify_cost": "；到第 {i} 輪為止，每次驗證平均讀取 {v:.2f} 個單一詞元步驟的權重",
    # -- public: policy, limits and errors ------------------------------------------------------------------------
    "public.model_info": "這台伺服器提供的模型",
    "public.model_refused": ("這台伺服器只執行這些模型：{allowed}。請在「模型」中選擇其中一個；這裡停用了其他 Hub ID"
                             " 和資料夾。若要載入任何 Gemma 4 檢查點，請在自己的電腦上執行這個應用程式（見 README）"
                             "。"),
    "public.nothing_allowed": "無（伺服器的 MTP_VIZ_MODELS 沒有列出任何模型）",
    "public.bad_hub_id": "「{ident}」既不是 Hugging Face 模型 ID（擁有者/名稱，例如 google/gemma-4-E2B-it），也不是本機資料夾。",
    "public.prompt_empty": "提示是空的：請輸入一些文字再繼續。",
    "public.prompt_too_long": "提示有 {n} 個字元；這台伺服器最多接受 {limit} 個。請縮短後再試一次。",
    "public.over_limit": "{name} 為 {value}；這台伺服器最多允許 {limit}。請選擇較小的值。",
    "public.loading": "仍在載入 {model}（第一次可能需要幾分鐘）。請稍後再按一次按鈕；其他人在這段期間可以照常使用。",
    "public.busy": "伺服器正在載入 {other}，而且一次只載入一個模型。請過一分鐘再試 {model}，或使用已經載入的模型。",
    "public.worker_lost": "產生你這段文字的程序在完成前停止了兩次（伺服器的記憶體可能不足）。新的程序正在啟動，請過幾秒再試一次。",
    "public.no_tokenizer": "{model} 已載入，但它的分詞器沒有（{error}）；應用程式需要分詞器才能讀取提示。請確認檢查點含有分詞器檔案。",
    "load.kind.target": "目標模型",
    "load.kind.assistant": "草稿模型",
    "load.not_found": ("{kind}「{ident}」不是本機資料夾，也不在本機的 Hugging Face 快取裡（離線模式：HF_HUB_OFFLINE=1；"
                       "請先用 `hf download` 下載）：{error}"),
    "load.failed": "無法載入{kind}「{ident}」：{error}",
    "load.vocab_mismatch": ("草稿模型的詞彙表（{assistant} 個詞元）和目標模型的（{targe"
                            "t} 個詞元）不一樣；這裡的推測式解碼需要兩者共用同一個詞彙表。"),
    "load.miniature_missing": "內建的 {name} 不在 {folder} 裡；請用 `python -m mtp_viz.training --pair {name}` 重新建立。",
    "load.no_draft_model": "內建的 {name} 沒有名為「{assistant}」的獨立小模型；內建的組合只有：{pairs}。",
    "load.no_model": "沒有指定模型：請輸入 Hub ID（例如 google/gemma-4-E2B-it）或本機資料夾。",
    "public.proposer.no_draft_model": ("草稿來源「獨立小模型」需要另一個小模型替目標模型猜測，而這台伺服器沒有給 {m"
                                       "odel} 用的獨立小模型。請在「草稿來源」中改選 MTP、提示查找或無{instead}。"),
    "public.proposer.instead": "，或改用附有獨立小模型的模型 {targets}",
    "public.proposer.name_assistant": ("草稿來源「獨立小模型」需要另一個詞彙表相同的小模型，填在「草稿模型」欄位：{"
                                       "model} 隨附的是 MTP 草稿模型，要讀取目標模型的隱藏狀態，無法獨自猜測。請在那"
                                       "裡填入一個，或改選 MTP。"),
    "public.error.memory": "伺服器處理這個請求時記憶體不足。請減少新詞元數或改用較小的模型；如果一直發生，請告知應用程式的管理者。",
    "public.error.os": "伺服器無法讀寫所需的檔案（詳情見伺服器日誌）。請稍後再試；如果一直發生，請告知應用程式的管理者。",
    "public.error.other": "伺服器發生錯誤（{kind}）；詳情記錄在日誌中。請再試一次，或換個設定；如果一直發生，請告知應用程式的管理者。",
    "public.trace.too_large": "檔案有 {size:,} 位元組；紀錄最多只能有 {limit:,} 位元組",
    "public.trace.too_deep": "這個 JSON 的巢狀層數超過 {limit} 層；紀錄不會這麼深",
    "public.trace.not_json": "不是 JSON（{error}）",
    "public.trace.not_finite": "內容包含 {value}，這不是 JSON 允許的數字",
    "public.trace.field": "{field}：{problem}",
    "public.trace.version": "這個版本無法讀取結構描述版本 {version}（支援：{supported}）",
    "public.trace.invalid": "不是紀錄：{problem}",
    "public.trace.not_utf8": "不是 JSON（不是 UTF-8 文字：{reason}）",
    "public.trace.not_object": "不是 JSON（這個 JSON 不是物件）",
    "public.trace.versions": "{low} 到 {high}",
    "public.trace.same_length": "{a} 和 {b} 的長度必須相同",
    "public.trace.too_many_kept": "num_accepted（{kept}）多於 {drafts} 個草稿",
    "public.trace.too_many_emitted": "輸出 {emitted} 個詞元，多於已接受的 {kept} 個草稿再加一個",
    "public.trace.kept_first": "emitted_token_ids 的開頭不是已接受的草稿",
    "public.trace.too_many_steps": "{name} 有 {steps} 筆資料，但只有 {drafts} 個草稿",
    "public.trace.step_order": "{name}[].step 必須依序為 0、1、2……",
    "public.trace.verify_draft": "某個驗證步驟的 draft_token_id 與該位置的草稿不同",
    "public.trace.layer_types": "target_layer_types 有 {types} 筆資料，但模型有 {layers} 層",
    "public.trace.kv_source": "kv_source_layers[{kind}] = {layer} 不在目標模型的 {layers} 層之中",
    "public.trace.why_values": "device_why[{i}]（{reason}）的值是 {values}，而不是 {names}",
    "public.trace.why_kinds": "device_why[{i}]（{reason}）：where 須為 'ram' 或 'gpu'，threads 須為整數",
    "public.trace.round_index": "rounds[{i}].index 是 {index}；回合必須依序編號為 0、1、2……",
    "public.trace.prefill": "rounds[0] 必須是預填（沒有草稿，last_token_kind 為 'prefill'）",
    "public.trace.proposer": "settings.proposer {asked} 不是實際執行的草稿來源（model_info.proposer {ran}）",
    "public.trace.emitted": "各回合輸出的 {emitted} 個詞元與 new_token_ids（{new} 個詞元）不符",
    "public.trace.vocabulary": "{where} 含有詞元 ID {token}，超出 {vocab} 的詞彙表",
    # -- memory check before a real load, and the lab's "From your server" panel (issue 20) ---------------------
    "memory.where.ram": "記憶體（RAM）",
    "memory.where.gpu": "GPU 記憶體",
    "memory.reason.fits": "{dtype}：{need:.1f} GB，放得進可用的 {free:.1f} GB {where}",
    "memory.reason.fallback": "改用 {dtype}，因為 {first}（{need:.1f} GB）放不進可用的 {free:.1f} GB {where}",
    "memory.refused": ("{model} 在這台機器上放不下：即使用 {dtype}，也需要約 {need:.1f} GB（{need_bytes:,} 位元組："
                       "權重再加 20% 執行所需），但可用的{where}只有 {free:.1f} GB（{free_bytes:,} 位元組）。"
                       "請選較小的模型，或在記憶體更多的機器上執行這個應用程式。"),
    "server.title": "來自你的伺服器：真實 vLLM 或 SGLang 伺服器的接受率",
    "server.intro": ("在一段工作負載之前和之後，各複製一次你伺服器 **/metrics** 頁面的文字（或上傳這兩個檔案）。"
                     "這個面板會把兩者相減，並把你的伺服器實測到的數字放到實驗室的成本模型上。vLLM 會計算草稿輪數、"
                     "草稿詞元數、被接受的詞元數，以及每個草稿位置的接受情況；SGLang 只回報最近幾批的接受長度與接受率。"
                     "這裡不會執行任何模型，你貼上的內容也不會離開這個頁面。"),
    "server.before": "工作負載之前：/metrics 文字（可省略）",
    "server.after": "工作負載之後：/metrics 文字",
    "server.upload_before": "上傳第一頁",
    "server.upload_after": "上傳第二頁",
    "server.url": "或讀取伺服器的 /metrics 網址（僅限本機模式）",
    "server.url_public": "這個伺服器不讀取任何網址（公開模式）：請改為貼上或上傳文字。",
    "server.fetch_before": "把網址內容讀進第一個框",
    "server.fetch_after": "把網址內容讀進第二個框",
    "server.c": "c：在你的伺服器上，草稿模型傳播時間 ÷ 目標模型傳播時間",
    "server.preset": "或採用一組有出處的 Gemma 4 模型的 c",
    "server.gamma": "伺服器使用的 N（SGLang：--speculative-num-steps；0 = 自動推算）",
    "server.read": "讀取數字",
    "server.preset_note": "{name} 的 c = {c:.3f}：{source}（推估，非實測）。",
    "server.url_read": "已從 {url} 讀取 {size:,} 個字元。",
    "server.summary.title": "**{engine} · {model}**：{window}",
    "server.window.diff": "你兩個頁面之間的這段區間",
    "server.window.start": "伺服器啟動以來的全部累計（只有一個頁面）",
    "server.window.gauges": "你第二個頁面當下的 SGLang 量測值（gauge）",
    "server.table.header": "| | 在你的伺服器上實測 |\n| --- | --- |",
    "server.row.counts": "| 有草稿的輪數 · 草稿詞元數 · 被接受的詞元數 | {value} |",
    "server.row.rate": "| 接受率（被接受 ÷ 草稿） | {value:.1%} |",
    "server.row.rate_missing": "| 接受率 | {reason} |",
    "server.row.length": "| 平均接受長度（每輪接受的猜測 + 目標模型自己的一個詞元），也就是只算有草稿的輪次時，每次目標傳播的詞元數 | {value:.2f} |",
    "server.row.length_missing": "| 平均接受長度 | {reason} |",
    "server.row.positions": "| 位置 1 到 {n} 的接受情況 | {value} |",
    "server.row.positions_missing": "| 各位置的接受情況 | {reason} |",
    "server.row.gamma": "| 伺服器使用的 N | {value}（{source}） |",
    "server.row.alpha": "| α，用實驗室的方法擬合 | {value:.3f}（{source}） |",
    "server.row.best": ("| **預測**：c = {c:.3f} 時的最佳 N | {value}：每次目標傳播 {tokens:.2f} 個詞元，速度為沒有"
                        "草稿模型時的 {speedup:.2f} 倍 |"),
    "server.unsupported": "SGLang 沒有回報",
    "server.not_on_page": "這個頁面上沒有",
    "server.gamma.counters": "草稿詞元數 ÷ 輪數",
    "server.gamma.positions": "計數的位置個數",
    "server.gamma.entered": "依你輸入的值",
    "server.gamma.implied": "由兩個量測值推得：（長度 − 1）÷ 接受率",
    "server.alpha.positions": "根據各位置的接受情況",
    "server.alpha.rate": "根據這個 N 下的接受率",
    "server.alpha.length": "根據這個 N 下的平均接受長度",
    "server.note.reset": ("計數器重設：{names} 在你兩個頁面之間變小了，表示伺服器中途重新啟動過。"
                          "這段區間只計算重新啟動之後的數字（也就是你的第二個頁面）。"),
    "server.note.others": "這個頁面上有不只一個使用草稿的模型；這些數字屬於 {model}。",
    "server.note.no_draft_tokens": "這個頁面沒有草稿詞元的計數器，所以沒有接受率。",
    "server.note.no_positions_vllm": ("這個 vLLM 頁面沒有各位置的計數器"
                                      "（vllm:spec_decode_num_accepted_tokens_per_pos）：α 改由接受率推得。"),
    "server.note.no_positions_sglang": "SGLang 不回報各位置的接受情況，所以那張圖會是空的。",
    "server.note.gauges": "SGLang 的量測值描述的是最近幾批，而不是一段區間：不做相減，也不需要第一個頁面。",
    "server.note.need_gamma": "請輸入伺服器使用的 N（它的 --speculative-num-steps），才能擬合 α 並做預測。",
    "server.error.empty": "請先在第二個框貼上（或上傳）一個 /metrics 頁面。",
    "server.error.too_large": "這段文字有 {size:,} 個字元；單一伺服器的 /metrics 頁面遠小於此（這裡最多 {limit:,}）。",
    "server.error.not_prometheus": "這不是 Prometheus 文字（{error}）。請複製伺服器 /metrics 網址顯示的整個頁面。",
    "server.error.no_spec": ("這個 Prometheus 頁面沒有推測式解碼的指標：既沒有 vLLM 的 vllm:spec_decode_* 計數器，"
                             "也沒有 SGLang 的 sglang:spec_accept_* 量測值。"),
    "server.error.no_spec.vllm": "這個 vLLM 頁面沒有 vllm:spec_decode_* 計數器：伺服器啟動時有加上 --speculative-config 嗎？",
    "server.error.no_spec.sglang": ("這個 SGLang 頁面沒有 sglang:spec_accept_length 或 sglang:spec_accept_rate："
                                    "伺服器啟動時有加上 --speculative-algorithm 嗎？"),
    "server.error.different": "這兩個頁面來自不同的伺服器（{before} 和 {after}）。",
    "server.error.no_drafts": "你兩個頁面之間沒有任何草稿：取得第一個頁面後先送出一些請求，再取第二個頁面。",
    "server.error.no_drafts_ever": "伺服器還沒有產生過任何草稿：請先送出一些請求。",
    "server.error.missing": "這個頁面缺少 {name}，而這些數字需要它。",
    "server.error.public_url": "這個伺服器不讀取任何網址（公開模式），也沒有發出任何請求：請改為貼上或上傳 /metrics 文字。",
    "server.error.url_scheme": "只讀取 http:// 和 https:// 開頭的網址。",
    "server.error.url": "無法讀取 {url}：{error}",
    "server.error.file": "無法讀取這個檔案：{error}",
    "server.title.curves": "你的伺服器放在成本模型上（c = {c:.3f}）",
    "server.title.acceptance": "你的伺服器上各草稿位置的接受情況（N = {n}）",
    "server.no_data": "貼上一個 /metrics 頁面，再按「讀取數字」。",
    "server.legend.measured": "在你的伺服器上實測（N = {n}）",
    "server.legend.predicted": "預測，α = {alpha:.2f}",
    "server.legend.predicted_speedup": "預測，α = {alpha:.2f}，c = {c:.3f}",
    "server.legend.miniature": "本應用程式的迷你模型：預測，α = {alpha:.2f}",
    "server.legend.positions": "在你的伺服器上實測",
    "server.legend.alpha_k": "預測：α^k，α = {alpha:.2f}",
    "server.what.short": ("深橘色的點是你的伺服器實測到的數字：在它使用的 N 下，每次目標傳播產生的詞元數。藍色曲線是"
                          "實驗室的成本模型，用從你伺服器擬合出的 α 和你選的 c，對每個 N 做的預測。"
                          "長條是前 k 個草稿全部被接受的輪數比例，與 α^k 對照。"),
    "server.what": ("深橘色的點是你的伺服器實測到的數字：在它使用的 N 下，每次目標傳播產生的詞元數（1 + 每輪被接受的草稿數）。"
                    "藍色曲線是實驗室的成本模型，用從你伺服器擬合出的 α 和你選的 c，對每個 N 做的預測："
                    "每次傳播的詞元數 (1 − α^(N+1)) / (1 − α)，以及除以 (N·c + 1) 後的加速，最佳 N 以星號標示。"
                    "長條是前 k 個草稿全部被接受的輪數比例，與 α^k 對照。伺服器的多個批次共用每次目標傳播，"
                    "所以實際加速也取決於負載；這裡的預測是一次只處理一個序列的情況。"),
    # -- 加速倍數：用哪一種時鐘、是哪一個數字（issue 27，第 4 項） -------------------------------------------
    "speed.clock.cpu": "以 CPU 時鐘（產生文字的執行緒所用的 CPU 時間，不會被其他訪客的工作拉長）",
    "speed.clock.wall": "以實際經過時間（這台伺服器上其他訪客的工作會讓它變慢）",
    "speed.by.priced": "以這組模型的傳播成本計，也就是這個提示在每個畫面上的同一個數字",
    "speed.shared": ("這次生成與{others}一起執行：同一時刻在等待的請求，伺服器會把它們的前向傳播合併成一次，就像 vLLM "
                     "等推論服務系統的做法，讓整個班級更快拿到結果。因此這次生成自己的時鐘也包含了其他生成的工作（以實際經過時間計，每個詞元 {ms_token:.2f} "
                     "毫秒，包含等待時間）；上面的加速倍數來自它的傳播次數，合併執行不會改變這些次數。"),
    "unit.other_generation.one": "其他訪客的 {n} 次生成",
    "unit.other_generation.other": "其他訪客的 {n} 次生成",
    "speed.here.sweep": ("這些加速倍數是掃描中各提示的平均，{clock}量測；統計那一行和賽跑量測的是單一提示，"
                         "而真正 Gemma 4 模型組的數字是推估值，並非實測。"),
    "speed.here.projected": ("這個加速倍數是根據公開數據為真正的 Gemma 4 模型組推估的，並非實測；統計那一行、賽跑"
                             "和實驗室量測的都是這台伺服器上的迷你模型。"),
    "race.note.measured_cpu": ("量測方式：兩次產生都在這台伺服器上執行，先單獨執行目標模型，再加上草稿模型。每一輪的時"
                               "間是產生文字的執行緒實際花在這一輪上的 CPU 時間（產生草稿、驗證傳播、取樣，以及這些工"
                               "作之間的整理），所以這台共用伺服器上其他訪客的工作不會拉長它；重播就依這個速度進行。"),
    "race.note.cached_when": "這場完全相同的賽跑先前已在這台伺服器上跑過（{when}），這裡重播的是當時記錄的傳播；重新執行會數到同樣的傳播，結果也會一樣。",
    "race.js.clock_cpu": "時鐘（CPU 毫秒）：",
    "speed.headline": ("**使用{drafter}，這個提示在這裡寫得快 {ratio:.2f} 倍**（{n} 次傳播計時之間為 {low:.2f}–{high:.2f} 倍）：{tokens} 個詞元用了 "
                       "{passes} 次目標模型傳播和 {steps} 步草稿，而目標模型單獨執行時每個詞元都要一次傳播。"),
    "speed.basis": ("傳播次數是精確數出來的，再以這組模型的傳播成本計價（單一詞元傳播為 {one:.1f} 毫秒 CPU 時間），成本於 {when} 在 {machine} "
                    "上量測；所以每個畫面、每次造訪都得到這個數字。"),
    "speed.basis.here": ("傳播次數是精確數出來的，再以這組模型的傳播成本計價（單一詞元傳播為 {one:.1f} 毫秒 CPU 時間），成本於 {when} "
                         "在這台伺服器上量測；所以每個畫面、每次造訪都得到這個數字。"),
    "speed.basis.own": "這組模型沒有校準過的傳播成本，所以它的傳播以這次執行自己的時間計價（{clock}）；換一次執行會略有不同。",
    "speed.live": ("這次執行自己的時鐘（{live}）：每個詞元 {ms_token:.1f} 毫秒 CPU 時間，單一詞元傳播則是 {one:.1f} 毫秒，也就是 {x:.2f} "
                   "倍。單次執行的時間會隨伺服器負載變動，上面的主要數字不會。"),
    "speed.live.now": "剛剛量測",
    "speed.live.recorded": "記錄於 {when}",
    "speed.alone": "這是目標模型單獨執行，每個詞元一次傳播：這裡每個加速倍數的比較基準（以這組模型的傳播成本計，每次傳播 {one:.1f} 毫秒 CPU 時間）。",
    "race.note.priced": "計時方式：兩次生成都在這台伺服器上執行，兩條跑道以這組模型的傳播成本重播精確數出的傳播（成本於 {when} 在 {machine} 上量測），所以每次造訪和導覽中的賽跑都一樣。",
    "lab.title.speedup.cpu": "加速倍數與 N 的關係：CPU 時間，實測（c = {c:.2f}）",
    "lab.progress": "{proposer} · {schedule} · N = {n}",
    "lab.what.drop": ("在這次掃描中，實測的加速倍數在 N = {best} 時最高（{peak:.2f} 倍），到 N = {low_n}"
                      " 時降到 {low:.2f} 倍：超過最佳的 N 之後，每多一個猜測就要多一次草稿模型傳播和更長"
                      "的驗證，而它被接受的小小機會已經不值這個代價。"),
    "lab.what.no_drop": ("在這次掃描中，實測的加速倍數在量測到的最大 N（N = {best}，{peak:.2f} 倍）時仍然最高："
                         "加入更大的 N，才能看到更長的草稿從哪裡開始得不償失。"),
    "lab.best.agree": "最佳 N 為 {n}：實測、曲線預測和下方「假如」曲線都一致。",
    "lab.best.differ": "最佳 N：實測為 {measured}（星號），預測為 {predicted}（點線），下方「假如」曲線用這次掃描的 α 和 c 得到 {what_if}。",
    "lab.best.why_alpha": ("曲線對每個 N 都用同一個 α = {alpha:.2f}，但各列實測的 α 在 N = {n_lo} 時是 {alpha_lo:.2f}，在 N = {n_hi} 時是 "
                           "{alpha_hi:.2f}：長草稿被接受的猜測比單一 α 預期的少。"),
    "lab.best.why_v": ("曲線按實測計入驗證傳播的成本，N = {n_lo} 時 v = {v_lo:.2f} 次單一詞元傳播，N = {n_hi} 時 {v_hi:.2f} 次；"
                       "「假如」曲線則照論文取 v = 1，所以找到的最佳 N 不同。"),
    "lab.best.heuristic": "N = {n} 的菱形（{x:.2f} 倍）高於星號（{peak:.2f} 倍），因為啟發式排程每輪都會改變 N：整輪猜對就拉長，有拒絕就縮短；星號只比較固定的 N。",
    "tour.ch9.drop": ("實驗室在這個迷你模型上錄下的掃描（右圖）量測到了這一點：加速倍數在 N = {best} 時最高（{peak} 倍），"
                      "到 N = {low_n} 時降到 {low} 倍，草稿長到超過草稿模型猜得中的範圍。"),
}
