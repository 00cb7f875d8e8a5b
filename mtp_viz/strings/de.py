"""German texts, keyed as in en.py. Knows no code; terms follow the seeds' German document.

Terms: Entwurfsmodell, Zielmodell, spekulative Decodierung, Entwurfstokens, Vorwärtsdurchlauf, Aktivierungen,
Embedding, KV-Cache, Cluster / Zentroid, Mixture of Experts (MoE). Sie-form; decimals with a comma in prose.
"""
STRINGS: dict[str, str] = {
    # -- app ------------------------------------------------------------------------------------------------------
    "app.title": "Spekulative Decodierung mit MTP, Schritt für Schritt",
    "tab.step": "Schritt für Schritt",
    "tab.tour": "Geführte Tour",
    # -- step-through tab -----------------------------------------------------------------------------------------
    "step.intro": ("# Multi-Token Prediction, Schritt für Schritt\nGemma 4 kann ein kleines **Entwurfsmodell** "
                   "mitlaufen lassen, das die nächsten Tokens rät; das große **Zielmodell** prüft alle Vorschläge in"
                   " einem einzigen Vorwärtsdurchlauf. Jeder angenommene Vorschlag ist ein geschenktes Token, und "
                   "die Ausgabe ist genau die, die das Zielmodell allein geschrieben hätte. Mit **Schritt** sehen "
                   "Sie eine Runde nach der anderen."),
    "step.prompt": "Eingabetext (Prompt)",
    "step.examples": "Beispiel-Prompts",
    "step.model": "Modell (Zielmodell)",
    "step.model_info": "das mitgelieferte Miniaturmodell, eine Hub-ID oder ein lokaler Ordner",
    "step.assistant": "Assistent (optional)",
    "step.assistant_placeholder": "Standard: <Modell>-assistant",
    "step.step": "Schritt",
    "step.run": "Bis zum Ende",
    "step.play": "Abspielen",
    "step.pause": "Anhalten",
    "step.reset": "Zurücksetzen",
    "step.round": "Runde (zum Blättern ziehen)",
    "step.speed": "Abspielen: Sekunden pro Runde",
    "step.settings": "Decodierungseinstellungen",
    "step.proposer": "Vorschlagsquelle",
    "step.proposer.mtp": "MTP (Gemma-4-Assistent)",
    "step.proposer.draft-model": "Entwurfsmodell",
    "step.proposer.prompt-lookup": "Prompt-Nachschlagen",
    "step.proposer.none": "keine (Vergleichsbasis)",
    "step.n": "N: Vorschläge pro Runde (num_assistant_tokens)",
    "step.schedule": "Zeitplan für N",
    "step.threshold": "Konfidenzschwelle (0 = aus)",
    "step.max_new": "Höchstens neue Tokens",
    "step.do_sample": "Sampling (aus = greedy)",
    "step.temperature": "Temperatur",
    "step.top_k": "Top-k (0 = aus)",
    "step.top_p": "Top-p (1 = aus)",
    "step.seed": "Startwert (Seed)",
    "step.proposer_info": ("wer rät: der MTP-Assistent von Gemma 4; ein eigenes kleines Modell mit demselben "
                           "Vokabular; Prompt-Nachschlagen (übernimmt, was früher im Prompt auf dieselben Wörter "
                           "folgte, ganz ohne Modell); oder niemand"),
    "step.n_info": "wie viele Tokens das Entwurfsmodell pro Runde rät (der Startwert, wenn ein Zeitplan N verändert)",
    "step.schedule_info": ("heuristic: +2 nach einer Runde, in der jeder Vorschlag angenommen wurde, −1 nach einer "
                           "Ablehnung; constant: N bleibt gleich"),
    "step.threshold_info": ("beendet den Entwurf einer Runde vorzeitig nach einem Vorschlag, dessen höchste "
                            "Wahrscheinlichkeit darunter lag; 0 entwirft immer N"),
    "step.max_new_info": ("höchstens so viele Tokens werden erzeugt; die letzte Runde wird an dieser Grenze "
                          "abgeschnitten"),
    "step.do_sample_info": ("aus: jedes Token ist die erste Wahl des Zielmodells, ein Vorschlag bleibt nur, wenn er "
                            "genau passt; an: Tokens werden zufällig gezogen, ein Vorschlag bleibt mit "
                            "Wahrscheinlichkeit min(1, p/q)"),
    "step.temperature_info": "nur beim Sampling: unter 1 werden die Wahrscheinlichkeiten schärfer, über 1 flacher",
    "step.top_k_info": "nur beim Sampling: nur aus den k wahrscheinlichsten Tokens ziehen",
    "step.top_p_info": ("nur beim Sampling: nur aus den wenigsten wahrscheinlichsten Tokens ziehen, deren "
                        "Wahrscheinlichkeiten zusammen p erreichen"),
    "step.seed_info": "nur beim Sampling: derselbe Startwert ergibt dieselben Zufallszüge und damit denselben Text",
    "step.keys": ("Tasten: → nächste Runde · ← vorige Runde · Leertaste Abspielen / Anhalten · Pos1 Runde 0 (nicht "
                  "beim Tippen)"),
    "step.export": "Exportieren und wiedergeben",
    "step.download_json": "Verlauf herunterladen (JSON)",
    "step.download_csv": "Ereignisse herunterladen (CSV)",
    "step.upload": "JSON-Verlauf wiedergeben (ohne Modell)",
    "step.recorded": "Aufgezeichnete Beispiele",
    "step.what_you_see": "**Was Sie sehen.** {text}",
    "step.empty": "Geben Sie einen Prompt ein und drücken Sie **Schritt** für die erste Runde, oder **Bis zum Ende**.",
    "step.empty_figures": "Drücken Sie „Schritt“ für die erste Runde oder „Bis zum Ende“.",
    "step.what.prefill": "das Prefill: Das Zielmodell liest den Prompt und wählt das erste Token",
    "step.what.none": "keine Vorschläge: Das Zielmodell fügt selbst ein Token hinzu",
    "step.what.cut": ("das Entwurfsmodell schlug {drafted} vor (N = {n}), das Zielmodell behielt {kept}, und die "
                      "Generierung endete dort"),
    "step.what.round": ("das Entwurfsmodell schlug {drafted} vor (N = {n}), das Zielmodell behielt {kept} und fügte "
                        "ein {kind}-Token an → {new} neu"),
    "step.stopped": " Generierung beendet ({why}).",
    "step.heading": "### Runde {i} von {last}: {what}.{end}\n",
    "step.model_line": "**Modell:** {name}: {sizes} · Vorschlagsquelle **{proposer}** · {device}, {dtype}",
    "step.moe": "\n\n**Mixture of Experts:** {caveat}",
    "step.replay_failed": "Diese Datei ließ sich nicht wiedergeben: {error}",
    "step.loading": "{model} und sein Assistent werden geladen: Beim ersten Mal kann das einige Minuten dauern.",
    # -- tour tab -------------------------------------------------------------------------------------------------
    "tour.intro": ("# Eine geführte Tour durch MTP\nElf kurze Kapitel über spekulative Decodierung mit je einer Idee,"
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
    "tour.open_lab": "Zum Labor für die Entwurfslänge",
    "tour.open_experts": "Zur Experten-Ansicht",
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
                      "Entwurfsmodells. Bei greedy Decodierung bleibt ein Vorschlag, wenn er genau das Token ist, "
                      "das das Zielmodell an dieser Stelle selbst gewählt hätte."),
    "tour.ch3.try": ("Gehen Sie einige Runden durch und vergleichen Sie die Spuren der Zeitleiste: Wie viele "
                     "hellblaue Balken des Entwurfsmodells eine Runde auch hat, sie hat nur einen dunkelblauen "
                     "Balken des Zielmodells."),
    "tour.ch3.q": ("Warum kostet es kaum mehr, mehrere Vorschläge in einem Durchlauf zu prüfen, als ein Token zu "
                   "schreiben?"),
    "tour.ch3.a": ("Ein dichtes Modell verwendet an jeder Position dieselben Gewichte. Auf einer GPU geht die Zeit "
                   "eines Durchlaufs vor allem in das Laden dieser Gewichte, und sie werden für alle Positionen nur "
                   "einmal geladen."),
    "tour.ch4.title": "Das übereinstimmende Präfix behalten, dann ein eigenes Token des Zielmodells",
    "tour.ch4.text": ("In Runde {round} schlug das Entwurfsmodell {drafted} Tokens vor, und das Zielmodell stimmte "
                      "den ersten {kept} zu. Vorschlag {first_rejected} lautete „{rejected_guess}“, das Zielmodell "
                      "wollte aber „{target_token}“; dieser Vorschlag und alle danach werden verworfen. Trotzdem "
                      "endet die Runde mit einem eigenen Token des Zielmodells, und das tut sie immer: Der "
                      "Prüfdurchlauf hat die Verteilung des Zielmodells an der ersten abweichenden Position bereits "
                      "berechnet, seine eigene Wahl dort kostet also nichts extra. Eine Runde fügt nie weniger "
                      "Tokens hinzu als das Zielmodell allein."),
    "tour.ch4.try": ("Suchen Sie im Token-Strom das orange ↺-Token: die Korrektur. Die roten, durchgestrichenen "
                     "Tokens wurden entworfen, aber nie geschrieben."),
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
    "tour.ch5.try": ("Gehen Sie *actions speak* durch und achten Sie auf die blauen ★-Tokens: Jedes beendet eine "
                     "Runde, in der alle Vorschläge angenommen wurden."),
    "tour.ch5.q": "Wie viele Tokens kann eine Runde mit N Vorschlägen höchstens hinzufügen?",
    "tour.ch5.a": "N + 1: alle N Vorschläge und das Bonus-Token.",
    "tour.ch6.title": "Derselbe Text mit und ohne Entwurfsmodell",
    "tour.ch6.text": ("Derselbe Prompt zweimal: links das Zielmodell allein, rechts mit Entwurfsmodell. Beide "
                      "schrieben dieselben {tokens} Tokens, Wort für Wort. Bei greedy Decodierung ist jeder "
                      "angenommene Vorschlag ein Token, das das Zielmodell ohnehin gewählt hätte; das Entwurfsmodell"
                      " ändert also, wie schnell der Text kommt, nie, was er sagt. Anders ist nur die Zahl: {passes}"
                      " Durchläufe des Zielmodells statt {alone}, für dieselben {tokens} Tokens."),
    "tour.ch6.try": ("Laden Sie unter **Schritt für Schritt** nacheinander die aufgezeichneten Beispiele *actions "
                     "speak* und *actions speak no drafter* und vergleichen Sie in der Statistik die Tokens pro "
                     "Durchlauf des Zielmodells."),
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
    "tour.ch7.try": ("Gehen Sie zu einer Runde mit Korrektur und beobachten Sie den roten Teil des Cache-Balkens: "
                     "Das Abschneiden entfernt ihn."),
    "tour.ch7.q": "Was spart das Entwurfsmodell, weil es den Cache des Zielmodells liest?",
    "tour.ch7.a": ("Ein eigenes Prefill und eine zweite Kopie der Schlüssel und Werte: Es liest den Prompt nie "
                   "selbst und braucht keinen Speicher für einen Cache."),
    "tour.ch8.title": "Der effiziente Embedder und ein echter Cluster-Fehlgriff",
    "tour.ch8.text": ("Alle {vocab} Tokens des Vokabulars zu bewerten, wäre ein großer Teil der Arbeit eines kleinen"
                      " Entwurfsmodells. Deshalb bewertet es zuerst {clusters} Cluster ähnlicher Tokens, je einen "
                      "Zentroiden pro Cluster, und sucht nur in den besten {top_k}: etwa {share} % des Vokabulars. "
                      "Meist liegt das richtige Token darin. In Runde {round} dieses zahlenlastigen Beispiels nicht:"
                      " Das Entwurfsmodell riet „{miss_guess}“, das Zielmodell wollte „{miss_wanted}“, und dieses "
                      "Token lag in einem Cluster, den das Entwurfsmodell nie geöffnet hat."),
    "tour.ch8.try": ("Laden Sie unter **Schritt für Schritt** *surprising sentence*, öffnen Sie die "
                     "*Cluster-Auswahl* und gehen Sie weiter, bis ein Feld „Cluster-Fehlgriff“ meldet."),
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
                      "{n_first} auf {n_min}, und das Zielmodell lieferte {mean} Tokens pro Durchlauf."),
    "tour.ch9.try": ("Stellen Sie unter **Schritt für Schritt** den Zeitplan auf *constant* und N auf 8, lassen Sie "
                     "*Tom counted* laufen und vergleichen Sie die Tokens pro Durchlauf des Zielmodells mit dem "
                     "heuristischen Zeitplan."),
    "tour.ch9.q": ("Das Entwurfsmodell ist bei einem Text sehr gut und bei einem anderen schwach. Wohin bringt der "
                   "Zeitplan N jeweils?"),
    "tour.ch9.a": ("Beim leichten Text nach jeder vollständig angenommenen Runde um 2 nach oben; beim schweren nach "
                   "jeder Ablehnung um 1 nach unten, aber nie unter 1."),
    "tour.ch10.title": "Sampling: u gegen min(1, p/q) und die Restverteilung",
    "tour.ch10.text": ("Mit Sampling zieht das Entwurfsmodell seine Vorschläge aus seiner eigenen Verteilung q. Das "
                       "Zielmodell behält einen Vorschlag mit der Wahrscheinlichkeit min(1, p/q): Es zieht eine "
                       "Zufallszahl u zwischen 0 und 1 und behält den Vorschlag, wenn u unter dieser Schwelle liegt."
                       " In Runde {round} hatte Vorschlag {first_rejected} p = {p} und q = {q}, die Schwelle lag "
                       "also bei {accept}; u fiel auf {u}, und der Vorschlag wurde abgelehnt. Der Ersatz wird aus "
                       "der Restverteilung norm(max(0, p − q)) gezogen, der Wahrscheinlichkeit, die das "
                       "Entwurfsmodell nicht abgedeckt hat. Zusammen ergeben beide Schritte Tokens, die genau so "
                       "verteilt sind, wie das Zielmodell allein sie ziehen würde."),
    "tour.ch10.try": ("Schalten Sie unter **Schritt für Schritt** *Sampling* ein, ändern Sie den Startwert und "
                      "lassen Sie es erneut laufen: Der Text ändert sich, die Regel nicht."),
    "tour.ch10.q": "Ein Vorschlag hat p = 0,6 und q = 0,3. Wie wahrscheinlich wird er behalten?",
    "tour.ch10.a": ("Sicher: min(1, 0,6 / 0,3) = 1. Abgelehnt werden kann nur ein Vorschlag, den das Entwurfsmodell "
                    "höher einschätzte als das Zielmodell (q > p)."),
    "tour.ch11.title": "Mixture of Experts: warum MTP dort weniger bringt",
    "tour.ch11.text": ("Bisher war das Zielmodell dicht: Es verwendet für jedes Token dieselben Gewichte, also "
                       "kostet die Prüfung von {most} Vorschlägen in einem Durchlauf kaum mehr als ein Token. Ein "
                       "Mixture-of-Experts-Zielmodell (MoE) wie Gemma 4 26B A4B schickt jedes Token durch wenige "
                       "seiner vielen Experten, und verschiedene Tokens können verschiedene wählen. Einen Entwurf zu"
                       " prüfen, kann dann bedeuten, die Gewichte weiterer Experten aus dem Speicher zu laden, und "
                       "das frisst auf, was das Entwurfsmodell gespart hat. In einem großen Batch teilen sich die "
                       "Sequenzen viele Experten, geladene Gewichte werden also wiederverwendet; bei Batchgröße 1 "
                       "teilen sie wenige, und auf Hardware mit wenig Parallelität wird 26B A4B womöglich gar nicht "
                       "schneller."),
    "tour.ch11.try": ("Sehen Sie sich die Zeitleiste an: Jeder dunkelblaue Balken ist ein Durchlauf des Zielmodells,"
                      " der einen ganzen Entwurf geprüft hat. Stellen Sie sich vor, jeder Vorschlag darin ruft "
                      "andere Experten auf."),
    "tour.ch11.q": "Warum lohnt sich MTP bei einem Mixture-of-Experts-Modell mit großem Batch mehr?",
    "tour.ch11.a": ("Über viele Sequenzen hinweg wählen die Tokens überlappende Experten, die einmal geladenen "
                    "Gewichte eines Experten dienen also vielen Tokens. Bei Batchgröße 1 brauchen die zusätzlichen "
                    "Vorschläge oft Experten, die sonst niemand nutzt."),
    # -- glossary (every tab) -------------------------------------------------------------------------------------
    "glossary.title": "Glossar",
    "glossary.target": ("**Zielmodell (target)**: das große Modell, dessen Text wir wollen; es hat bei jedem Token "
                        "das letzte Wort."),
    "glossary.drafter": ("**Entwurfsmodell / Assistent (drafter, assistant)**: ein kleines, schnelles Modell, das "
                         "die nächsten Tokens rät, die das Zielmodell dann prüft. Das Entwurfsmodell von Gemma 4 hat"
                         " 4 Schichten und baut auf den Aktivierungen des Zielmodells auf."),
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
    "glossary.round": ("**Runde**: entwerfen, prüfen, das Übereinstimmende behalten, das Token des Zielmodells "
                       "anfügen. Runde 0 ist das Prefill, in dem das Zielmodell den Prompt liest."),
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
    "glossary.schedule": ("**Zeitplan (schedule)**: wie sich N von Runde zu Runde ändert. heuristic: +2 nach einer "
                          "vollständig angenommenen Runde, −1 nach einer Ablehnung; constant: gar nicht."),
    "glossary.moe": ("**Mixture of Experts (MoE) / Experte**: ein Modell, dessen Schichten viele Teilnetze, die "
                     "Experten, enthalten und jedes Token durch wenige davon schicken; verschiedene Tokens können "
                     "verschiedene Experten nutzen."),
}
