"""German texts, keyed as in en.py. Knows no code; terms follow the seeds' German document.

Terms: Entwurfsmodell, Zielmodell, spekulative Decodierung, Entwurfstokens, Vorwärtsdurchlauf, Aktivierungen,
Embedding, KV-Cache, Cluster / Zentroid, Mixture of Experts (MoE). Sie-form; decimals with a comma in prose.
"""
STRINGS: dict[str, str] = {
    # -- app ------------------------------------------------------------------------------------------------------
    "app.title": "Spekulative Decodierung mit MTP, Schritt für Schritt",
    "tab.step": "Schritt für Schritt",
    "tab.tour": "Geführte Tour",
    "model.miniature": "Miniatur wie E2B (mitgeliefert)",
    "model.miniature-shallow": "flache Miniatur (mitgeliefert)",
    "model.miniature-moe": "MoE-Miniatur (mitgeliefert)",
    "model.e2b": "Gemma 4 E2B + Entwurfsmodell",
    "model.e4b": "Gemma 4 E4B + Entwurfsmodell",
    "model.31b": "Gemma 4 31B + Entwurfsmodell",
    "model.26b": "Gemma 4 26B A4B (MoE) + Entwurfsmodell",
    "tab.race": "Wettrennen",
    "common.complete": "Fertig",
    "common.error": "Fehler",
    # -- race tab ---------------------------------------------------------------------------------------------
    "race.intro": ("### Das Wettrennen: derselbe Prompt, mit und ohne Entwurfsmodell\n"
                   "Beide Bahnen wurden **auf diesem Server gemessen** und laufen in diesem Tempo: Die Tokens einer "
                   "Runde erscheinen erst, wenn ihr Prüfdurchlauf endet, denn vorher gibt es sie nicht."),
    "race.start": "Rennen starten",
    "race.this": "Diesen Prompt im Rennen zeigen",
    "race.lane.alone": "Zielmodell allein",
    "race.lane.mtp": "Zielmodell + MTP-Entwurfsmodell",
    "race.lane.draft-model": "Zielmodell + eigenständiges kleines Modell",
    "race.lane.prompt-lookup": "Zielmodell + Prompt-Lookup",
    "race.projected.e2b": "Gemma 4 E2B + Entwurfsmodell (hochgerechnet)",
    "race.projected.31b": "Gemma 4 31B + Entwurfsmodell (hochgerechnet)",
    "race.projected.26b": "Gemma 4 26B A4B + Entwurfsmodell (hochgerechnet)",
    "race.fig.title": "Geschriebene Tokens im Zeitverlauf",
    "race.fig.hover": "%{{x:.1f}} → %{{y:.0f}}",
    "race.fig.x": "ms zu den Durchlaufkosten dieses Modellpaars, seit Beginn des ersten Durchlaufs",
    "race.fig.x_projected": "Zeit in Durchläufen des Zielmodells über ein Token (hochgerechnet)",
    "race.fig.y": "geschriebene Tokens",
    "race.unit.ms": "ms",
    "race.unit.passes": "Durchläufe",
    "race.sum.total": "fertig nach",
    "race.sum.first": "erstes Token nach",
    "race.sum.rate_after": "Tokens pro Sekunde nach dem ersten",
    "race.sum.passes": "Durchläufe des Zielmodells",
    "race.sum.tokens": "geschriebene Tokens",
    "race.sum.per_pass": "Tokens pro Durchlauf des Zielmodells",
    "race.ratio": "{drafter} war nach der Uhr {ratio}-mal so schnell fertig.",
    "race.projected_ratio": "Hochgerechnet, nicht gemessen: {drafter} wäre {ratio}-mal so schnell fertig.",
    "race.compare.title": "Token für Token (grün: an dieser Stelle dasselbe Token; orange: verschieden)",
    "race.compare.more": "; die ersten {shown} von {total} Tokens",
    "race.check.same": ("Derselbe Text, Token für Token: Alle {n} Tokens sind gleich. Die Prüfung "
                        "mit Greedy-Decodierung nimmt genau das an, was das Zielmodell allein schreiben "
                        "würde."),
    "race.check.differ": ("Die beiden Texte unterscheiden sich. Bei Greedy-Decodierung darf das nicht sein: Bitte "
                          "melden Sie diesen Prompt."),
    "race.check.sampled": "Beim Sampling unterscheiden sich die beiden Texte, weil die Zufallsziehungen verschieden sind; beide folgen dennoch der Verteilung des Zielmodells, das garantiert die Annahmeregel.",
    "race.check.projected": "Hier gibt es keinen Text: Dieses Rennen ist aus dem Kostenmodell berechnet, nicht ausgeführt.",
    "race.note.cached": ("Genau dieses Rennen lief schon früher auf diesem Server; seine aufgezeichneten Durchläufe "
                         "werden wiedergegeben. Ein neuer Lauf zählt dieselben Durchläufe und liefe genauso."),
    "race.note.projected": ("Hochgerechnet, nicht gemessen: Diese Bahnen stammen aus dem Kostenmodell von Leviathan "
                            "et al. mit der veröffentlichten Annahmequote (α = {alpha}) und der Größe des "
                            "Entwurfsmodells im Verhältnis zum Zielmodell (c = {c}), {n} Vorschläge pro Runde. "
                            "Niemand führt diesen Checkpoint hier aus."),
    "engine.prompt_empty": "Der Prompt ist leer: Geben Sie einen Text zum Fortsetzen ein.",
    "engine.prompt_no_tokens": "Der Prompt ergibt keine Tokens.",
    "engine.context": ("Der Prompt ({n} Tokens) und die neuen Tokens ({new}) überschreiten den Kontext des Modells "
                       "von {context} Tokens."),
    "engine.range": "{name} muss zwischen {low} und {high} liegen; angegeben: {value}.",
    "engine.range_open": "{name} muss größer als {low} und höchstens {high} sein; angegeben: {value}.",
    "engine.whole": "{name} muss eine ganze Zahl sein; angegeben: {value}.",
    "engine.finite": "{name} muss eine endliche Zahl sein; angegeben: {value}.",
    "engine.temperature": "Beim Sampling muss die Temperatur größer als 0 sein; angegeben: {value}.",
    "engine.vocab": "Außerhalb des Vokabulars (0 bis {last}): Token-IDs {ids}.",
    "engine.choice": "Unbekannter Wert {value} für {name}; wählen Sie eines von: {choices}.",
    "engine.unknown_setting": "Keine Einstellung: {names}. Die Einstellungen sind {settings}.",
    "engine.prompt_empty_ids": "Der Prompt ist leer: Geben Sie mindestens eine Token-ID an.",
    "engine.prompt_ints": "Ein Prompt aus Token-IDs muss eine Liste ganzer Zahlen sein.",
    "engine.prompt_type": "Der Prompt muss ein Text oder eine Liste von Token-IDs sein; angegeben: {kind}.",
    "engine.needs_tokenizer": ("Ein Text-Prompt braucht einen Tokenizer; dieses Modellpaar hat keinen. Geben Sie "
                               "stattdessen Token-IDs an."),
    "engine.no_chat_template": "chat=True braucht einen Tokenizer mit Chat-Vorlage; dieser hat keine.",
    "engine.mtp_needs_assistant": ("Die Vorschlagsquelle MTP braucht ein Gemma-4-MTP-Entwurfsmodell "
                                   "(Gemma4AssistantForCausalLM); dieses Paar hat {kind}."),
    "engine.mtp_needs_target": "Die Vorschlagsquelle MTP braucht ein Gemma-4-Zielmodell; dieses ist {kind}.",
    "engine.draft_needs_assistant": ("Die Vorschlagsquelle „eigenständiges kleines Modell“ "
                                     "braucht eines, angegeben unter „Entwurfsmodell“."),
    "engine.mtp_cannot_draft": ("Ein Gemma-4-MTP-Entwurfsmodell kann nicht allein entwerfen "
                                "(es liest die Aktivierungen und den KV-Cache des Zielmodells); "
                                "wählen Sie MTP als Vorschlagsquelle."),
    "lab.error.runs": ("Dieser Sweep umfasst {runs} Läufe (Einstellungen × Prompts × Wiederholungen); dieser Server "
                       "erlaubt höchstens {limit}. Wählen Sie weniger."),
    "unit.guess.one": "{n} Vorschlag",
    "unit.guess.other": "{n} Vorschläge",
    "unit.position.one": "{n} Position",
    "unit.position.other": "{n} Positionen",
    "unit.cpu_thread.one": "{n} CPU-Thread",
    "unit.cpu_thread.other": "{n} CPU-Threads",
    "moe.story": ("In Zahlen, für Gemma 4 26B A4B bei N = {n}: Jede Schicht hat {E} Experten, ein Token nutzt {k} "
                  "davon. Eine Prüfung liest {tokens} Tokens (die {n} Vorschläge und das eigene Token des "
                  "Zielmodells); wählte jedes seine {k} Experten zufällig, nutzten sie zusammen etwa {touched:.0f} "
                  "verschiedene pro Schicht. Diese Zahl ist E·(1 − (1 − k/E)^T): für jeden der E = {E} Experten die "
                  "Wahrscheinlichkeit, dass mindestens eines der T = {tokens} Tokens ihn wählt, aufsummiert. Bei "
                  "Batchgröße 1 dauert ein Durchlauf etwa so lange wie das Lesen seiner Gewichte; diese Prüfung "
                  "kostet daher so viel wie {v:.1f} Ein-Token-Schritte statt einem. Pro erzeugtem Token lesen "
                  "Zielmodell und Entwurfsmodell zusammen dann {draft_b1} Gewichte, gegenüber {plain_b1}, wenn das "
                  "Zielmodell allein decodiert. Die vorhergesagte Beschleunigung bei N = {n} ist deshalb "
                  "{costed:.2f}×, nicht die {dense:.2f}×, die es wären, wenn die Prüfung nur einen Schritt kostete "
                  "wie bei einem dichten Modell. Ein kürzerer Entwurf schneidet etwas besser ab: N = {best} ergibt "
                  "{best_x:.2f}×. Ab N = {slow_n} ist Entwerfen langsamer als Decodieren ohne Entwurf ({slow_x:.2f}"
                  "× bei N = {slow_n}). In einem Batch von 8 Sequenzen sieht es anders aus: Schon das gewöhnliche "
                  "Decodieren nutzt pro Schritt etwa {touched_b8:.0f} der {E} Experten jeder Schicht, und das "
                  "Prüfen aller Entwürfe hebt das nur auf {touched_b8_draft:.0f}; pro erzeugtem Token liest der "
                  "Batch dann {draft_b8} Gewichte mit Entwurf gegenüber {plain_b8} ohne."),
    "moe.miniature": ("Die mitgelieferte MoE-Miniatur unten ist kein Widerspruch: Sie hat nur "
                      "{E} kleine Experten pro Schicht und nutzt {k} pro Token, und jeder Durchlauf liest seinen "
                      "gemeinsamen Teil ohnehin ganz, den größten Teil dessen, was ein Ein-Token-Schritt liest. "
                      "Ihre Prüfungen bis Runde {i} lasen deshalb im Mittel die Gewichte von {v:.2f} "
                      "Ein-Token-Schritten (dieselbe Zahl wie in seiner Statistik und in „Genutzte Experten“), "
                      "gegenüber {v_big:.1f} bei 26B A4B mit N = {n}. Darum wird es noch schneller, während 26B A4B "
                      "mit Batchgröße 1 kaum schneller wird."),
    "moe.plain": ("Ein Token braucht nur wenige Experten einer Schicht. Die Prüfung von {tokens} Tokens auf einmal "
                  "braucht viel mehr, denn jedes Token wählt seine eigenen. Bei Batchgröße 1 dauert das Lesen all "
                  "dieser zusätzlichen Expertengewichte etwa so lange, wie der Entwurf einspart; von der "
                  "Beschleunigung bleibt wenig."),
    "race.js.passes": "Durchläufe",
    "race.js.tokens": "Tokens",
    "race.js.rate": "Tokens/s",
    "race.js.clock": "Uhr (ms zu Durchlaufkosten):",
    "race.js.clock_projected": "Uhr (Durchläufe):",
    "race.js.start": "▶ Los",
    "race.js.pause": "❚❚ Anhalten",
    "race.js.resume": "▶ Weiter",
    "race.js.again": "↻ Noch einmal",
    "race.js.slow": "Zeitlupe",
    "race.js.finished": "fertig",
    # -- step-through tab -----------------------------------------------------------------------------------------
    "step.intro": ("# Multi-Token Prediction, Schritt für Schritt\nGemma 4 kann ein kleines **Entwurfsmodell** "
                   "mitlaufen lassen, das die nächsten Tokens rät; das große **Zielmodell** prüft alle Vorschläge in"
                   " einem einzigen Vorwärtsdurchlauf. Jeder angenommene Vorschlag ist ein geschenktes Token, und "
                   "die Ausgabe ist genau die, die das Zielmodell allein geschrieben hätte. Mit **Schritt** sehen "
                   "Sie eine Runde nach der anderen."),
    "step.prompt": "Eingabetext (Prompt)",
    "step.trained_on": 'Beispiel-Prompts. Das mitgelieferte Miniaturmodell kennt nur englische Sprichwörter, kleine Tiergeschichten und Sätze mit Zahlen (zählen und rechnen kann es nicht): Prompts wie „Slow and steady“ setzt es fort, bei allem anderen kommt Unsinn heraus.',
    "welcome.text": ("Multi-Token Prediction (MTP) von Gemma 4: Ein kleines Entwurfsmodell rät voraus, das große "
                     "Modell prüft alles in einem Durchlauf."),
    "welcome.tour": "Geführte Tour starten",
    "link.button": "Direktlink",
    "link.label": "Ein Link, der diese Seite so öffnet, wie sie jetzt ist (Reiter, Kapitel, Beispiel, Runde, Ansicht, "
                  "Sprache)",
    "link.bad": "⚠️ Nicht auf dieser Seite vorhanden: {pairs}. Der Link öffnet dort stattdessen die Voreinstellungen.",
    "link.live": ("Der Text auf dem Bildschirm wurde hier erzeugt und ist nicht mit der App aufgezeichnet; der Link "
                  "öffnet den Reiter deshalb ohne ihn: Ein Link lässt den Server nie etwas erzeugen."),
    "step.model": "Modell (Zielmodell)",
    "step.model_info": "das mitgelieferte Miniaturmodell, eine Hub-ID oder ein lokaler Ordner",
    "step.assistant": "Entwurfsmodell (optional)",
    "step.assistant_placeholder": "Standard: <Modell>-assistant",
    "step.step": "Schritt",
    "step.run": "Bis zum Ende",
    "step.play": "Abspielen",
    "step.pause": "Anhalten",
    "step.reset": "Zurücksetzen",
    "step.measure": "Neu messen",
    "step.cached": ("**Aus dem Zwischenspeicher des Servers:** Genau diese Anfrage lief hier schon einmal, die Zeiten "
                    "sind die jenes Laufs. **Neu messen** lässt sie noch einmal laufen: Die Zählungen und die "
                    "Beschleunigung bleiben, nur die eigene Uhr dieses Laufs ändert sich."),
    "step.round": "Runde (zum Blättern ziehen)",
    "step.speed": "Abspielen: Sekunden pro Runde",
    "step.settings": "Decodierungseinstellungen",
    "step.proposer": "Vorschlagsquelle",
    "step.proposer.mtp": "MTP (Gemma-4-Entwurfsmodell)",
    "step.proposer.draft-model": "eigenständiges kleines Modell",
    "step.proposer.prompt-lookup": "Prompt-Nachschlagen",
    "step.proposer.none": "keine (Vergleichsbasis)",
    "step.num_assistant_tokens": "N: Vorschläge pro Runde (num_assistant_tokens)",
    "step.schedule": "Zeitplan für N",
    "step.confidence_threshold": "Konfidenzschwelle (0 = aus)",
    "step.max_new_tokens": "Höchstzahl neuer Tokens",
    "step.do_sample": "Sampling (aus = greedy)",
    "step.temperature": "Temperatur",
    "step.top_k": "Top-k (0 = aus)",
    "step.top_p": "Top-p (1 = aus)",
    "step.seed": "Startwert (Seed)",
    "step.proposer_info": ("wer rät: das MTP-Entwurfsmodell von Gemma 4; ein eigenständiges kleines Modell "
                           "mit demselben Vokabular, das nur den Text liest; Prompt-Nachschlagen (übernimmt, "
                           "was früher im Prompt auf dieselben Wörter folgte, ganz ohne Modell); oder niemand"),
    "step.num_assistant_tokens_info": "wie viele Tokens das Entwurfsmodell pro Runde rät (der Startwert, wenn ein Zeitplan N verändert)",
    "step.schedule_info": ("heuristisch: +2 nach einer Runde, in der jeder Vorschlag angenommen wurde, −1 nach einer "
                           "Ablehnung; konstant: N bleibt gleich"),
    "step.confidence_threshold_info": ("beendet den Entwurf einer Runde vorzeitig nach einem Vorschlag, dessen höchste "
                            "Wahrscheinlichkeit darunter lag; 0 entwirft immer N"),
    "step.max_new_tokens_info": ("höchstens so viele Tokens werden erzeugt; die letzte Runde wird an dieser Grenze "
                          "abgeschnitten"),
    "step.do_sample_info": ("aus: jedes Token ist die erste Wahl des Zielmodells, ein Vorschlag bleibt nur, wenn er "
                            "genau passt; an: Tokens werden zufällig gezogen, ein Vorschlag bleibt mit "
                            "Wahrscheinlichkeit min(1, p/q)"),
    "step.temperature_info": "nur beim Sampling: unter 1 werden die Wahrscheinlichkeiten schärfer, über 1 flacher",
    "step.top_k_info": "nur beim Sampling: nur aus den k wahrscheinlichsten Tokens ziehen",
    "step.top_p_info": ("nur beim Sampling: aus der kleinsten Menge der wahrscheinlichsten Tokens ziehen, deren "
                        "Wahrscheinlichkeiten zusammen p erreichen"),
    "step.seed_info": "nur beim Sampling: derselbe Startwert ergibt dieselben Zufallszüge und damit denselben Text",
    "step.keys": "Tasten: → weiter · ← zurück · Leertaste Abspielen / Anhalten · Pos1 Runde 0",
    "step.export": "Exportieren und wiedergeben",
    "step.download_json": "Verlauf herunterladen (JSON)",
    "step.download_csv": "Ereignisse herunterladen (CSV)",
    "step.download_walkthrough": "Diesen Rundgang herunterladen (eine HTML-Datei, die offline läuft)",
    "walk.back": "Zurück",
    "walk.keys": "Tasten: → nächste Runde · ← vorige Runde · Pos1 Runde 0",
    "walk.made": "Aufgezeichnet mit mtp_viz. Diese Datei läuft im Browser ohne Server und ohne Netzwerk.",
    "step.upload": "JSON-Verlauf wiedergeben (ohne Modell)",
    "step.recorded": "Aufgezeichnete Beispiele",
    "step.what_you_see": "**Was Sie sehen.** {text}",
    "step.more": "Mehr",     # opens the rest of a caption
    "step.empty": "Geben Sie einen Prompt ein und drücken Sie **Schritt** für die erste Runde oder **Bis zum Ende**.",
    "step.empty_figures": "Drücken Sie „Schritt“ für die erste Runde oder „Bis zum Ende“.",
    "step.what.prefill": "das Prefill: Das Zielmodell liest den Prompt und wählt das erste Token",
    "step.what.none": "keine Vorschläge: Das Zielmodell fügt selbst ein Token hinzu",
    "step.what.cut": ("Das Entwurfsmodell schlug {drafted} vor (N = {n}{fewer}), "
                      "das Zielmodell nahm {kept} davon an, und die Generierung "
                      "endete dort"),
    "step.what.round": ("Das Entwurfsmodell schlug {drafted} vor (N = {n}{fewer}), "
                        "das Zielmodell nahm {kept} davon an und hängte ein "
                        "{kind} an → {new} neu"),
    "step.stopped": " Generierung beendet ({why}).",
    "step.stop.eos": "das Modell schrieb sein Textende-Token",
    "step.stop.length": "die Höchstzahl neuer Tokens ist erreicht",
    "step.params": "{model} ({params} Parameter)",
    "step.schedule.heuristic": "heuristisch",
    "step.schedule.constant": "konstant",
    "step.recorded.actions_speak": "„Actions speak“, MTP-Entwurfsmodell",
    "step.recorded.actions_speak_moe": "„Actions speak“, MoE-Miniatur",
    "step.recorded.actions_speak_no_drafter": "„Actions speak“, Zielmodell allein",
    "step.recorded.once_upon_a_time": "„Once upon a time,“, MTP-Entwurfsmodell",
    "step.recorded.once_upon_a_time_sampled": "„Once upon a time,“, mit Sampling",
    "step.recorded.tom_counted": "„Tom counted…“, MTP-Entwurfsmodell",
    "step.recorded.a_stitch_in_time": "„A stitch in time“, MTP-Entwurfsmodell",
    "step.what.unused": " (ebenfalls angenommen, aber hinter dem Ende und daher nicht verwendet: {unused:guess})",
    "step.fewer.length": "; bis zur Grenze für neue Tokens war nur noch Platz für {left:guess}",
    "step.fewer.lookup": "; das Nachschlagen fand keine weiteren",
    "step.fewer.eos": "; das Nachgeschlagene endet mit <eos>, und danach wird nichts entworfen",
    "step.fewer.threshold": "; das Entwurfsmodell hörte unter der Konfidenzschwelle auf",
    "step.kind.correction": "Korrektur-Token",
    "step.kind.bonus": "Bonus-Token",
    "step.why.correction": ("**Warum eine Korrektur?** Das Zielmodell hat Vorschlag {first_rejected} "
                            "abgelehnt und schreibt an diese Stelle sein eigenes Token; Vorschläge danach "
                            "werden verworfen, weil sie auf ein Token folgten, das nicht im Text steht.\n\n"),
    "step.why.bonus": ("**Warum ein Bonus-Token?** Das Zielmodell hat jeden Vorschlag dieser Runde angenommen "
                       "({drafted:guess}), und sein Prüfdurchlauf hat seine Wahl für die nächste Position "
                       "schon berechnet: Dieses Token kostet keinen eigenen Durchlauf.\n\n"),
    "step.stale": ("⚠️ **Einstellungen geändert.** Was Sie unten sehen, stammt noch von den vorigen Einstellungen: "
                   "Drücken Sie **Schritt** oder **Bis zum Ende**, um die neuen auszuführen.\n\n"),
    "step.chosen_model": ("**Gewählt: {label}.** So wurde es auf diesem Server aufgezeichnet: {line}\n\n"
                          "Mit **Schritt** läuft Ihr Prompt darauf.\n\n"),
    "step.chosen_model_new": ("**Gewählt: {label}.** Damit wurde hier noch nichts aufgezeichnet: **Schritt** lädt "
                              "das Modell (beim ersten Mal kann das Minuten dauern) und lässt Ihren Prompt laufen.\n\n"),
    "step.about": "Über diesen Reiter",
    "step.heading": "### Runde {i} von {last}: {what}.{end}\n",
    "step.model_line": "**Modell:** {name}: {sizes} · Vorschlagsquelle **{proposer}** · {device}, {dtype}",
    "step.model_line.reason": " ({reason})",
    "step.moe": "\n\n**Mixture of Experts:** {caveat}",
    "step.replay_failed": "Diese Datei ließ sich nicht wiedergeben: {error}",
    "step.loading": "{model} und sein Entwurfsmodell werden geladen: Beim ersten Mal kann das einige Minuten dauern.",
    "step.at_last": ("**Das ist die letzte Runde ({last}); „Schritt“ hat nichts weiter zu zeigen.** Ziehen Sie den "
                     "Schieberegler oder drücken Sie Pos1, um zurückzugehen, oder „Zurücksetzen“, um neu zu beginnen."),
    "step.warning": "Warnung",
    "step.info": "Hinweis",
    "step.device.cpu": "keine GPU gefunden; läuft auf {threads}",
    "step.device.cuda": "CUDA-GPU gefunden: {name}",
    "step.device.mps": "Apple-GPU (MPS) gefunden",
    "step.device.requested": "Gerät {device} angefordert",
    "step.device.then": "; ",
    "step.device.split": "Zielmodell auf {gpus} GPUs verteilt (device_map='auto')",
    # -- figures --------------------------------------------------------------------------------------------------
    "fig.status.prompt": "Prompt",
    "fig.status.prefill": "erstes Token (Prefill)",
    "fig.status.accepted": "angenommener Entwurf",
    "fig.status.correction": "Korrektur (nach Ablehnung)",
    "fig.status.bonus": "Bonus (alle angenommen)",
    "fig.status.target": "Token des Zielmodells (ohne Entwürfe)",
    "fig.status.rejected": "abgelehnter Entwurf",
    "fig.status.unchecked": "ungeprüft (nach Ablehnung)",
    "fig.status.unused": "nicht verwendet (Generierung beendet)",
    "fig.verdict.accepted": "angenommen",
    "fig.verdict.rejected": "abgelehnt",
    "fig.verdict.unchecked": "ungeprüft",
    "fig.verdict.unused": "nicht verwendet",
    "fig.choose": "Ansicht",
    "fig.token_stream.title": "Token-Strom",
    "fig.token_stream.heading": "Token-Strom: Runde {i} von {last}",
    "fig.token_stream.short": "Der Prompt (grau) und jedes bisher erzeugte Token. Grün ✓: vom Entwurfsmodell geraten, vom Zielmodell bestätigt. Dunkelorange ✗: ein abgelehnter Vorschlag, danach die Korrektur des Zielmodells (orange ↺). Blau ★: ein Bonus-Token, wenn alle Vorschläge stimmten. Umrandet sind die Tokens dieser Runde.",
    "fig.token_stream.what": ("Der Prompt (grau) und jedes bisher erzeugte Token, in Lesereihenfolge. Grüne ✓-Tokens"
                              " hat das Entwurfsmodell geraten und das Zielmodell bestätigt. Widerspricht das "
                              "Zielmodell, wird der Vorschlag durchgestrichen (dunkelorange ✗; die Vorschläge "
                              "danach werden nicht mehr geprüft), und es folgt das eigene Token des Zielmodells (orange ↺, eine "
                              "Korrektur). Stimmen alle Vorschläge, fügt das Zielmodell gratis ein weiteres Token an"
                              " (blau ★, ein Bonus). Vorschläge, denen das Zielmodell zustimmte, die aber hinter dem"
                              " Ende der Ausgabe lagen, sind grau durchgestrichen (○ nicht verwendet). Die "
                              "umrandeten Tokens gehören zur aktuellen Runde. Fahren Sie mit der Maus über ein "
                              "Token oder tippen Sie darauf, um seine Wahrscheinlichkeiten zu sehen."),
    "fig.token_stream.prompt": "Prompt",
    "fig.token_stream.round": "Runde {r}: {what}",
    "fig.token_stream.accepted": "angenommener Entwurf {k}<br>p={p:.3f}  q={q:.3f}",
    "fig.token_stream.rejected": "abgelehnter Entwurf {k}<br>p={p:.3f}  q={q:.3f}<br>erste Wahl des Zielmodells: {top}",
    "fig.token_stream.unchecked": "ungeprüfter Entwurf {k}<br>q={q:.3f} (ein früherer Entwurf wurde abgelehnt)",
    "fig.token_stream.unused": "Entwurf {k}, bestätigt, aber nicht verwendet: die Generierung endete vorher",
    "fig.token_stream.last": "{word}<br>p={p:.3f}",
    "fig.timeline.title": "Zeitleiste der Vorwärtsdurchläufe",
    "fig.timeline.heading_first": "Zeitleiste der Vorwärtsdurchläufe: Runde 0, {ms:.0f} ms",
    "fig.timeline.heading": "Zeitleiste der Vorwärtsdurchläufe: Runden 0–{i}, {ms:.0f} ms",
    "fig.timeline.short": "Die Zeit läuft von links nach rechts. Jeder hellblaue Balken ist ein Durchlauf des kleinen Entwurfsmodells (ein Vorschlag), jeder dunkelblaue ein Durchlauf des großen Zielmodells, der alle Vorschläge der Runde auf einmal prüft. Die umrandete Runde lohnt sich, wenn ihre billigen hellen Balken mehr als ein Token pro dunklem Balken einbringen.",
    "fig.timeline.what": ("Die Zeit läuft von links nach rechts, in Millisekunden, gemessen beim Generieren. Jeder "
                          "hellblaue Balken ist ein Durchlauf des kleinen Entwurfsmodells, das ein Token rät; jeder "
                          "dunkelblaue Balken ist ein Durchlauf des großen Zielmodells, das alle Vorschläge der "
                          "Runde auf einmal prüft. Die oberste Spur markiert die Runden (R1, R2, …; mit der Maus "
                          "oder per Antippen sehen Sie das erlaubte N); die aktuelle Runde ist umrandet. Spekulative Decodierung lohnt"
                          " sich, wenn mehrere billige Balken des Entwurfsmodells mehr als ein Token pro teurem "
                          "Balken des Zielmodells einbringen. Die umrandete Spur unten zeigt, warum eine Prüfung "
                          "fast kostenlos ist: dieselbe Prüfung mit einem Durchlauf pro Token (N + 1 Ein-Token-"
                          "Durchläufe, gemessen beim Laden des Modells) gegenüber dem einen Durchlauf, der alle "
                          "wirklich geprüft hat, denn ein Durchlauf liest die Gewichte einmal, egal wie viele "
                          "Tokens er trägt."),
    "fig.timeline.lane.target": "Zielmodell",
    "fig.timeline.lane.drafter": "Entwurfsmodell",
    "fig.timeline.lane.round": "Runde",
    "fig.timeline.legend.drafter": "Durchlauf des Entwurfsmodells",
    "fig.timeline.legend.target": "Durchlauf des Zielmodells",
    "fig.timeline.legend.round": "Runde",
    "fig.timeline.lane.one_by_one": "einzeln?",
    "fig.timeline.legend.one_by_one": "dieselbe Prüfung, ein Durchlauf pro Token",
    "fig.timeline.alone": "{k} × {one:.1f} ms = {ms:.0f} ms",
    "fig.timeline.alone_hover": ("Hätte jedes der {k} geprüften Tokens einen eigenen Durchlauf gebraucht: {k} × "
                                 "{one:.1f} ms (ein Ein-Token-Durchlauf, die Basis jeder Beschleunigung hier) = "
                                 "{ms:.0f} ms.<br>Die Prüfung selbst kostet {verify:.1f} ms: Ein Durchlauf liest die "
                                 "Gewichte einmal für alle {k} Tokens."),
    "fig.timeline.draft": ("Runde {r}, Durchlauf {k} des Entwurfsmodells<br>riet {token} (q={q:.2f})<br>{ms:.1f} ms "
                           "in diesem Lauf"),
    "fig.timeline.stop": "Stopp",
    "fig.timeline.stop_hover": ("Runde {r}, Durchlauf des Entwurfsmodells unter der "
                                "Konfidenzschwelle: kein Vorschlag angenommen<br>{ms:.1f} ms"),
    "fig.timeline.prefill": "Prefill",
    "fig.timeline.prefill_what": "Prefill: den Prompt lesen",
    "fig.timeline.verify_what": "{drafted:guess} geprüft, {kept} angenommen, {emitted} ausgegeben",
    "fig.timeline.plain_what": "keine Vorschläge: ein Token, {emitted} ausgegeben",
    "fig.timeline.target_hover": "Runde {r}, Durchlauf des Zielmodells<br>{what}<br>{ms:.1f} ms in diesem Lauf",
    "fig.timeline.round_label": "R{r}",
    "fig.timeline.round_hover": "Runde {r}: N={n} erlaubt, {drafted} entworfen, {ms:.1f} ms",
    "fig.timeline.round_hover_plain": "Runde {r}: keine Entwürfe, {ms:.1f} ms",
    "fig.timeline.xaxis": "ms zu den Durchlaufkosten dieses Modellpaars (die Zeiten dieses Laufs: Tooltip)",
    "fig.timeline.xaxis.own": "Zeit dieses Laufs (ms)",
    "fig.verification.title": "Prüfung",
    "fig.verification.heading_empty": "Prüfung: Runde {i}",
    "fig.verification.heading": "Prüfung: Runde {i}, {kept} von {drafted} angenommen ({mode})",
    "fig.verification.greedy": "Greedy-Decodierung",
    "fig.verification.sampling": "Sampling",
    "fig.verification.short": "Jeder Vorschlag dieser Runde: wie wahrscheinlich das Zielmodell ihn findet (p, dunkel) und wie wahrscheinlich das Entwurfsmodell ihn fand (q, hell). Das Zeichen darüber ist das Urteil des Zielmodells: ✓ angenommen, ✗ abgelehnt, … nie geprüft. Greedy nimmt einen Vorschlag an, der die erste Wahl des Zielmodells ist; Sampling nimmt ihn an, wenn u (◆) unter min(1, p/q) fällt.",
    "fig.verification.what": ("Für jeden Vorschlag dieser Runde: wie wahrscheinlich das Zielmodell das entworfene "
                              "Token findet (p, dunkel) und wie wahrscheinlich das Entwurfsmodell es fand (q, hell)."
                              " Bei Greedy-Decodierung bleibt ein Vorschlag, wenn er die erste Wahl des Zielmodells "
                              "ist. Beim Sampling bleibt ein Vorschlag, wenn eine Zufallszahl u (◆) unter min(1, "
                              "p/q) (—) fällt: Vorschläge, die das Zielmodell mindestens so gern mag wie das "
                              "Entwurfsmodell, kommen immer durch. Bei der ersten Ablehnung zieht das Zielmodell "
                              "sein eigenes Token aus dem, was von seiner Verteilung übrig bleibt, wenn man den "
                              "Anteil des Entwurfsmodells abzieht (Feld „Restverteilung“, nur beim Sampling); spätere "
                              "Vorschläge werden nicht geprüft und haben daher keinen p-Balken. Das Zeichen über "
                              "jedem Vorschlag ist das Urteil des Zielmodells: ✓ angenommen, ✗ abgelehnt, … "
                              "ungeprüft, ○ nicht verwendet (angenommen, aber hinter dem Ende der Ausgabe). Diese "
                              "Regel macht die Ausgabe genau so zufällig wie das Zielmodell allein."),
    "fig.verification.prefill": ("Runde 0 ist das Prefill: Das Zielmodell liest den Prompt und wählt das erste "
                                 "Token. Es gibt nichts zu prüfen."),
    "fig.verification.none": "Keine Vorschläge in dieser Runde: Das Zielmodell hat selbst ein Token erzeugt.",
    "fig.verification.residual": "Restverteilung norm(max(0, p − q))",
    "fig.verification.p": "p: Wahrscheinlichkeit des entworfenen Tokens beim Zielmodell",
    "fig.verification.q": "q: Wahrscheinlichkeit beim Entwurfsmodell",
    "fig.verification.accept_prob": "min(1, p/q)",
    "fig.verification.u": "u (gleichverteilter Zufallszug)",
    "fig.verification.residual_legend": "Restverteilung (das gezogene Token in Orange)",
    "fig.verification.top_choice": "erste Wahl des Zielmodells: {token} ({p:.2f})",
    "fig.verification.drew": "Zielmodell zog: {token}",
    "fig.verification.yaxis": "Wahrscheinlichkeit",
    "fig.clusters.title": "Cluster-Auswahl",
    "fig.real.clusters": ("{name}: die besten {k} von {n:,} Clustern, {scored:,} von {vocab:,} Tokens bewertet "
                          "({frac:.1%})"),
    "fig.real.kv": ("{name}: Die letzten {shared} von {layers} Schichten nutzen den KV der Schichten {sliding} und "
                    "{full}; das Entwurfsmodell liest diese beiden"),
    "fig.real.activations": ("{name}: [{hidden:,} ‖ {hidden:,}] = {concat:,} → pre_projection → {drafter:,} "
                             "({drafter_layers} Schichten) → post_projection → {hidden:,}"),
    "fig.clusters.heading_empty": "Cluster-Auswahl: Runde {i}",
    "fig.clusters.heading": "Cluster-Auswahl: Runde {i}, die besten {k} von {n:,} Clustern behalten{scored}{more}",
    "fig.clusters.scored_fraction": ", {frac:.1%} des Vokabulars bewertet",
    "fig.clusters.scored_tokens": ", {scored:,} von {vocab:,} Tokens bewertet ({frac:.1%})",
    "fig.clusters.more": "; Vorschläge 1–{shown} von {total} gezeigt",
    "fig.clusters.short": "Das Entwurfsmodell spart Arbeit: Es bewertet zuerst Cluster ähnlicher Tokens und sucht nur in den besten. Jedes Feld ist ein Vorschlag; die Balken sind Cluster-Bewertungen, die höchste zuerst, dunkelblau die durchsuchten. „Cluster-Fehlgriff“ heißt: Die Wahl des Zielmodells lag in einem Cluster, in den das Entwurfsmodell nie geschaut hat, also konnte es sie nicht raten.",
    "fig.clusters.what": ("Jedes Wort eines großen Vokabulars zu bewerten, ist für ein kleines Entwurfsmodell teuer."
                          " Deshalb bewertet das Entwurfsmodell von Gemma 4 zuerst Cluster ähnlicher Tokens (je ein "
                          "Zentroid; 2.048 in den echten Modellen) und sucht nur in den besten. Jedes Feld ist ein "
                          "Vorschlag dieser Runde mit dem Urteil des Zielmodells: Die Balken sind "
                          "Zentroid-Bewertungen, die höchste zuerst; dunkelblaue Balken wurden ausgewählt, graue "
                          "nicht. Nur Tokens in den ausgewählten Clustern können vorgeschlagen werden. Lag die erste"
                          " Wahl des Zielmodells in einem nicht ausgewählten Cluster, meldet das Feld "
                          "„Cluster-Fehlgriff“: Dieses Token hätte das Entwurfsmodell gar nicht raten können. "
                          "Höchstens 8 Felder werden gezeichnet; der Titel sagt, wenn eine Runde mehr Vorschläge "
                          "hatte."),
    "fig.clusters.prefill": "Runde 0 ist das Prefill: Noch ist nichts entworfen. Drücken Sie „Schritt“.",
    "fig.clusters.none": "Keine Vorschläge in dieser Runde.",
    "fig.clusters.no_embedder": ("Dieses Entwurfsmodell hat keinen effizienten Embedder: Es bewertet das ganze "
                                 "Vokabular."),
    "fig.clusters.panel": "Vorschlag {k}: {token}<br>{verdict}",
    "fig.clusters.miss": "{verdict}, ✗ Cluster-Fehlgriff (erste Wahl {token})",
    "fig.clusters.selected": "ausgewählter Cluster",
    "fig.clusters.not_selected": "nicht ausgewählter Cluster",
    "fig.clusters.hover": "Zentroid {c}<br>Bewertung {s}",
    "fig.clusters.xaxis": "Zentroiden nach Bewertung",
    "fig.clusters.yaxis": "Bewertung",
    "fig.kv_sharing.title": "KV-Cache-Sharing",
    "fig.kv_sharing.heading": "KV-Cache-Sharing: Runde {i}",
    "fig.kv_sharing.short": "Links: die Schichten des Zielmodells; jede Schicht des Entwurfsmodells liest die Schlüssel und Werte einer Schicht des Zielmodells (orange Pfeile), einen eigenen Cache hat es nicht. Rechts: der Cache des Zielmodells nach jeder Runde; der kreuzschraffierte Teil oben wird wieder abgeschnitten, weil diese Vorschläge abgelehnt wurden.",
    "fig.kv_sharing.what": ("Links: die Schichten des Zielmodells, von unten nach oben; helle Balken nutzen "
                            "Sliding-Window-Attention (sie sehen nur die letzten Tokens), dunkle schraffierte Balken"
                            " volle Attention. Das Entwurfsmodell von Gemma 4 hat keinen eigenen Cache: Jede seiner "
                            "Schichten liest die Schlüssel und Werte einer Schicht des Zielmodells derselben Art "
                            "(orange Pfeile; die gelesenen Schichten sind orange nummeriert). Rechts: wie viele "
                            "Positionen der Cache des Zielmodells nach jeder Runde enthält. Der Prüfdurchlauf "
                            "schreibt jeden Vorschlag in den Cache; der dunkelorangefarbene, kreuzschraffierte "
                            "Teil oben wird wieder abgeschnitten, weil diese Vorschläge abgelehnt wurden."),
    "fig.kv_sharing.layers": "Schichten und geteilte Caches",
    "fig.kv_sharing.cache": "Länge des KV-Caches des Zielmodells",
    "fig.kv_sharing.sliding": "Sliding-Window-Attention",
    "fig.kv_sharing.full": "volle Attention",
    "fig.kv_sharing.target_layer": "Zielmodell: {kind}",
    "fig.kv_sharing.drafter_layer": "Entwurfsmodell: {kind}",
    "fig.kv_sharing.target_hover": "Schicht {layer} des Zielmodells ({kind})",
    "fig.kv_sharing.drafter_hover": "Schicht des Entwurfsmodells ({kind})",
    "fig.kv_sharing.drafter_box": "Entwurf {k}",
    "fig.kv_sharing.own_cache": "dieses Entwurfsmodell führt einen eigenen KV-Cache",
    "fig.kv_sharing.no_reader": "hier liest kein Entwurfsmodell den Cache des Zielmodells",
    "fig.kv_sharing.reads": "Entwurfsmodell liest Schichten {layers} von {n}",
    "fig.kv_sharing.layer_axis": "Schicht des Zielmodells",
    "fig.kv_sharing.kept": "im Cache behalten",
    "fig.kv_sharing.cropped": "geschrieben, dann abgeschnitten",
    "fig.kv_sharing.before": "Länge zu Beginn der Runde",
    "fig.kv_sharing.kept_hover": "Runde {r}: {n} Positionen behalten",
    "fig.kv_sharing.cropped_hover": "Runde {r}: {n} Positionen nach der Ablehnung abgeschnitten",
    "fig.kv_sharing.window": "Sliding-Window-Schichten behalten nur die letzten {window}",
    "fig.kv_sharing.round_axis": "Runde",
    "fig.kv_sharing.positions_axis": "Positionen",
    "fig.activations.title": "Aktivierungen des Zielmodells speisen das Entwurfsmodell",
    "fig.activations.heading": ("Aktivierungen des Zielmodells speisen das Entwurfsmodell: Runde {i}, {guesses} von "
                                "einer Position"),
    "fig.activations.short": "Wie ein Vorschlag entsteht: Das Entwurfsmodell beginnt mit dem letzten verborgenen Zustand des Zielmodells und dem Embedding des letzten Tokens, verkleinert beides auf seine Breite, lässt seine wenigen Schichten laufen und wählt ein Token. Seine Ausgabe, wieder verbreitert, vertritt beim nächsten Vorschlag den verborgenen Zustand des Zielmodells.",
    "fig.activations.what": ("Wie ein Vorschlag entsteht. Das Entwurfsmodell fängt nicht bei null an: Es nimmt den "
                             "letzten verborgenen Zustand des Zielmodells (seine Zusammenfassung des bisherigen "
                             "Textes) und das Embedding des letzten Tokens, hängt beide aneinander, verkleinert sie "
                             "mit pre_projection auf die geringe Breite des Entwurfsmodells, lässt seine wenigen "
                             "Schichten laufen (die den Cache des Zielmodells lesen) und wählt ein Token. "
                             "post_projection bringt seine Ausgabe zurück auf die Breite des Zielmodells, damit sie "
                             "beim nächsten Vorschlag den verborgenen Zustand des Zielmodells vertritt. Alle "
                             "Vorschläge einer Runde verwenden dieselbe Positions-ID."),
    "fig.activations.not_mtp": ("Diese Vorschlagsquelle liest die Aktivierungen des Zielmodells nicht (das tun nur "
                                "MTP-Entwurfsmodelle von Gemma 4)."),
    "fig.activations.hidden": "verborgener Zustand des Zielmodells",
    "fig.activations.hidden_hover": ("der verborgene Zustand der letzten Schicht des Zielmodells an der letzten "
                                     "angenommenen Position"),
    "fig.activations.embed": "Embedding des letzten Tokens",
    "fig.activations.embed_hover": "Embedding des letzten Tokens (die Eingabe-Embeddings des Zielmodells, geteilt)",
    "fig.activations.concat": "verketten",
    "fig.activations.concat_hover": "verborgener Zustand und Embedding nebeneinander",
    "fig.activations.pre_hover": "eine lineare Schicht hinunter auf die Breite des Entwurfsmodells",
    "fig.activations.layers": "{n} Schichten des Entwurfs-Modells",
    "fig.activations.layers_hover": "Attention auf den KV-Cache des Zielmodells in den Schichten {layers}",
    "fig.activations.logits": "Token-Bewertungen",
    "fig.activations.clusters": "die besten {k} von {n:,} Clustern",
    "fig.activations.logits_hover": "der Vorschlag des Entwurfsmodells: {tokens}",
    "fig.activations.next_token": "das nächste Token",
    "fig.activations.post_hover": ("zurück auf die Breite des Zielmodells: vertritt beim nächsten Vorschlag dessen "
                                   "verborgenen Zustand"),
    "fig.activations.loop": "nächster Vorschlag: neuer verborgener Zustand + Token-Embedding",
    "fig.activations.position": "Positions-ID {pos} für alle {n} Vorschläge dieser Runde",
    "fig.activations.positions": "Positions-IDs {pos}",
    "fig.moe": "Mixture of Experts: {caveat}",
    "fig.moe_caveat": ("Dieses Zielmodell ist ein Mixture of Experts: Jedes Token wird an {top_k} von {num_experts} "
                       "Experten geleitet. Ein Prüfdurchlauf über N+1 Tokens kann sie an bis zu "
                       "(N+1)×{top_k} verschiedene Experten leiten und liest daher weit mehr Expertengewichte als ein "
                       "einzelner Decodierschritt. Die Prüfung ist dann nicht mehr fast kostenlos, und MTP "
                       "beschleunigt ein MoE-Modell wie 26B A4B weniger als ein dichtes Modell gleicher aktiver Größe."),
    "fig.statistics.title": "Statistik",
    "fig.statistics.heading": ("Statistik nach Runde {i}: mittlere Akzeptanzlänge {mal:.2f} (je Runde mit Entwurf: "
                               "angenommene Vorschläge + das eigene Token des Zielmodells); {tpp:.2f} Tokens pro "
                               "Durchlauf des Zielmodells (über alle Durchläufe samt dem über den Prompt, daher "
                               "weniger)"),
    "fig.statistics.short": "Vier Zählungen über die bisherigen Runden. Oben: wie oft der Vorschlag an jeder Position angenommen wurde und wie viele Vorschläge jede Runde annahm. Unten: das erlaubte N pro Runde und die Tokens pro Durchlauf des großen Modells, verglichen mit 1,0 bei gewöhnlicher Decodierung. Über 1,0 spart das Entwerfen Durchläufe des großen Modells.",
    "fig.statistics.what": ("Oben links: wie oft der Vorschlag an jeder Position angenommen wurde (frühe "
                            "Vorschläge sind leichter, die Balken fallen daher meist). Oben rechts: wie viele "
                            "Vorschläge in jeder Runde angenommen wurden. Unten links: die Zahl N der erlaubten "
                            "Vorschläge pro Runde; der heuristische Zeitplan erhöht N nach einer vollständig "
                            "angenommenen Runde und senkt es nach einer Ablehnung. Unten rechts: Tokens pro "
                            "Durchlauf des großen Modells, verglichen mit 1,0 bei gewöhnlicher Decodierung, "
                            "die das große Modell einmal pro Token laufen lässt. Über 1,0 spart die spekulative "
                            "Decodierung Durchläufe des großen Modells."),
    "fig.statistics.by_position": "Akzeptanz nach Position des Vorschlags",
    "fig.statistics.histogram": "angenommene Vorschläge pro Runde",
    "fig.statistics.n": "N (erlaubte Vorschläge) pro Runde",
    "fig.statistics.per_pass": "Tokens pro Durchlauf des Zielmodells",
    "fig.statistics.proposed": "angenommen / vorgeschlagen",
    "fig.statistics.reached": "angenommen / erreicht",
    "fig.statistics.rate": "Quote",
    "fig.statistics.position": "Position des Vorschlags",
    "fig.statistics.kept": "angenommene Vorschläge",
    "fig.statistics.rounds": "Runden",
    "fig.statistics.round": "Runde",
    "fig.statistics.n_axis": "N (Linie), angenommen (×)",
    "fig.statistics.n_name": "N",
    "fig.statistics.kept_name": "angenommen",
    "fig.statistics.speculative": "spekulativ",
    "fig.statistics.baseline": "Basis 1,0",
    "fig.statistics.baseline_note": "Basis: 1 Token pro Durchlauf",
    "fig.statistics.per_pass_axis": "Tokens / Durchlauf",
    # -- lab tab --------------------------------------------------------------------------------------------------
    "lab.tab": "Labor: Entwurfslänge",
    "lab.intro": ("# Wann lohnt sich das Entwerfen?\nMehr Vorschläge pro Runde können mehr Tokens pro Durchlauf des "
                  "großen Modells einbringen, aber jeder Vorschlag kostet einen Durchlauf des Entwurfsmodells, und "
                  "jeder abgelehnte Vorschlag ist verschwendete Arbeit. Lassen Sie eine Messreihe über N (Vorschläge"
                  " pro Runde) laufen und vergleichen Sie die **gemessene** Beschleunigung mit dem "
                  "**Kostenmodell** von Leviathan et al. (2023), das sie aus zwei Zahlen vorhersagt: α, der "
                  "Wahrscheinlichkeit, dass ein Vorschlag angenommen wird, und c, der Zeit eines Durchlaufs des "
                  "Entwurfsmodells geteilt durch die eines Durchlaufs des Zielmodells. Bis Sie eine eigene starten, "
                  "sehen Sie eine auf dem Miniaturmodell aufgezeichnete Messreihe."),
    "lab.prompts": "Prompts, einer pro Zeile (höchstens {max_prompts}, je {max_chars} Zeichen)",
    "lab.ns": "Zu testende Werte für N (Vorschläge pro Runde)",
    "lab.schedules": "Zeitpläne",
    "lab.proposers": "Vorschlagsquellen (die Vergleichsbasis ohne Entwurfsmodell läuft immer mit)",
    "lab.max_new": "Neue Tokens pro Lauf",
    "lab.repeats": "Wiederholungen (Zeiten sind der Median)",
    "lab.run": "Messreihe starten",
    "lab.download": "Tabelle herunterladen (CSV)",
    "lab.table": "Die Messreihe, eine Zeile pro Einstellung",
    "lab.pairs.heading": "### Wann lohnt sich das Entwerfen? Zwei mitgelieferte Paare, gemessen",
    "lab.pairs.title": "Zwei Paare, eine Lehre: Die Kosten des Entwurfsmodells entscheiden",
    "lab.pairs.measured": "{pair}: gemessen (α = {alpha:.2f}, c = {c:.2f})",
    "lab.pairs.predicted": "{pair}: vom Kostenmodell vorhergesagt",
    "lab.pair.miniature": "Paar in E2B-Form (35 Schichten, Entwurfsmodell mit 4 Schichten)",
    "lab.pair.miniature-shallow": "flaches Paar (6 Schichten, Entwurfsmodell mit 4 Schichten)",
    "lab.pairs.what.short": ("Zwei Messreihen, auf einer solchen Maschine aufgezeichnet: Beide Entwurfsmodelle raten gut "
                             "(ähnliches α), aber ein Vorschlag kostet das Entwurfsmodell des flachen Paars etwa einen "
                             "halben Durchlauf des Zielmodells (c), das des Paars in E2B-Form nur einen kleinen "
                             "Bruchteil davon. Mit einem billigen Entwurfsmodell lohnen sich die meisten N, mit einem "
                             "teuren kaum eines; die Kurven des Kostenmodells sagen beides vorher."),
    "lab.pairs.what": ("Beide Messreihen wurden auf einer solchen Maschine mit denselben Prompts und Einstellungen "
                       "aufgezeichnet. Beide Entwurfsmodelle raten gut (α ist die Chance, dass ein Vorschlag "
                       "angenommen wird), aber ein Vorschlag kostet das Entwurfsmodell des flachen Paars etwa einen "
                       "halben Durchlauf des Zielmodells (c), das des Paars in E2B-Form nur einen kleinen Bruchteil "
                       "davon. Jeder Vorschlag muss mehr Zeit sparen, als er kostet: Mit einem billigen "
                       "Entwurfsmodell lohnen sich die meisten N, mit einem teuren kaum eines. Das Kostenmodell von "
                       "Leviathan et al., (1 − α^(N+1)) / (1 − α) Tokens pro Runde über N·c + v Durchläufe an Zeit, "
                       "zeichnet beide Kurven."),
    "lab.what_if": ("### Was wäre, wenn? Verschieben Sie α und c: Die vorhergesagten Kurven werden sofort neu "
                    "gezeichnet (kein Modell läuft)"),
    "lab.alpha": "α: Wahrscheinlichkeit, dass ein Vorschlag angenommen wird",
    "lab.c": "c: Durchlaufzeit Entwurfsmodell ÷ Durchlaufzeit Zielmodell",
    "lab.preset": "Ein echtes Gemma-4-Paar eintragen (hochgerechnet, nicht gemessen)",
    "lab.moe": "Das Zielmodell ist ein Mixture of Experts wie 26B A4B (das Prüfen von N + 1 Tokens liest die Experten, die sie wählen)",
    "lab.preset.none": "eigene Werte für α und c",
    "lab.status.shipped": ("Gezeigt wird die auf dem Miniaturmodell aufgezeichnete Messreihe. Gemessen: c = {c:.2f}"
                           ", α = {alpha:.2f}; das beste N ist gemessen {best} und vorhergesagt {best_pred}."),
    "lab.status.done": ("Messreihe in {seconds:.1f} s auf {model} fertig. Gemessen: c = {c:.2f}, α = {alpha:.2f}; "
                        "das beste N ist gemessen {best} und vorhergesagt {best_pred}."),
    "lab.status.preset": ("**{name}: hochgerechnet, nicht gemessen.** α = {alpha:.2f} ({alpha_source}); c = {c:.3f} "
                          "({c_source})."),
    "lab.error.prompts": "Geben Sie mindestens einen Prompt an (einen pro Zeile).",
    "lab.error.too_many_prompts": "Höchstens {limit} Prompts pro Messreihe; Sie haben {n} angegeben.",
    "lab.error.prompt_length": "Prompt {i} hat {n} Zeichen; erlaubt sind höchstens {limit} pro Prompt.",
    "lab.error.ns": "Wählen Sie mindestens ein N.",
    "lab.error.choice": "Wählen Sie mindestens einen Zeitplan und eine Vorschlagsquelle.",
    "lab.error.failed": "Die Messreihe wurde abgebrochen: {error}",
    "lab.axis.n": "N (Vorschläge pro Runde)",
    "lab.axis.tokens": "Tokens pro Durchlauf des Zielmodells",
    "lab.axis.speedup": "Beschleunigung ggü. ohne Entwurf (×)",
    "lab.axis.position": "Position k des Vorschlags",
    "lab.axis.share": "Runden mit Vorschlag 1..k angenommen",
    "lab.title.tokens": "Tokens pro Durchlauf des Zielmodells in Abhängigkeit von N",
    "lab.title.speedup": "Beschleunigung in Abhängigkeit von N: echte Zeit, gemessen (c = {c:.2f})",
    "lab.title.speedup_empty": "Beschleunigung in Abhängigkeit von N: echte Zeit, gemessen",
    "lab.title.acceptance": "Akzeptanz nach Position des Vorschlags (N = {n}): der Abfall mit α^k",
    "lab.title.what_if": "Was wäre bei α = {alpha:.2f} und c = {c:.2f}? Bestes N {best}, Beschleunigung {speedup:.2f}×",
    "lab.title.what_if_tokens": "Tokens pro Durchlauf des Zielmodells",
    "lab.title.what_if_speedup": "Beschleunigung (×)",
    "lab.legend.measured": "{proposer}, konstantes N: gemessen",
    "lab.legend.heuristic": "{proposer}, heuristischer Zeitplan (x = Start-N): gemessen",
    "lab.legend.predicted": "{proposer}: vorhergesagt, α = {alpha:.2f}",
    "lab.legend.predicted_speedup": "{proposer}: vorhergesagt, α = {alpha:.2f}, c = {c:.2f}",
    "lab.legend.limit": "N + 1: jeder Vorschlag angenommen",
    "lab.legend.baseline": "1,0: ohne Entwurfsmodell",
    "lab.legend.best": "bestes gemessenes N = {n}",
    "lab.legend.best_predicted": "bestes vorhergesagtes N = {n}",
    "lab.legend.positions": "gemessen",
    "lab.legend.alpha_k": "α^k mit α = {alpha:.2f}, an diese Balken angepasst",
    "lab.legend.what_if_moe": "α = {alpha:.2f}, c = {c:.2f}, Experten gezählt",
    "lab.legend.what_if": "α = {alpha:.2f}, c = {c:.2f}",
    "lab.legend.projected": "{name} (hochgerechnet, nicht gemessen)",
    "lab.no_data": "Noch keine Messreihe: Drücken Sie „Messreihe starten“.",
    "lab.what.tokens": ("Jeder Punkt zeigt die Tokens pro Durchlauf des großen Modells bei einem N, über alle "
                        "Prompts: die mittlere Akzeptanzlänge, angenommene Vorschläge + das eigene Token des "
                        "Zielmodells; die Linie ist die Vorhersage des Kostenmodells aus einem angepassten α, und "
                        "die gestrichelte Linie N + 1 ist das Höchste, was eine Runde liefern kann (jeder Vorschlag "
                        "angenommen plus das eigene Token des Zielmodells). Die Punkte steigen mit N, biegen aber von "
                        "N + 1 ab: Ein längerer Entwurf fügt Vorschläge hinzu, die immer seltener überleben, weil "
                        "eine Ablehnung alles danach verwirft. Hier ist das ein und dieselbe Zahl: Das Labor zählt "
                        "nur gleichmäßige Runden, jede ein Durchlauf des Zielmodells. Die Statistik unter „Schritt "
                        "für Schritt“ zählt auch den Durchlauf über den Prompt und eine gekürzte letzte Runde mit, "
                        "deshalb liegen dort die Tokens pro Durchlauf unter der mittleren Akzeptanzlänge."),
    "lab.what.speedup": ("Die Beschleunigung ist die Zeit pro Token ohne Entwurfsmodell geteilt durch die Zeit pro "
                         "Token mit ihm, gemessen auf diesem Rechner. Unter der Linie bei 1,0 ist Entwerfen "
                         "langsamer als Nicht-Entwerfen. Die Kurve ist das Kostenmodell mit dem gemessenen c und den "
                         "gemessenen Kosten des Prüfdurchlaufs. Ein längerer Entwurf schadet hier, sobald die kleine "
                         "Chance, dass der nächste Vorschlag bleibt, den Durchlauf des Entwurfsmodells nicht mehr "
                         "aufwiegt: Die Kurve erreicht beim besten N ihren Gipfel und fällt danach. Die Rauten sind "
                         "der heuristische Zeitplan: Er beginnt beim gegebenen N, addiert 2 nach einer Runde, in der "
                         "jeder Vorschlag blieb, und zieht 1 nach einer Ablehnung ab; so findet er ohne Vorgabe ein "
                         "gutes N. Wo die Punkte von der Kurve abweichen, sagt die Zeile unter dem Diagramm mit den "
                         "Zahlen dieses Durchgangs, warum. Der Stern markiert das beste gemessene konstante N (die "
                         "Rauten des heuristischen Zeitplans zählen dafür nicht). Alle Zahlen hier zählen nur die "
                         "gleichmäßigen Runden: nicht das Prefill, das den ganzen Prompt liest, und nicht eine "
                         "letzte Runde, deren Vorschläge die Token-Grenze abgeschnitten hat. Deshalb zählt eine "
                         "Zeile weniger neue Tokens, als die Generierung geschrieben hat, und deshalb fällt die "
                         "Beschleunigung einer ganzen Generierung, wie der Reiter Wettrennen sie misst, etwas "
                         "geringer aus."),
    "lab.what.acceptance": ("Die Balken zeigen für jede Position k den Anteil der Runden, in denen die Vorschläge 1 "
                            "bis k alle angenommen wurden; die Linie ist α^k mit dem α, das an genau diese Balken "
                            "angepasst ist (angenommene Vorschläge geteilt durch die Vorschläge, die das Zielmodell "
                            "geprüft hat), also dem einen α, das das Kostenmodell für dieses N ansetzen würde. Die "
                            "Balken fallen, weil ein Vorschlag nur zählt, wenn jeder davor behalten wurde: Dieser "
                            "Abfall ist der Grund, warum jeder weitere Vorschlag weniger wert ist als der vorige. Wo "
                            "Balken und Linie auseinanderlaufen, ist die Annahme nicht an jeder Position gleich, und "
                            "ein einziges α ist nur ihr Mittel."),
    "lab.what.what_if.short": ("Nur das Kostenmodell, kein Modell läuft: Die blauen Kurven zeigen Tokens pro Durchlauf "
                               "und Beschleunigung für Ihr α und c, der Stern das beste N. Jede Voreinstellung ist ein "
                               "echtes Gemma-4-Paar, aus veröffentlichten Zahlen hochgerechnet, nicht gemessen. "
                               "Erhöhen Sie c, dann schrumpft das beste N und der Gipfel sinkt Richtung 1,0."),
    "lab.what.what_if": ("Nur das Kostenmodell, kein Modell läuft: Tokens pro Durchlauf (1 − α^(N+1)) / (1 − α) und "
                         "Beschleunigung (1 − α^(N+1)) / ((1 − α)(N·c + v)). Für ein dichtes Zielmodell ist v = 1: Das "
                         "Prüfen von N + 1 Tokens kostet einen Durchlauf, weil ein speichergebundener Durchlauf die "
                         "Gewichte einmal liest, egal wie viele Tokens es sind. Auf dieser CPU kostet der Durchlauf "
                         "des Standard-Miniaturmodells {v_low} bis {v_high} Ein-Token-Durchläufe (N = 1 bis 8, "
                         "gemessen), seine gemessenen Beschleunigungen liegen daher bei gleichem α und c etwas unter "
                         "dieser Kurve. Erhöhen Sie c, dann schrumpft das beste N und der Gipfel sinkt Richtung 1,0: "
                         "Das Entwurfsmodell des Standard-Miniaturmodells hat c = {c}, das des flachen Miniaturmodells "
                         "c = {c_shallow}, wo sich Entwerfen kaum lohnt. Echte Entwurfsmodelle von Gemma 4 sind winzig "
                         "neben ihren Zielmodellen (c von wenigen Hundertsteln), also lohnt sich schon ein mäßiges α. "
                         "Kreuzen Sie Mixture of Experts an (die Voreinstellung 26B A4B tut das), dann zählt v die "
                         "Experten, die N + 1 Tokens wählen. Die Voreinstellungen sind Hochrechnungen aus "
                         "veröffentlichten Zahlen, keine Messungen."),
    "lab.preset.e2b": "Gemma 4 E2B + Entwurfsmodell",
    "lab.preset.e2b.alpha": ("aus 41–49 % angenommenen Vorschlägen bei N = 2, llama.cpp, E2B-Entwurfsmodell "
                             "auf einem E2B-Fine-Tune: [elizaOS/llama.cpp#32](https://github.com/elizaOS/llama.cpp/pull/32)"),
    "lab.preset.e2b.c": ("Entwurfsmodell mit 78 Mio. ([gemmaclaw#116](https://github.com/gemmaclaw/gemmaclaw/pull/116)) ÷ 2,3 Mrd. effektive Parameter "
                         "des Zielmodells ([Gemma-4-Varianten](https://notes.dsebastien.net/30+Areas/33+Permanent+notes/33.02+Content/Gemma+4))"),
    "lab.preset.31b": "Gemma 4 31B + Entwurfsmodell",
    "lab.preset.31b.alpha": ("aus 66–89 % angenommenen Vorschlägen bei N = 4 mit drei Prompts zum Programmieren und "
                             "Erklären, llama.cpp: [llama.cpp#23398](https://github.com/ggml-org/llama.cpp/pull/23398)"),
    "lab.preset.31b.c": ("Entwurfsmodell mit ≈0,47 Mrd. (0,94 GB in bf16: [NeoRoth/gemma-4-31b-it-assistant-mlx](https://huggingface.co/NeoRoth/gemma-4-31b-it-assistant-mlx)) "
                         "÷ 30,7 Mrd. Parameter des Zielmodells"),
    "lab.preset.26b": "Gemma 4 26B A4B (MoE) + Entwurfsmodell",
    "lab.preset.26b.alpha": ("angepasst an die Akzeptanz je Position 0,844 / 0,599 / 0,385 / 0,271 bei N = 4, vLLM: "
                             "[eugr/spark-vllm-docker#343](https://github.com/eugr/spark-vllm-docker/issues/343)"),
    "lab.preset.26b.c": ("Entwurfsmodell mit ≈0,41 Mrd. (440 MB bei 8,5 Bit pro Gewicht: [Q8_0 GGUF](https://graysoft.dev/models/sup/superbonyx-gemma-4-26b-a4b-it-qat-assistant-mtp-q8-0.gguf.html)) "
                         "÷ 3,8 Mrd. aktive Parameter des Zielmodells"),
    # -- tour tab -------------------------------------------------------------------------------------------------
    "tour.intro": ("# Eine geführte Tour durch MTP\nElf kurze Kapitel mit je einer Idee,"
                   " an aufgezeichneten Beispielen: Es muss nichts geladen werden und kein Modell läuft. Mit "
                   "**Weiter** geht es los; mit → und ← blättern Sie ebenfalls."),
    "tour.next": "Weiter",
    "tour.back": "Zurück",
    "tour.try": "**Ausprobieren:** {text}",
    "tour.check": "**Selbsttest:** {text}",
    "tour.reveal": "Antwort zeigen",
    "tour.answer": "**Antwort:** {text}",
    "tour.left": "Nur das Zielmodell",
    "tour.right": "Mit dem MTP-Entwurfsmodell",
    "tour.open_lab": "„Labor: Entwurfslänge“ öffnen",
    "tour.open_experts": "Ansicht „Genutzte Experten“ öffnen",
    "tour.ch1.title": "Das Zielmodell allein: ein Vorwärtsdurchlauf pro Token",
    "tour.ch1.text": ("Zuerst ganz ohne Entwurfsmodell. Ein Sprachmodell schreibt pro Vorwärtsdurchlauf ein Token: "
                      "Der Durchlauf liest den ganzen bisherigen Text, wählt das nächste Token, und erst dann kann "
                      "der nächste Durchlauf beginnen. In dieser Aufzeichnung brauchte das Zielmodell {alone} "
                      "Durchläufe für {tokens} Tokens, jeder ein dunkelblauer Balken. Auch ein leichtes Token wie "
                      "das Ende eines bekannten Sprichworts kostet einen vollen Durchlauf, genau wie ein schweres."),
    "tour.ch1.try": ("Stellen Sie unter **Schritt für Schritt** die Vorschlagsquelle auf *keine (Vergleichsbasis)*, "
                     "drücken Sie **Bis zum Ende** und zählen Sie die Balken in der Zeitleiste."),
    "tour.ch1.q": "Warum kann das Zielmodell das zweite Token nicht im selben Durchlauf schreiben wie das erste?",
    "tour.ch1.a": ("Weil das zweite Token vom ersten abhängt: Der Durchlauf, der es wählt, braucht das erste Token "
                   "als Eingabe. Allein muss das Zielmodell seine Durchläufe nacheinander ausführen."),
    "tour.ch2.title": "Das Entwurfsmodell rät N Tokens aus den Aktivierungen des Zielmodells",
    "tour.ch2.text": ("Jetzt hilft ein kleines Entwurfsmodell mit. Vor jedem Durchlauf des Zielmodells rät es die "
                      "nächsten N Tokens, eines nach dem anderen (in Runde {round} waren es {drafted}, bei N = {n})."
                      " Dabei fängt es nicht bei null an: Es liest die Aktivierungen des Zielmodells, den "
                      "verborgenen Zustand seiner letzten Schicht (hier {hidden} Zahlen), hängt das Embedding des "
                      "letzten Tokens an und projiziert die {concat} Zahlen auf seine eigene Breite von "
                      "{drafter_hidden} herunter. Für den nächsten Vorschlag vertritt seine eigene, wieder "
                      "hochprojizierte Ausgabe den verborgenen Zustand des Zielmodells."),
    "tour.ch2.try": ("Drücken Sie unter **Schritt für Schritt** zweimal **Schritt** und sehen Sie sich die Ansicht "
                     "*Aktivierungen des Zielmodells* an: Jede Größe darin stammt aus dem geladenen Modell."),
    "tour.ch2.q": "Welche zwei Eingaben verbindet das Entwurfsmodell für den ersten Vorschlag einer Runde?",
    "tour.ch2.a": ("Den letzten verborgenen Zustand des Zielmodells an der aktuellen Position und das Embedding des "
                   "letzten Tokens. Beide werden verkettet und auf die Breite des Entwurfsmodells "
                   "herunterprojiziert."),
    "tour.ch3.title": "Ein Durchlauf des Zielmodells prüft alle Vorschläge",
    "tour.ch3.text": ("Das Zielmodell prüft die Vorschläge nicht einzeln. Es liest alle {drafted} in einem einzigen "
                      "Vorwärtsdurchlauf und erhält dabei seine eigene Wahrscheinlichkeit p an jeder Position auf "
                      "einmal. Die Ansicht stellt für jeden Vorschlag p neben die Wahrscheinlichkeit q des "
                      "Entwurfsmodells. Bei Greedy-Decodierung bleibt ein Vorschlag, wenn er genau das Token ist, "
                      "das das Zielmodell an dieser Stelle selbst gewählt hätte."),
    "tour.ch3.try": ("Gehen Sie einige Runden durch und vergleichen Sie die Spuren der Zeitleiste: Wie viele "
                     "hellblaue Balken des Entwurfsmodells eine Runde auch hat, sie hat nur einen dunkelblauen "
                     "Balken des Zielmodells."),
    "tour.ch3.q": ("Warum kostet es kaum mehr, mehrere Vorschläge in einem Durchlauf zu prüfen, als ein Token zu "
                   "schreiben?"),
    "tour.ch3.a": ("Ein dichtes Modell verwendet an jeder Position dieselben Gewichte. Auf einer GPU geht die Zeit "
                   "eines Durchlaufs vor allem in das Laden dieser Gewichte, und sie werden für alle Positionen nur "
                   "einmal geladen."),
    "tour.ch4.title": "Das übereinstimmende Präfix annehmen, dann ein eigenes Token des Zielmodells",
    "tour.ch4.text": ("In Runde {round} schlug das Entwurfsmodell {drafted} Tokens vor, und das Zielmodell stimmte "
                      "den ersten {kept} zu. Vorschlag {first_rejected} lautete „{rejected_guess}“, das Zielmodell "
                      "wollte aber „{target_token}“; dieser Vorschlag und alle danach werden verworfen. Trotzdem "
                      "endet die Runde mit einem eigenen Token des Zielmodells, und das tut sie immer: Der "
                      "Prüfdurchlauf hat die Verteilung des Zielmodells an der ersten abweichenden Position bereits "
                      "berechnet, seine eigene Wahl dort kostet also nichts extra. Eine Runde fügt nie weniger "
                      "Tokens hinzu als das Zielmodell allein."),
    "tour.ch4.try": ("Suchen Sie im Token-Strom das orange ↺-Token: die Korrektur. Die dunkelorangefarbenen, "
                     "durchgestrichenen ✗-Tokens wurden entworfen, aber nie geschrieben."),
    "tour.ch4.q": ("Schon der erste Vorschlag des Entwurfsmodells ist falsch. Wie viele Tokens fügt die Runde "
                   "trotzdem hinzu?"),
    "tour.ch4.a": ("Eines: die Korrektur des Zielmodells an dieser Stelle. Die Runde liefert dann so viel wie ein "
                   "Durchlauf des Zielmodells allein, zum Preis der kurzen Durchläufe des Entwurfsmodells."),
    "tour.ch5.title": "Das Bonus-Token, wenn alle Vorschläge stimmten",
    "tour.ch5.text": ("In Runde {round} stimmte das Zielmodell allen {drafted} Vorschlägen zu. Sein Prüfdurchlauf "
                      "hat auch die Verteilung an der Position nach dem letzten Vorschlag berechnet, also fügt es "
                      "dort ein eigenes Token an: das Bonus-Token „{target_token}“. Diese Runde schrieb {new} Tokens"
                      " mit einem einzigen Durchlauf des Zielmodells. Nach einer solchen Runde lässt der "
                      "heuristische Zeitplan das Entwurfsmodell beim nächsten Mal 2 Tokens mehr raten."),
    "tour.ch5.try": ("Gehen Sie *{actions_speak}* durch und achten Sie auf die blauen ★-Tokens: Jedes beendet eine "
                     "Runde, in der alle Vorschläge angenommen wurden."),
    "tour.ch5.q": "Wie viele Tokens kann eine Runde mit N Vorschlägen höchstens hinzufügen?",
    "tour.ch5.a": "N + 1: alle N Vorschläge und das Bonus-Token.",
    "tour.ch6.title": "Derselbe Text mit und ohne Entwurfsmodell",
    "tour.ch6.text": ("Derselbe Prompt zweimal, im Wettrennen: oben das Zielmodell allein, darunter mit "
                      "Entwurfsmodell, abgespielt im Tempo, das bei der Aufzeichnung gemessen wurde. Beide "
                      "schrieben dieselben {tokens} Tokens, Wort für Wort. Bei Greedy-Decodierung ist jeder "
                      "angenommene Vorschlag ein Token, das das Zielmodell ohnehin gewählt hätte; das Entwurfsmodell"
                      " ändert also, wie schnell der Text kommt, nie, was er sagt. Anders ist die Zahl: {passes}"
                      " Durchläufe des Zielmodells statt {alone} für dieselben {tokens} Tokens, und deshalb war der"
                      " Text {by_clock} {ratio}-mal so schnell fertig."),
    "tour.ch6.try": ("Halten Sie das Rennen mit der Leertaste an und lassen Sie es weiterlaufen, und ändern Sie die "
                     "Zeitlupe: Das Tempo ändert sich, die Zahlen nicht. Lassen Sie dann im Reiter **Wettrennen** "
                     "einen eigenen Prompt antreten."),
    "tour.ch6.q": "Ist die Ausgabe mit eingeschaltetem Sampling immer noch genau die des Zielmodells?",
    "tour.ch6.a": ("Nicht Token für Token, weil die Zufallszüge anders ausfallen, aber sie folgt exakt der "
                   "Verteilung des Zielmodells: Die Annahmeregel aus Kapitel 10 sorgt dafür, dass jedes Token so "
                   "herauskommt, als hätte das Zielmodell es allein gezogen."),
    "tour.ch7.title": "KV-Sharing: Das Entwurfsmodell liest den Cache des Zielmodells",
    "tour.ch7.text": ("Um gut zu raten, muss das Entwurfsmodell den ganzen Text beachten, und doch hat es keinen "
                      "eigenen KV-Cache. Jede seiner {drafter_layers} Schichten liest die Schlüssel und Werte einer "
                      "Schicht des Zielmodells derselben Art: Schicht {sliding_layer}, die letzte "
                      "Sliding-Window-Schicht des Zielmodells, und Schicht {full_layer}, seine letzte Schicht mit "
                      "voller Attention. Rechts wächst der Cache des Zielmodells mit jeder geprüften Position; in "
                      "Runde {round} werden die abgelehnten Vorschläge wieder abgeschnitten ({verified} → {after} "
                      "Positionen)."),
    "tour.ch7.try": ("Gehen Sie zu einer Runde mit Korrektur und beobachten Sie den dunkelorangefarbenen, "
                     "kreuzschraffierten Teil des Cache-Balkens: Das Abschneiden entfernt ihn."),
    "tour.ch7.q": "Was spart das Entwurfsmodell, weil es den Cache des Zielmodells liest?",
    "tour.ch7.a": ("Ein eigenes Prefill und eine zweite Kopie der Schlüssel und Werte: Es liest den Prompt nie "
                   "selbst und braucht keinen Speicher für einen Cache."),
    "tour.ch8.title": "Der effiziente Embedder und ein echter Cluster-Fehlgriff",
    "tour.ch8.text": ("Alle {vocab} Tokens des Vokabulars zu bewerten, wäre ein großer Teil der Arbeit eines kleinen"
                      " Entwurfsmodells. Deshalb bewertet es zuerst {clusters} Cluster ähnlicher Tokens, je einen "
                      "Zentroiden pro Cluster, und sucht nur in den besten {top_k}: etwa {share:.1%} des Vokabulars. "
                      "Meist liegt das richtige Token darin. In Runde {round} dieses zahlenlastigen Beispiels nicht:"
                      " Das Entwurfsmodell riet „{miss_guess}“, das Zielmodell wollte „{miss_wanted}“, und dieses "
                      "Token lag in einem Cluster, den das Entwurfsmodell nie geöffnet hat."),
    "tour.ch8.try": ("Laden Sie unter **Schritt für Schritt** *{tom_counted}*, öffnen Sie die *Cluster-Auswahl* und "
                     "gehen Sie weiter, bis ein Feld „Cluster-Fehlgriff“ meldet."),
    "tour.ch8.q": "Macht ein Cluster-Fehlgriff die Ausgabe falsch?",
    "tour.ch8.a": ("Nein. Er kostet einen abgelehnten Vorschlag, mehr nicht: Das Zielmodell prüft jeden Vorschlag "
                   "und schreibt an dieser Stelle sein eigenes Token."),
    "tour.ch9.title": "Wie lang soll der Entwurf sein? Der Zeitplan entscheidet",
    "tour.ch9.text": ("Längere Entwürfe lohnen sich nur, solange die Vorschläge angenommen werden. Jeder Vorschlag "
                      "nach der ersten Ablehnung ist verschwendet: Das Entwurfsmodell hat einen Durchlauf dafür "
                      "gebraucht, und das Zielmodell hat ihn umsonst geprüft. Bei überraschendem Text kostet ein "
                      "langer Entwurf mehr, als er spart; kurze Entwürfe verschwenden wenig, können aber auch nicht "
                      "viel gewinnen. Der heuristische Zeitplan passt N unterwegs an: +2 nach einer Runde, in der "
                      "jeder Vorschlag angenommen wurde, −1 nach jeder Ablehnung. In diesem Beispiel sank N von "
                      "{n_first} auf {n_min}, und das Zielmodell lieferte {mean} Tokens pro Durchlauf (alle neuen "
                      "Tokens geteilt durch alle Durchläufe, den über den Prompt eingeschlossen)."),
    "tour.ch9.try": ("Stellen Sie unter **Schritt für Schritt** den Zeitplan auf *konstant* und N auf 8, klicken Sie "
                     "auf das Beispiel *{counting}*, dann auf **Bis zum Ende**, und vergleichen Sie die Tokens pro Durchlauf des Zielmodells mit dem "
                     "heuristischen Zeitplan."),
    "tour.ch9.q": ("Das Entwurfsmodell ist bei einem Text sehr gut und bei einem anderen schwach. Wohin bringt der "
                   "Zeitplan N jeweils?"),
    "tour.ch9.a": ("Beim leichten Text nach jeder vollständig angenommenen Runde um 2 nach oben; beim schweren nach "
                   "jeder Ablehnung um 1 nach unten, aber nie unter 1."),
    "tour.ch10.title": "Sampling: u gegen min(1, p/q) und die Restverteilung",
    "tour.ch10.text": ("Mit Sampling zieht das Entwurfsmodell seine Vorschläge aus seiner eigenen Verteilung "
                       "q. Das Zielmodell nimmt einen Vorschlag mit der Wahrscheinlichkeit min(1, p/q) "
                       "an: Es zieht eine Zufallszahl u zwischen 0 und 1 und nimmt den Vorschlag an, wenn "
                       "u unter dieser Schwelle liegt. In Runde {round} hatte Vorschlag {first_rejected} "
                       "p = {p} und q = {q}, die Schwelle lag also bei {accept}; u fiel auf {u}, und der "
                       "Vorschlag wurde abgelehnt. Der Ersatz wird aus der Restverteilung norm(max(0, "
                       "p − q)) gezogen, der Wahrscheinlichkeit, die das Entwurfsmodell nicht abgedeckt "
                       "hat. Zusammen ergeben beide Schritte Tokens, die genau so verteilt sind, wie das "
                       "Zielmodell allein sie ziehen würde."),
    "tour.ch10.try": ("Schalten Sie unter **Schritt für Schritt** *Sampling* ein, ändern Sie den Startwert und "
                      "lassen Sie es erneut laufen: Der Text ändert sich, die Regel nicht."),
    "tour.ch10.q": "Ein Vorschlag hat p = 0,6 und q = 0,3. Wie wahrscheinlich wird er angenommen?",
    "tour.ch10.a": ("Sicher: min(1, 0,6 / 0,3) = 1. Abgelehnt werden kann nur ein Vorschlag, den das Entwurfsmodell "
                    "höher einschätzte als das Zielmodell (q > p)."),
    "tour.ch11.title": "Mixture of Experts: warum MTP dort weniger bringt",
    "tour.ch11.text": "{plain}\n\nUnten prüft die mitgelieferte MoE-Miniatur in Runde {round} einen Entwurf: Ihre {positions} Positionen nutzten im Mittel {distinct} verschiedene Experten pro Schicht, ein einzelnes Token nutzt k = {k}.",
    "tour.ch11.more": "Bisher war das Zielmodell dicht: Jedes Token läuft durch dieselben Gewichte, also liest die Prüfung von {most} Vorschlägen in einem Durchlauf diese Gewichte einmal und kostet kaum mehr als ein Token. Ein MoE-Zielmodell wie Gemma 4 26B A4B schickt jedes Token durch {k26} seiner {E26} Experten pro Schicht, und verschiedene Tokens wählen verschiedene. {moe}\n\n{mini} Wählten seine {positions} Positionen zufällig unter seinen {E} Experten, kämen sie im Mittel auf {expected}.",     # behind "More" under the chapter
    "tour.ch11.try_experts": ("Hier prüft die MoE-Miniatur einen Entwurf: Vergleichen Sie, wie viele verschiedene "
                              "Experten jede Schicht für den ganzen Entwurf nutzte, mit k, den Experten "
                              "eines einzelnen Tokens."),
    "tour.ch11.q": "Warum lohnt sich MTP bei einem MoE-Modell mit großem Batch mehr?",
    "tour.ch11.a": ("Über viele Sequenzen hinweg wählen die Tokens überlappende Experten, die einmal geladenen "
                    "Gewichte eines Experten dienen also vielen Tokens. Bei Batchgröße 1 brauchen die zusätzlichen "
                    "Vorschläge oft Experten, die sonst niemand nutzt."),
    # -- glossary (every tab) -------------------------------------------------------------------------------------
    "glossary.title": "Glossar",
    "glossary.target": ("**Zielmodell (target)**: das große Modell, dessen Text wir wollen; es hat bei jedem Token "
                        "das letzte Wort."),
    "glossary.drafter": ("**Entwurfsmodell (drafter; in transformers „assistant“)**: ein kleines, schnelles "
                         "Modell, das die nächsten Tokens rät, die das Zielmodell dann prüft. Das Entwurfsmodell "
                         "von Gemma 4 hat 4 Schichten und baut auf den Aktivierungen des Zielmodells auf."),
    "glossary.mtp": ("**MTP (Multi-Token Prediction)**: die Bauweise des Entwurfsmodells von Gemma 4: Ein Durchlauf "
                     "des Zielmodells liefert mehrere Tokens, die angenommenen Vorschläge und eines vom Zielmodell "
                     "selbst."),
    "glossary.speculative": ("**Spekulative Decodierung**: Ein billiges Modell rät voraus, ein teures prüft; die "
                             "Ausgabe bleibt die des teuren Modells."),
    "glossary.token": ("**Token**: ein Stück Text (ein Wort, ein Wortteil, ein Zeichen), das ein Modell in einem "
                       "Schritt liest oder schreibt."),
    "glossary.forward_pass": ("**Vorwärtsdurchlauf (forward pass)**: ein Lauf eines Modells über seine Eingabe; beim"
                              " Zielmodell liefert ein Durchlauf an jeder gelesenen Position die "
                              "Wahrscheinlichkeiten für das nächste Token."),
    "glossary.draft": ("**Entwurf (draft)**: die N Entwurfstokens, die das Entwurfsmodell in einer Runde rät; N ist "
                       "num_assistant_tokens."),
    "glossary.round": ("**Runde**: entwerfen, prüfen, das Übereinstimmende annehmen, das "
                       "Token des Zielmodells anfügen. Runde 0 ist das Prefill, in dem das "
                       "Zielmodell den Prompt liest."),
    "glossary.verification": ("**Prüfung (verification)**: der eine Durchlauf des Zielmodells, der alle Vorschläge "
                              "einer Runde bewertet und entscheidet, welche bleiben."),
    "glossary.acceptance_length": ("**Akzeptanzlänge (acceptance length)**: die Tokens, die eine Runde hinzufügt, "
                                   "also die angenommenen Vorschläge plus das eigene Token des Zielmodells."),
    "glossary.correction": ("**Korrektur**: das eigene Token des Zielmodells am ersten abgelehnten Vorschlag; alles "
                            "danach Entworfene fällt weg."),
    "glossary.bonus": ("**Bonus-Token**: das zusätzliche Token, das das Zielmodell anfügt, wenn alle Vorschläge der "
                       "Runde angenommen wurden."),
    "glossary.kv_cache": ("**KV-Cache**: die Schlüssel und Werte früherer Positionen, je Schicht gespeichert, damit "
                          "ein neuer Durchlauf sie nicht neu berechnet. Das Entwurfsmodell von Gemma 4 liest den des"
                          " Zielmodells, statt einen eigenen zu führen."),
    "glossary.attention": ("**Sliding-Window- / volle Attention-Schicht**: Eine Sliding-Window-Schicht sieht nur die"
                           " letzten Positionen, eine Schicht mit voller (globaler) Attention sieht alle."),
    "glossary.hidden_state": ("**Verborgener Zustand (hidden state, Aktivierungen)**: der Vektor, den eine Schicht "
                              "an einer Position ausgibt; der letzte des Zielmodells fasst den bisherigen Text "
                              "zusammen und speist das Entwurfsmodell."),
    "glossary.embedding": ("**Embedding**: der Vektor, zu dem ein Token vor der ersten Schicht wird; das "
                           "Entwurfsmodell teilt die Embedding-Tabelle des Zielmodells."),
    "glossary.cluster": ("**Zentroid / Cluster**: Der effiziente Embedder fasst ähnliche Tokens zu Clustern mit je "
                         "einem Zentroid-Vektor zusammen; das Entwurfsmodell bewertet zuerst die Zentroiden, dann "
                         "nur die Tokens der besten Cluster."),
    "glossary.cluster_miss": ("**Cluster-Fehlgriff (cluster miss)**: Das Token des Zielmodells lag in einem Cluster,"
                              " den das Entwurfsmodell nicht ausgewählt hatte; dieser Vorschlag konnte also nicht "
                              "stimmen."),
    "glossary.schedule": ("**Zeitplan (schedule)**: wie sich N von Runde zu Runde ändert. heuristisch: +2 nach einer "
                          "vollständig angenommenen Runde, −1 nach einer Ablehnung; konstant: gar nicht."),
    "glossary.moe": ("**Mixture of Experts (MoE) / Experte**: ein Modell, dessen Schichten viele Teilnetze, die "
                     "Experten, enthalten und jedes Token durch wenige davon schicken; verschiedene Tokens können "
                     "verschiedene Experten nutzen."),
    "glossary.n": ("**N (Entwurfslänge; bei Leviathan et al. γ)**: wie viele Tokens das Entwurfsmodell in "
                   "einer Runde höchstens rät (in transformers num_assistant_tokens); der Zeitplan kann N "
                   "zwischen den Runden ändern."),
    "glossary.alpha": ("**α (Annahmequote)**: die Wahrscheinlichkeit, dass das Zielmodell einen Vorschlag "
                       "annimmt, wenn alle Vorschläge davor angenommen wurden. Das Labor passt α an die gemessenen "
                       "Runden an; daraus sagt das Kostenmodell (1 − α^(N+1)) / (1 − α) Tokens pro Durchlauf "
                       "des Zielmodells voraus."),
    "glossary.c": ("**c (Kostenverhältnis)**: die Zeit eines Durchlaufs des Entwurfsmodells geteilt durch "
                   "die Zeit eines Durchlaufs des Zielmodells. Je kleiner c ist, desto eher lohnen sich weitere "
                   "Vorschläge."),
    "glossary.v": ("**v (Prüfkosten)**: die Zeit des Durchlaufs, in dem das Zielmodell N + 1 Tokens prüft, "
                   "geteilt durch die Zeit eines Ein-Token-Durchlaufs. Bei einem dichten Modell mit Batchgröße "
                   "1 etwa 1, weil ein Durchlauf die Gewichte einmal liest, egal wie viele Tokens er trägt; "
                   "bei Mixture of Experts mehr, weil verschiedene Tokens verschiedene Experten wählen."),
    "glossary.measure_again": ("**Neu messen**: führt denselben Prompt mit denselben Einstellungen auf diesem "
                               "Server noch einmal aus, damit Sie sehen, wie stark die Zeiten schwanken; der "
                               "Text bleibt gleich, nur die Zeiten ändern sich."),
    "glossary.one_by_one": ("**„einzeln?“ (Zeitleiste)**: der umrandete Balken in der untersten Spur der Zeitleiste: "
                            "was die Prüfung dieser Runde gekostet hätte, wenn jedes Token einen eigenen Durchlauf "
                            "des Zielmodells gebraucht hätte (N + 1 Ein-Token-Durchläufe, gemessen beim Laden), "
                            "neben dem einen Durchlauf, der wirklich alle geprüft hat."),
    # -- figures --------------------------------------------------------------------------------------------------
    "fig.experts.title": "Genutzte Experten",
    "fig.experts.short": "Ein Zielmodell mit Mixture of Experts liest nur die Experten, die seine Tokens wählen. Wer N + 1 Tokens auf einmal prüft, wählt viel mehr Experten als ein einzelnes Token; der Prüfdurchlauf liest also mehr Gewichte. Oben links: welche Experten der Durchlauf dieser Runde in jeder Schicht nutzte; die anderen Felder zählen diese Kosten pro Runde und für mehrere Batchgrößen.",
    "fig.experts.what": ("Ein Token braucht nur wenige Experten einer Schicht. Die Prüfung eines Entwurfs, N + 1 "
                         "Tokens auf einmal, braucht viel mehr, denn jedes Token wählt seine eigenen. Bei Batchgröße "
                         "1 dauert das Lesen dieser zusätzlichen Gewichte etwa so lange, wie der Entwurf einspart. "
                         "Bei einem MoE-Zielmodell schickt der Router jeder Schicht jedes Token an k "
                         "seiner E Experten, und nur deren Gewichte werden gelesen. Oben links: wie viele Positionen "
                         "(das letzte feste Token und jeder Entwurf) im Durchlauf des Zielmodells dieser Runde an "
                         "jeden Experten jeder Schicht gingen. Oben rechts: pro Prüfdurchlauf die Zahl verschiedener "
                         "Experten, die eine Schicht nutzte, verglichen mit k (die Experten eines Tokens) und mit "
                         "E·(1 − (1 − k/E)^T), was T = N + 1 Positionen bei zufälliger Wahl träfen (für jeden der E "
                         "Experten die Wahrscheinlichkeit, dass mindestens eine der T Positionen ihn wählt, "
                         "aufsummiert). Mitte links: die in diesem Durchlauf gelesenen Gewichte, der gemeinsame Teil "
                         "und die genutzten Experten, gegenüber einem Schritt mit einem Token; die Zahl über jedem "
                         "Balken ist v, was diese Prüfung in Ein-Token-Schritten kostete. Mitte rechts: die "
                         "Beschleunigung, die das Kostenmodell von Leviathan et al. für jede Runde vorhersagt, "
                         "tokens / (N·c + v), mit v = 1 (Prüfen so billig wie ein Schritt, bei einem dichten Modell "
                         "mit Batchgröße 1 ungefähr zutreffend) und mit v gemessen als gelesene Bytes im Verhältnis "
                         "zu einem Ein-Token-Schritt. Unten: aufgezeichnete Verläufe verschiedener Prompts, "
                         "nebeneinander decodiert, B = 1, 2, 4, 8: die Vereinigung der Experten pro Schicht und "
                         "Durchlauf und die pro erzeugtem Token gelesenen Experten-Bytes, mit und ohne Entwurf. Bei "
                         "Batchgröße 1 überschneiden sich die Experten der Entwürfe wenig, das Prüfen von N + 1 "
                         "Tokens liest also ein Mehrfaches der Expertengewichte eines Schritts, und die "
                         "Beschleunigung schrumpft. Bei mehr Sequenzen liest schon die gewöhnliche Decodierung viele "
                         "der Experten, die Entwürfe fügen also verhältnismäßig weniger hinzu. Die Balken unten "
                         "rechts zeigen pro erzeugtem Token, ob Entwerfen bei jedem B mehr oder weniger "
                         "Experten-Bytes liest. Für 26B A4B, dessen Experten den größten Teil seiner Gewichte "
                         "ausmachen, rechnen die Voreinstellung 26B A4B im Labor und Kapitel 11 der Tour dieselbe "
                         "Zählung mit den echten Größen durch."),
    "fig.experts.dense": ("Dieses Zielmodell ist dicht: Jedes Token läuft durch alle seine Gewichte, es gibt also "
                          "keine Experten zu zählen. Wählen Sie unter „Modell“ „{moe}“, um ein Gemma 4 mit Mixture "
                          "of Experts zu sehen."),
    "fig.experts.heading": ("Genutzte Experten, Runde {i}: {positions} geroutet, jede an k = {k} von E = {E} "
                            "Experten pro Schicht"),
    "fig.experts.grid": "an jeden Experten geroutete Positionen, diese Runde",
    "fig.experts.distinct": "verschiedene Experten pro Schicht und Prüfung",
    "fig.experts.bytes": "gelesene Gewichte pro Prüfdurchlauf (× Ein-Token-Schritt)",
    "fig.experts.speedup": "vorhergesagte Beschleunigung pro Runde",
    "fig.experts.batch_union": "Batch: Experten pro Schicht und Durchlauf",
    "fig.experts.batch_bytes": "Batch: gelesene Expertengewichte pro erzeugtem Token",
    "fig.experts.no_rounds": "Im Prefill wurde noch nichts geprüft: Gehen Sie zu Runde 1",
    "fig.experts.no_batch": "keine aufgezeichneten Batch-Verläufe für dieses Modell",
    "fig.experts.hover.grid": "Schicht %{y}, Experte %{x}: hierher geroutete Positionen %{z}<extra></extra>",
    "fig.experts.legend.positions": "Positionen",
    "fig.experts.legend.distinct": "verschiedene Experten (Mittel über die Schichten)",
    "fig.experts.legend.expected": "bei zufälligem Routing",
    "fig.experts.legend.k": "ein Token: k = {k}",
    "fig.experts.legend.verify_bytes": "Prüfdurchlauf",
    "fig.experts.legend.step_bytes": "Schritt mit einem Token",
    "fig.experts.legend.free": "Prüfen kostet einen Schritt",
    "fig.experts.legend.costed": "Prüfen kostet die gelesenen Bytes",
    "fig.experts.legend.with": "mit Entwurf (N + 1 Positionen pro Sequenz)",
    "fig.experts.legend.without": "ohne Entwurf (1 Token pro Sequenz)",
    "fig.experts.axis.expert": "Experte",
    "fig.experts.axis.layer": "Schicht",
    "fig.experts.axis.experts": "Experten",
    "fig.experts.axis.round": "Runde",
    "fig.experts.axis.kb": "kB Gewichte (gemeinsam + Experten)",
    "fig.experts.axis.kb_token": "kB pro erzeugtem Token",
    "fig.experts.axis.speedup": "x gewöhnliche Decodierung",
    "fig.experts.axis.batch": "Sequenzen nebeneinander (B)",
    "fig.experts.verify_cost": ("; jede Prüfung bis Runde {i} las im Mittel die Gewichte von {v:.2f} "
                                "Ein-Token-Schritten"),
    # -- public: policy, limits and errors ------------------------------------------------------------------------
    "public.model_info": "die Modelle, die dieser Server anbietet",
    "public.model_refused": ("Dieser Server führt nur diese Modelle aus: {allowed}. Wählen Sie eines davon unter "
                             "„Modell“; andere Hub-IDs und Ordner sind hier abgeschaltet. Um einen beliebigen "
                             "Gemma-4-Checkpoint zu laden, starten Sie die App auf Ihrem eigenen Rechner (siehe "
                             "README)."),
    "public.nothing_allowed": "keines (MTP_VIZ_MODELS des Servers nennt kein Modell)",
    "public.bad_hub_id": ("„{ident}“ ist weder eine Modell-ID von Hugging Face (Besitzer/Name, etwa "
                          "google/gemma-4-E2B-it) noch ein lokaler Ordner."),
    "public.prompt_empty": "Der Prompt ist leer: Geben Sie einen Text ein, um fortzufahren.",
    "public.prompt_too_long": ("Der Prompt hat {n} Zeichen; dieser Server nimmt höchstens {limit}. Kürzen Sie ihn "
                               "und versuchen Sie es erneut."),
    "public.over_limit": ("{name} ist {value}; dieser Server erlaubt höchstens {limit}. Wählen Sie einen kleineren "
                          "Wert."),
    "public.loading": ("{model} wird noch geladen (beim ersten Mal kann das Minuten dauern). Drücken Sie die "
                       "Schaltfläche gleich noch einmal; alle anderen können währenddessen weiterarbeiten."),
    "public.busy": ("Der Server lädt gerade {other} und lädt immer nur ein Modell gleichzeitig. Versuchen Sie "
                    "{model} in einer Minute erneut oder nehmen Sie ein bereits geladenes Modell."),
    "public.worker_lost": ("Der Prozess, der Ihren Text erzeugt hat, ist zweimal vor dem Ende abgebrochen (dem Server "
                           "wird vielleicht der Speicher knapp). Ein neuer startet gerade: Versuchen Sie es in ein "
                           "paar Sekunden noch einmal."),
    "public.no_tokenizer": ("{model} wurde geladen, sein Tokenizer aber nicht ({error}); die App braucht einen, um "
                            "einen Prompt zu lesen. Prüfen Sie, ob der Checkpoint Tokenizer-Dateien enthält."),
    "load.kind.target": "Das Zielmodell",
    "load.kind.assistant": "Das Entwurfsmodell",
    "load.not_found": ("{kind} „{ident}“ ist kein lokaler Ordner und liegt auch nicht im lokalen Hugging-Face-Cache "
                       "(Offline-Modus: HF_HUB_OFFLINE=1; laden Sie das Modell zuerst mit `hf download` herunter): "
                       "{error}"),
    "load.failed": "{kind} „{ident}“ ließ sich nicht laden: {error}",
    "load.vocab_mismatch": ("Das Vokabular des Entwurfsmodells ({assistant} Tokens) unterscheidet sich "
                            "von dem des Zielmodells ({target} Tokens); spekulative Decodierung braucht "
                            "hier ein gemeinsames Vokabular."),
    "load.miniature_missing": ("Das mitgelieferte Modell {name} fehlt in {folder}; erstellen Sie es neu mit "
                               "`python -m mtp_viz.training --pair {name}`."),
    "load.no_draft_model": ("Zum mitgelieferten Modell {name} gehört kein eigenständiges kleines Modell namens "
                            "„{assistant}“; mitgeliefert sind diese Paare: {pairs}."),
    "load.no_model": ("Kein Modell angegeben: Tragen Sie eine Hub-ID wie google/gemma-4-E2B-it oder einen lokalen "
                      "Ordner ein."),
    "public.proposer.no_draft_model": ("Die Vorschlagsquelle „eigenständiges kleines Modell“ braucht ein eigenes "
                                       "kleines Modell, das für das Zielmodell rät, und dieser Server hat keines "
                                       "für {model}. Wählen Sie unter „Vorschlagsquelle“ MTP, Prompt-Nachschlagen "
                                       "oder keine{instead}."),
    "public.proposer.instead": (", oder wählen Sie das Modell {targets}, zu dem ein eigenständiges kleines Modell "
                                "mitgeliefert wird"),
    "public.proposer.name_assistant": ("Die Vorschlagsquelle „eigenständiges kleines Modell“ braucht ein "
                                       "eigenes kleines Modell mit demselben Vokabular, eingetragen unter "
                                       "„Entwurfsmodell“: Das mitgelieferte Entwurfsmodell von {model} ist "
                                       "ein MTP-Entwurfsmodell, das die Aktivierungen des Zielmodells liest "
                                       "und allein nicht raten kann. Tragen Sie dort eines ein oder wählen "
                                       "Sie MTP."),
    "public.error.memory": ("Dem Server ging bei dieser Anfrage der Speicher aus. Versuchen Sie weniger neue Tokens "
                            "oder ein kleineres Modell; passiert das öfter, sagen Sie es den Betreibern der App."),
    "public.error.os": ("Der Server konnte eine benötigte Datei nicht lesen oder schreiben (Einzelheiten im "
                        "Server-Log). Versuchen Sie es gleich noch einmal; passiert das öfter, sagen Sie es den "
                        "Betreibern der App."),
    "public.error.other": ("Auf dem Server ist etwas schiefgegangen ({kind}); die Einzelheiten stehen in seinem Log."
                           " Versuchen Sie es erneut oder mit anderen Einstellungen; passiert das öfter, sagen Sie "
                           "es den Betreibern der App."),
    "public.trace.too_large": "die Datei hat {size:,} Bytes; ein Verlauf darf höchstens {limit:,} haben",
    "public.trace.too_deep": "das JSON ist tiefer als {limit} Ebenen verschachtelt; ein Verlauf ist das nie",
    "public.trace.not_json": "kein JSON ({error})",
    "public.trace.not_finite": "es enthält {value}, eine Zahl, die JSON nicht erlaubt",
    "public.trace.field": "{field}: {problem}",
    "public.trace.version": "Schema-Version {version} kann diese Programmversion nicht lesen ({supported})",
    "public.trace.invalid": "kein Verlauf: {problem}",
    "public.trace.not_utf8": "kein JSON (kein UTF-8-Text: {reason})",
    "public.trace.not_object": "kein JSON (das JSON ist kein Objekt)",
    "public.trace.versions": "{low} bis {high}",
    "public.trace.same_length": "{a} und {b} müssen gleich lang sein",
    "public.trace.too_many_kept": "num_accepted ({kept}) ist größer als die {drafts} Vorschläge",
    "public.trace.too_many_emitted": ("gibt {emitted} Tokens aus, mehr als die {kept} angenommenen Vorschläge und "
                                      "ein weiteres"),
    "public.trace.kept_first": "emitted_token_ids beginnen nicht mit den angenommenen Vorschlägen",
    "public.trace.too_many_steps": "{name} hat {steps} Einträge für {drafts} Vorschläge",
    "public.trace.step_order": "{name}[].step muss 0, 1, 2, … zählen",
    "public.trace.verify_draft": ("die draft_token_id eines Prüfschritts weicht vom Vorschlag an dieser Stelle "
                                  "ab"),
    "public.trace.layer_types": "target_layer_types hat {types} Einträge für {layers} Schichten",
    "public.trace.kv_source": ("kv_source_layers[{kind}] = {layer} ist keine der {layers} Schichten des "
                               "Zielmodells"),
    "public.trace.why_values": "device_why[{i}] ({reason}) hat die Werte {values}, nicht {names}",
    "public.trace.why_kinds": ("device_why[{i}] ({reason}): where ist 'ram' oder 'gpu', threads eine ganze "
                               "Zahl"),
    "public.trace.round_index": "rounds[{i}].index ist {index}; die Runden müssen 0, 1, 2, … nummeriert sein",
    "public.trace.prefill": "rounds[0] muss der Prefill sein (keine Vorschläge, last_token_kind 'prefill')",
    "public.trace.proposer": ("settings.proposer {asked} ist nicht die Vorschlagsquelle, die lief "
                              "(model_info.proposer {ran})"),
    "public.trace.emitted": ("die Runden geben {emitted} Tokens aus, die nicht new_token_ids ergeben "
                             "({new} Tokens)"),
    "public.trace.vocabulary": "{where} enthält die Token-ID {token}, außerhalb des Vokabulars von {vocab}",
    # -- memory check before a real load, and the lab's "From your server" panel (issue 20) ---------------------
    "memory.where.ram": "Arbeitsspeicher",
    "memory.where.gpu": "GPU-Speicher",
    "memory.reason.fits": "{dtype}: {need:.1f} GB passen in die {free:.1f} GB freien {where}s",
    "memory.reason.fallback": ("{dtype}, weil {first} ({need:.1f} GB) nicht in die {free:.1f} GB freien {where}s "
                               "passt"),
    "memory.refused": ("{model} passt nicht auf diesen Rechner: Selbst in {dtype} braucht es etwa {need:.1f} GB ("
                       "{need_bytes:,} Bytes: die Gewichte plus 20 % für die Ausführung), frei sind aber nur "
                       "{free:.1f} GB ({free_bytes:,} Bytes) {where}. Wählen Sie ein kleineres Modell oder starten "
                       "Sie die App auf einem Rechner mit mehr Speicher."),
    "server.title": "Von Ihrem Server: die Annahmequote eines echten vLLM- oder SGLang-Servers",
    "server.intro": ("Kopieren Sie den Text der **/metrics**-Seite Ihres Servers einmal vor und einmal nach einer "
                     "Last (oder laden Sie die beiden Dateien hoch). Das Feld zieht die beiden voneinander ab und "
                     "trägt ein, was Ihr Server gemessen hat, in das Kostenmodell des Labors. vLLM zählt "
                     "Entwurfsrunden, entworfene und angenommene Tokens und die Annahme an jeder Entwurfsposition; "
                     "SGLang meldet nur Akzeptanzlänge und Annahmequote seiner letzten Batches. Hier läuft kein "
                     "Modell, und nichts, was Sie einfügen, verlässt diese Seite."),
    "server.before": "Vor der Last: /metrics-Text (optional)",
    "server.after": "Nach der Last: /metrics-Text",
    "server.upload_before": "Erste Seite hochladen",
    "server.upload_after": "Zweite Seite hochladen",
    "server.url": "Oder die /metrics-URL des Servers lesen (nur im lokalen Modus)",
    "server.url_public": ("Dieser Server liest keine URLs (öffentlicher Modus): Fügen Sie den Text stattdessen ein "
                          "oder laden Sie ihn hoch."),
    "server.fetch_before": "URL ins erste Feld lesen",
    "server.fetch_after": "URL ins zweite Feld lesen",
    "server.c": "c: Durchlaufzeit Entwurfsmodell ÷ Durchlaufzeit Zielmodell auf Ihrem Server",
    "server.preset": "oder c von einem belegten Gemma-4-Paar übernehmen",
    "server.gamma": "N, mit dem der Server lief (SGLang: --speculative-num-steps; 0 = selbst ermitteln)",
    "server.read": "Zahlen auslesen",
    "server.preset_note": "c = {c:.3f} für {name}: {source} (hochgerechnet, nicht gemessen).",
    "server.url_read": "{size:,} Zeichen von {url} gelesen.",
    "server.summary.title": "**{engine} · {model}**: {window}",
    "server.window.diff": "der Zeitraum zwischen Ihren beiden Seiten",
    "server.window.start": "alles seit dem Start des Servers (nur eine Seite)",
    "server.window.gauges": "die Messwerte (Gauges) von SGLang zum Zeitpunkt Ihrer zweiten Seite",
    "server.table.header": "| | gemessen auf Ihrem Server |\n| --- | --- |",
    "server.row.counts": "| Runden mit Entwurf · entworfene Tokens · angenommene Tokens | {value} |",
    "server.row.rate": "| Annahmequote (angenommen ÷ entworfen) | {value:.1%} |",
    "server.row.rate_missing": "| Annahmequote | {reason} |",
    "server.row.length": ("| mittlere Akzeptanzlänge (angenommene Vorschläge pro Runde + das eigene Token des "
                          "Zielmodells), also Tokens pro Durchlauf des Zielmodells über die Runden mit Entwurf | "
                          "{value:.2f} |"),
    "server.row.length_missing": "| mittlere Akzeptanzlänge | {reason} |",
    "server.row.positions": "| Annahme an den Positionen 1 bis {n} | {value} |",
    "server.row.positions_missing": "| Annahme an jeder Position | {reason} |",
    "server.row.gamma": "| N, mit dem der Server lief | {value} ({source}) |",
    "server.row.alpha": "| α, angepasst wie im Labor | {value:.3f} ({source}) |",
    "server.row.best": ("| **vorhergesagt**: bestes N für c = {c:.3f} | {value}: {tokens:.2f} Tokens pro Durchlauf "
                        "des Zielmodells, {speedup:.2f}× gegenüber ohne Entwurfsmodell |"),
    "server.unsupported": "von SGLang nicht gemeldet",
    "server.not_on_page": "nicht auf dieser Seite",
    "server.gamma.counters": "entworfene Tokens ÷ Runden",
    "server.gamma.positions": "die Zahl der gezählten Positionen",
    "server.gamma.entered": "wie von Ihnen eingegeben",
    "server.gamma.implied": "aus den beiden Messwerten: (Länge − 1) ÷ Quote",
    "server.alpha.positions": "aus der Annahme an jeder Position",
    "server.alpha.rate": "aus der Annahmequote bei diesem N",
    "server.alpha.length": "aus der mittleren Akzeptanzlänge bei diesem N",
    "server.note.reset": ("Zähler zurückgesetzt: {names} ist zwischen Ihren Seiten gesunken, der Server wurde also "
                          "dazwischen neu gestartet. Gezählt wird nur, was nach dem Neustart kam (Ihre zweite "
                          "Seite)."),
    "server.note.others": "Auf der Seite steht mehr als ein Modell mit Entwurf; diese Zahlen gelten für {model}.",
    "server.note.no_draft_tokens": "Die Seite hat keinen Zähler für entworfene Tokens, daher gibt es keine Annahmequote.",
    "server.note.no_positions_vllm": ("Diese vLLM-Seite hat keinen Zähler je Position "
                                      "(vllm:spec_decode_num_accepted_tokens_per_pos): α kommt stattdessen aus der "
                                      "Annahmequote."),
    "server.note.no_positions_sglang": "SGLang meldet keine Annahme je Position, daher bleibt diese Ansicht leer.",
    "server.note.gauges": ("Die Messwerte von SGLang beschreiben seine letzten Batches, keinen Zeitraum: Es wird "
                           "nichts abgezogen, und die erste Seite wird nicht gebraucht."),
    "server.note.need_gamma": ("Geben Sie das N ein, mit dem der Server lief (sein --speculative-num-steps), um α "
                               "anzupassen und vorherzusagen."),
    "server.error.empty": "Fügen Sie zuerst eine /metrics-Seite ins zweite Feld ein (oder laden Sie eine hoch).",
    "server.error.too_large": ("Der Text hat {size:,} Zeichen; die /metrics-Seite eines Servers ist viel kleiner "
                               "(hier höchstens {limit:,})."),
    "server.error.not_prometheus": ("Das ist kein Prometheus-Text ({error}). Kopieren Sie die ganze Seite, die die "
                                    "/metrics-URL des Servers zeigt."),
    "server.error.no_spec": ("Diese Prometheus-Seite hat keine Metriken zur spekulativen Decodierung: weder die "
                             "vllm:spec_decode_*-Zähler von vLLM noch die sglang:spec_accept_*-Messwerte von SGLang."),
    "server.error.no_spec.vllm": ("Diese vLLM-Seite hat keine vllm:spec_decode_*-Zähler: Wurde der Server mit "
                                  "--speculative-config gestartet?"),
    "server.error.no_spec.sglang": ("Diese SGLang-Seite hat weder sglang:spec_accept_length noch "
                                    "sglang:spec_accept_rate: Wurde der Server mit --speculative-algorithm gestartet?"),
    "server.error.different": "Die beiden Seiten stammen von verschiedenen Servern ({before} und {after}).",
    "server.error.no_drafts": ("Zwischen Ihren beiden Seiten gab es keine Entwürfe: Schicken Sie nach der ersten "
                               "Seite einige Anfragen und holen Sie dann die zweite."),
    "server.error.no_drafts_ever": "Der Server hat noch nichts entworfen: Schicken Sie ihm zuerst einige Anfragen.",
    "server.error.missing": "Der Seite fehlt {name}, das diese Zahlen brauchen.",
    "server.error.public_url": ("Dieser Server liest keine URLs (öffentlicher Modus) und hat keine Anfrage "
                                "gestellt: Fügen Sie den /metrics-Text stattdessen ein oder laden Sie ihn hoch."),
    "server.error.url_scheme": "Gelesen werden nur Adressen mit http:// oder https://.",
    "server.error.url": "{url} konnte nicht gelesen werden: {error}",
    "server.error.file": "Die Datei konnte nicht gelesen werden: {error}",
    "server.title.curves": "Ihr Server im Kostenmodell (c = {c:.3f})",
    "server.title.acceptance": "Annahme je Entwurfsposition auf Ihrem Server (N = {n})",
    "server.no_data": "Fügen Sie eine /metrics-Seite ein und drücken Sie „Zahlen auslesen“.",
    "server.legend.measured": "gemessen auf Ihrem Server (N = {n})",
    "server.legend.predicted": "vorhergesagt, α = {alpha:.2f}",
    "server.legend.predicted_speedup": "vorhergesagt, α = {alpha:.2f}, c = {c:.3f}",
    "server.legend.miniature": "das Miniaturmodell dieser App: vorhergesagt, α = {alpha:.2f}",
    "server.legend.positions": "gemessen auf Ihrem Server",
    "server.legend.alpha_k": "vorhergesagt: α^k mit α = {alpha:.2f}",
    "server.what.short": ("Der dunkelorangefarbene Punkt ist, was Ihr Server gemessen hat: Tokens pro Durchlauf des "
                          "Zielmodells bei dem N, mit dem er lief. Die blauen Kurven sagt das Kostenmodell des Labors "
                          "für jedes N vorher, aus dem an Ihren Server angepassten α und dem gewählten c. "
                          "Die Balken sind der Anteil der Runden, deren erste k Entwürfe alle angenommen "
                          "wurden, neben α^k."),
    "server.what": ("Der dunkelorangefarbene Punkt ist, was Ihr Server gemessen hat: Tokens pro Durchlauf des "
                    "Zielmodells bei dem N, mit dem er lief (1 + angenommene Entwurfstokens pro Runde). Die blauen "
                    "Kurven sagt das Kostenmodell des Labors für jedes N vorher, aus dem an Ihren Server "
                    "angepassten α und dem gewählten c: Tokens pro Durchlauf (1 − α^(N+1)) / (1 − α) und die "
                    "Beschleunigung geteilt durch (N·c + 1), das beste N mit Stern. Die Balken sind der Anteil der "
                    "Runden, deren erste k Entwürfe alle angenommen wurden, neben α^k. Die Batches eines Servers "
                    "teilen sich jeden Durchlauf des Zielmodells, seine echte Beschleunigung hängt also auch von "
                    "der Last ab; die Vorhersage gilt für eine Sequenz auf einmal."),
    # -- Beschleunigungen: welche Uhr, welche Zahl (Issue 27, Punkt 4) -------------------------------------------
    "speed.clock.cpu": ("der CPU-Uhr (der Rechenzeit des erzeugenden Threads, die die Arbeit anderer Besucher nicht "
                        "verlängert)"),
    "speed.clock.wall": "der Wanduhr (die Arbeit anderer Besucher auf diesem Server verlangsamt sie)",
    "speed.by.priced": ("zu den Durchlaufkosten dieses Modellpaars, derselbe Wert, den jede Ansicht dieses Prompts "
                        "zeigt"),
    "speed.shared": ("Diese Generierung lief zusammen mit {others}: Der Server fasst die Vorwärtsdurchläufe von "
                     "Anfragen, die im selben Moment warten, zu einem zusammen, wie es Serving-Systeme wie vLLM tun, "
                     "damit eine ganze Klasse schneller ihre Antwort bekommt. Ihre eigene Uhr enthält deshalb auch "
                     "die Arbeit der anderen ({ms_token:.2f} ms pro Token nach der Wanduhr, Wartezeit inklusive); die "
                     "Beschleunigung oben beruht auf ihren Zählungen, und die ändert das Zusammenlegen nicht."),
    "unit.other_generation.one": "{n} Generierung eines anderen Besuchers",
    "unit.other_generation.other": "{n} Generierungen anderer Besucher",
    "speed.here.sweep": ("Diese Beschleunigungen sind Mittelwerte über die Prompts des Durchgangs, gemessen nach "
                         "{clock}; die Statistikzeile und das Rennen messen einen einzigen Prompt, und die Werte der "
                         "echten Gemma-4-Paare sind hochgerechnet, nicht gemessen."),
    "speed.here.projected": ("Diese Beschleunigung ist für ein echtes Gemma-4-Paar aus veröffentlichten Zahlen "
                             "hochgerechnet, nicht gemessen; die Statistikzeile, das Rennen und das Labor messen die "
                             "Miniatur auf diesem Server."),
    "race.note.measured_cpu": ("So wurde gemessen: Beide Generierungen liefen auf diesem Server, zuerst das "
                               "Zielmodell allein, dann mit Entwurfsmodell. Die Zeit einer Runde ist die Rechenzeit, "
                               "die der erzeugende Thread für sie brauchte (Entwürfe, Prüfdurchlauf, Sampling, "
                               "Verwaltung); die Arbeit anderer Besucher auf diesem geteilten Server verlängert sie "
                               "also nicht. Die Wiedergabe läuft in diesem Tempo."),
    "race.note.cached_when": ("Genau dieses Rennen lief schon am {when} auf diesem Server; seine aufgezeichneten "
                              "Durchläufe werden wiedergegeben. Ein neuer Lauf zählt dieselben Durchläufe und liefe "
                              "genauso."),
    "race.js.clock_cpu": "Uhr (CPU-ms):",
    "speed.headline": ("**Mit {drafter} entsteht dieser Prompt hier {ratio:.2f}-mal so schnell** "
                       "({low:.2f}–{high:.2f}× über {n} Zeitmessungen der Durchläufe): {passes} Durchläufe des "
                       "Zielmodells und {steps} Schritte des Entwurfsmodells für {tokens} Tokens, wo das Zielmodell "
                       "allein einen Durchlauf pro Token braucht."),
    "speed.basis": ("Die Durchläufe sind genau gezählt und zu den Durchlaufkosten dieses Modellpaars bewertet "
                    "({one:.1f} ms CPU-Zeit für einen Ein-Token-Durchlauf), gemessen auf {machine} am {when}; darum "
                    "zeigt jede Ansicht bei jedem Besuch diesen Wert."),
    "speed.basis.here": ("Die Durchläufe sind genau gezählt und zu den Durchlaufkosten dieses Modellpaars bewertet "
                         "({one:.1f} ms CPU-Zeit für einen Ein-Token-Durchlauf), gemessen auf diesem Server am "
                         "{when}; darum zeigt jede Ansicht bei jedem Besuch diesen Wert."),
    "speed.basis.own": ("Für dieses Modellpaar gibt es keine kalibrierten Durchlaufkosten, daher sind seine "
                        "Durchläufe mit den eigenen Zeiten dieses Laufs bewertet ({clock}); ein anderer Lauf weicht "
                        "etwas ab."),
    "speed.live": ("Die eigene Uhr dieses Laufs, {live}: {ms_token:.1f} ms CPU-Zeit pro Token gegenüber {one:.1f} ms "
                   "für einen einfachen Durchlauf, also {x:.2f}×. Die Zeit eines einzelnen Laufs schwankt mit der "
                   "Last des Servers, der Hauptwert nicht."),
    "speed.live.now": "eben gemessen",
    "speed.live.recorded": "aufgezeichnet am {when}",
    "speed.alone": ("Das ist das Zielmodell allein, ein Durchlauf pro Token: die Basis, an der jede Beschleunigung "
                    "hier gemessen wird ({one:.1f} ms CPU-Zeit pro Durchlauf zu den Durchlaufkosten dieses "
                    "Modellpaars)."),
    "race.note.priced": ("So wurde gemessen: Beide Generierungen liefen auf diesem Server, und die Bahnen geben ihre "
                         "genau gezählten Durchläufe zu den Durchlaufkosten dieses Modellpaars wieder (gemessen auf "
                         "{machine} am {when}); so läuft das Rennen bei jedem Besuch und in der Tour gleich."),
    "lab.title.speedup.cpu": "Beschleunigung über N: CPU-Uhr, gemessen (c = {c:.2f})",
    "lab.progress": "{proposer} · {schedule} · N = {n}",
    "lab.what.drop": ("In diesem Durchgang ist die gemessene Beschleunigung bei N = {best} am höchsten ({peak:.2f}-fach) "
                      "und fällt bis N = {low_n} auf das {low:.2f}-Fache: Jenseits des besten N kostet jeder "
                      "weitere Vorschlag einen Durchlauf des Entwurfsmodells und eine längere Prüfung, die "
                      "seine geringe Chance, angenommen zu werden, nicht mehr aufwiegt."),
    "lab.what.no_drop": ("In diesem Durchgang ist die gemessene Beschleunigung beim größten gemessenen N noch am "
                         "höchsten, bei N = {best} ({peak:.2f}-fach): Nehmen Sie größere N hinzu, um zu sehen, ab wann "
                         "ein längerer Entwurf mehr kostet, als er spart."),
    "lab.best.agree": "Bestes N {n}: gemessen, von der Kurve vorhergesagt und im Was-wäre-wenn unten dasselbe.",
    "lab.best.differ": ("Bestes N: {measured} gemessen (der Stern), {predicted} vorhergesagt (die gepunktete Linie), "
                        "{what_if} im Was-wäre-wenn unten mit α und c dieses Durchgangs."),
    "lab.best.why_alpha": ("Die Kurve setzt für jedes N dasselbe α = {alpha:.2f} an, doch die Zeilen maßen α = "
                           "{alpha_lo:.2f} bei N = {n_lo} und {alpha_hi:.2f} bei N = {n_hi}: Lange Entwürfe behalten "
                           "weniger Vorschläge, als ein einziges α erwarten lässt."),
    "lab.best.why_v": ("Die Kurve rechnet den Prüfdurchlauf so teuer, wie er gemessen wurde, v = {v_lo:.2f} "
                       "Ein-Token-Durchläufe bei N = {n_lo} und {v_hi:.2f} bei N = {n_hi}; das Was-wäre-wenn setzt "
                       "wie das Paper v = 1 und findet deshalb ein anderes bestes N."),
    "lab.best.heuristic": ("Die Raute bei N = {n} ({x:.2f}-fach) liegt über dem Stern ({peak:.2f}-fach), weil der "
                           "heuristische Zeitplan N in jeder Runde ändert, länger nach einer Runde, in der jeder "
                           "Vorschlag blieb, kürzer nach einer Ablehnung; der Stern bewertet nur konstante N."),
    "tour.ch9.drop": ("Der aufgezeichnete Durchgang des Labors auf dieser Miniatur (rechts) misst es: Die "
                      "Beschleunigung ist bei N = {best} am höchsten ({peak}-fach) und fällt bis N = {low_n} auf das "
                      "{low}-Fache, ein Entwurf, zu lang für das, was das Entwurfsmodell richtig trifft."),
}
