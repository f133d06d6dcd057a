# Deutsch (de). Fluent-Syntax: siehe den Kopf von en-US.ftl.
# { name-… }: der Name eines Befehls oder einer Option, wie die deutsche
# Befehlsliste ihn zeigt. Plural (CLDR): „one“ nur für 1. Spieler werden
# geduzt, wie auf Discord üblich.

refusal-table-running = In diesem Kanal läuft schon ein Tisch mit { $game }. Spiel ihn erst zu Ende (oder beende ihn mit /{ name-end }, wenn du ihn leitest) oder starte dein Spiel in einem anderen Kanal oder Thread.
refusal-no-table = In diesem Kanal läuft kein Spiel. Starte eins mit /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } oder /{ name-dots }.
refusal-not-your-turn = Du bist nicht am Zug.
refusal-not-your-table = Du spielst nicht an diesem Tisch.
refusal-column-full = Diese Spalte ist voll: Nimm eine andere.
refusal-rod-full = Dieser Stab ist voll: Nimm einen anderen.
refusal-line-drawn = Diese Linie ist schon gezogen: Nimm eine andere.
refusal-no-such-move = Diesen Zug gibt es auf diesem Brett nicht.
refusal-game-over = Dieses Spiel ist vorbei.
refusal-stale = Dieses Brett ist veraltet: Nimm die neueste Brett-Nachricht.
refusal-not-invited = Diese Einladung gilt jemand anderem.
refusal-host-cannot-answer = Du hast diese Einladung verschickt: Warte auf die Antwort.
refusal-already-answered = Du hast auf diese Einladung schon geantwortet.
refusal-invitation-expired = Diese Einladung ist abgelaufen.
refusal-already-started = Dieses Spiel hat schon begonnen.
refusal-not-started = Das Spiel hat noch nicht begonnen: Es fehlen noch Antworten.
refusal-match-not-over = Die Partie läuft noch.
refusal-table-closed = Dieser Tisch ist geschlossen.
refusal-invited-yourself = Um beide Seiten zu spielen, gib dich selbst als einzigen Gegner an.
refusal-too-many-players = Zu viele Spieler für dieses Spiel.
refusal-bot-opponent = Bots können nicht mitspielen. Lass den Gegner weg, um gegen mich zu spielen.
refusal-nothing-to-undo = Du hast keinen Zug, den du zurücknehmen kannst.
refusal-own-undo-request = Die Rücknahme hast du selbst erbeten: Dein Gegner entscheidet.
refusal-undo-pending = Eine Bitte um Rücknahme wartet schon auf Antwort.
refusal-hint-not-your-turn = Tipps gibt es nur, wenn du am Zug bist: Warte, bis du dran bist.
refusal-unknown-game = Diese Brettgröße gibt es nicht.
refusal-not-in-guild = Das funktioniert nur auf einem Server, der mich hinzugefügt hat.
refusal-table-replaced = In diesem Kanal wurde ein neuerer Tisch eröffnet: Nimm dessen Brett.
refusal-broken-table = Tut mir leid, dieser Tisch ließ sich nach einem Neustart nicht wiederherstellen und kann nicht weitergespielt werden: Eröffne in diesem Kanal einen neuen.
refusal-hint-pending = Für diesen Tisch wird schon ein Tipp berechnet: Er kommt gleich.
refusal-no-undo-request = Es gibt keine Bitte um Rücknahme, auf die du antworten könntest.
refusal-unknown-control = Dieses Bedienelement gehört zu keinem Tisch, den ich kenne: Starte ein neues Spiel oder nimm das neueste Brett.
refusal-board-refreshed = Dieses Brett war veraltet: Jetzt zeigt es das Spiel, wie es steht. Zieh noch einmal darauf.
refusal-open-self-play = Einem offenen Tisch sollen andere beitreten: Lass `{ name-open }` weg, um beide Seiten zu spielen.
refusal-not-host = Das darf nur, wer diesen Tisch leitet.
refusal-paused = Das Spiel ist pausiert: Die Spielleitung setzt es mit /{ name-resume } fort.
refusal-already-paused = Das Spiel ist schon pausiert.
refusal-not-paused = Das Spiel ist nicht pausiert.
refusal-already-seated = Du hast an diesem Tisch schon einen Platz.
refusal-no-free-seat = Alle Plätze an diesem Tisch sind besetzt.
refusal-no-cpu-seat = An diesem Tisch gibt es keinen CPU-Platz, den du übernehmen kannst.
refusal-host-stays = Du leitest diesen Tisch: Schließ ihn mit /{ name-end }.
refusal-cannot-end = Nur die Spielleitung oder ein Mitglied, das hier Nachrichten verwalten darf, kann diesen Tisch beenden.
refusal-nothing-due = An diesem Tisch steht noch nichts an.
refusal-not-open = Dieser Tisch wartet auf seine eingeladenen Spieler: Er ist nicht für andere offen.
refusal-no-undo-in-ranked = In gewerteten Partien gibt es keine Zugrücknahme.
refusal-cannot-change-settings = Nur Mitglieder, die diesen Kanal verwalten dürfen, ändern seine Einstellungen. Mit /{ name-settings } ohne Optionen siehst du sie.
error-unknown-timer = „{ $timer }“ ist keine gültige Bedenkzeit: Wähle 30, 60 oder 90 Sekunden.
error-restarting = Der Bot startet gerade neu: Versuch es gleich noch einmal.
closed-idle = Dieser Tisch mit **{ $game }** wurde nach langer Zeit ohne Zug geschlossen.
closed-gone = Dieser Tisch mit **{ $game }** wurde ohne Ergebnis geschlossen: Sein Server, Kanal oder Thread existiert nicht mehr.
board-timed-out-left = ⏱️ { $user } hat die Zeit überschritten: Eine CPU spielt { $seat }, außer { $user } drückt vor Partieende { button-rejoin } (einmal).
board-abandoned-left = 🚪 { $user } hat die Partie verlassen: Eine CPU spielt { $seat }, außer { $user } drückt vor Partieende { button-rejoin } (einmal).
board-reserved = 🪑 { $user } übernimmt ab der nächsten Partie den CPU-Platz { $seat }.
board-freed = 🪑 Die CPU gibt { $seat } nach dieser Partie frei: Dann kann jemand den Platz übernehmen.
board-vacated = 🚪 { $seat } hat den Tisch verlassen: Ab der nächsten Partie übernimmt eine CPU den Platz.
board-paused = ⏸️ Pausiert von { $host } { $since }: Nichts bewegt sich, bis die Spielleitung fortsetzt.
board-clock = — ⏱️ Zeit läuft ab { $when }
result-timed-out = ⏱️ { $who } hat die Zeit überschritten.
result-timed-out-wins = ⏱️ { $who } hat die Zeit überschritten. 🏆 **{ $winner } gewinnt!**
result-abandoned = 🚪 { $who } hat die Partie verlassen.
result-abandoned-wins = 🚪 { $who } hat die Partie verlassen. 🏆 **{ $winner } gewinnt!**
button-join = Beitreten
button-leave = Verlassen
button-start = Starten
button-pause = Pause
button-resume = Fortsetzen
button-free-seat = CPU-Platz freigeben
state-open = offener Tisch
state-inviting = wartet auf Antworten
state-playing = läuft
state-paused = ⏸️ pausiert
state-over = Partie vorbei
state-ended = beendet
rules-timer = ⏱️ { $seconds } s pro Zug
rules-same-starter = immer derselbe Anzug
lobby-free = — freier Platz —
lobby-text = Drück **{ button-join }**, um einen freien Platz zu nehmen, und **{ button-leave }**, um deinen abzugeben. { $host } drückt **{ button-start }**; die CPU ({ $level }) übernimmt die Plätze, die noch frei sind.
done-end = Der Tisch wurde beendet.
done-pause = Das Spiel ist pausiert. Mit /{ name-resume } geht es weiter.
done-resume = Das Spiel geht weiter.
done-leave = Du hast den Tisch verlassen.
done-resign = Du hast aufgegeben.
settings-no-timer = keine Bedenkzeit
settings-on = an
settings-off = aus
settings-shown = Standard in diesem Kanal: { $timer } · Anzug wechselt: { $rotate } · CPU-Stufe: { $level } · gewertete Partien: { $ranked }.
settings-changed = Gespeichert. Standard in diesem Kanal ist jetzt: { $timer } · Anzug wechselt: { $rotate } · CPU-Stufe: { $level } · gewertete Partien: { $ranked }.
settings-table-changed = Die nächsten Partien an diesem Tisch: { $timer } · Anzug wechselt: { $rotate } · CPU-Stufe: { $level }.
command-end = Den Tisch in diesem Kanal beenden (Spielleitung oder Moderation)
command-pause = Das Spiel in diesem Kanal pausieren (Spielleitung)
command-resume = Das pausierte Spiel in diesem Kanal fortsetzen (Spielleitung)
command-leave = Deinen Platz am Tisch in diesem Kanal abgeben
command-resign = Die laufende Partie aufgeben
command-settings = Die Spiel-Standards dieses Kanals zeigen oder ändern (Kanäle verwalten)
option-timer = Sekunden pro Zug (Standard: die des Kanals, sonst keine Begrenzung)
option-open = Offener Tisch: Alle können beitreten, bis du auf Starten drückst
option-rotate = Der Anzug wechselt nach jeder Partie
option-settings-timer = Sekunden pro Zug an neuen Tischen
option-settings-ranked = Gewertete Partien in diesem Kanal erlauben
choice-timer-off = aus
choice-timer-30 = 30 s
choice-timer-60 = 60 s
choice-timer-90 = 90 s
name-end = beenden
name-pause = pausieren
name-resume = fortsetzen
name-leave = verlassen
name-resign = aufgeben
name-settings = einstellungen
name-timer = bedenkzeit
name-open = offen
name-rotate = wechseln
error-storage = Tut mir leid, ich konnte diesen Zug nicht speichern, also hat sich nichts geändert. Versuch es gleich noch einmal.

error-apology = Tut mir leid, bei mir ist etwas schiefgelaufen. Versuch es bitte noch einmal.
error-bad-move-name = „{ $typed }“ ist kein Zug auf diesem Brett. Wähl beim Tippen einen aus der Liste.
error-invite-once = Lade jede Person nur einmal ein.
error-unknown-level = Unbekannte Stufe „{ $level }“: Nimm easy, medium oder hard.
error-pick-colour = Wähl Rot oder Gelb.
error-unknown-size = Unbekannte Größe „{ $size }“: Nimm 5x4, 3x3, 4x4 oder 5x5.
error-unexpected-option = Unerwartete Option „{ $option }“.
error-self-in-three = Lass dich bei einem Spiel zu dritt selbst weg: Leere Plätze bekommt die CPU.

move-played = Du hast { $move } gespielt.
hint-text = 💡 Tipp: Die starke CPU würde **{ $move }** spielen.
hint-wins = 💡 Tipp: **{ $move }** gewinnt, in { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Zügen
    }, diesen mitgezählt.
hint-wins-now = 💡 Tipp: **{ $move }** gewinnt sofort.
hint-wins-proved = 💡 Tipp: **{ $move }** gewinnt (bewiesen; wie schnell, ließ sich nicht rechtzeitig ermitteln).
hint-draws = 💡 Tipp: **{ $move }** hält das Remis; kein Zug gewinnt.
hint-loses = 💡 Tipp: Jeder Zug verliert; **{ $move }** hält am längsten durch, { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, diesen mitgezählt.
hint-loses-now = 💡 Tipp: Jeder Zug verliert sofort; **{ $move }** ist so gut wie jeder andere.
hint-loses-proved = 💡 Tipp: Jeder Zug verliert; **{ $move }** ist die Wahl der Suche.
hint-guess = 💡 Tipp: am ehesten **{ $move }** (nichts rechtzeitig bewiesen).
hint-none = Kein Zug vorzuschlagen: Das Spiel ist vorbei.

game-connect4 = Vier gewinnt
    .gender = neuter
game-connect4-3p = Vier gewinnt zu dritt
    .gender = neuter
game-connect4-3d = Vier gewinnt 3D
    .gender = neuter
game-dots = Käsekästchen
    .gender = neuter

colour-red = rot
colour-yellow = gelb
colour-blue = blau
colour-grey = grau
word-column = Spalte
word-rod = Stab
word-line = Linie
level-easy = leicht
level-medium = mittel
level-hard = schwer
cpu-name = CPU ({ $level })

invite-text = { $invited }, { $host } lädt dich zu einer Partie **{ $game }** ein! Nimm innerhalb von 5 Minuten an oder lehne ab.
invite-accepted = (angenommen)
invite-declined = (abgelehnt: Die CPU übernimmt den Platz)
closed-declined = { $user } hat die Einladung zu einer Partie **{ $game }** abgelehnt.
closed-expired = Die Einladung zu einer Partie **{ $game }** ist ohne Antwort abgelaufen.
closed-ended = { $user } hat diesen Tisch mit **{ $game }** beendet.

board-match = Partie { $n }
board-vs = gegen
board-declined = { $user } hat abgelehnt: Eine CPU spielt diesen Platz.
board-missed = { $user } hat nicht rechtzeitig geantwortet: Eine CPU spielt diesen Platz.
board-resigned-left = { $user } hat aufgegeben und den Tisch verlassen: Eine CPU spielt { $seat } für den Rest der Partie.
board-last-move = Letzter Zug: { $emoji } { $word } { $move }
board-box-again = — Kästchen erobert: noch ein Zug
board-boxes = Kästchen: { $a } · { $b }
board-undo-request = ↩️ { $user } möchte den letzten Zug zurücknehmen. Gegner: **{ $accept }** oder **{ $decline }**?
board-turn = **Am Zug:** { $who }
board-thinking = — denkt nach …
board-menu = Linie ziehen ({ $first } … { $last })

result-wins = 🏆 **{ $who } gewinnt!**
result-wins-score = 🏆 **{ $who } gewinnt { $a }:{ $b }!**
result-draw = **Remis!** Das Brett ist voll.
result-draw-score = **Remis!** { $a }:{ $b }
result-resigned = { $who } hat aufgegeben.
result-resigned-wins = { $who } hat aufgegeben. 🏆 **{ $winner } gewinnt!**

button-accept = Annehmen
button-decline = Ablehnen
button-resign = Aufgeben
button-rematch = Revanche
button-undo = Zurücknehmen
button-hint = Tipp

command-connect4 = Vier gewinnt spielen: fordere jemanden heraus oder spiel gegen mich
command-connect4-3p = Vier gewinnt zu dritt auf einem 9×9-Brett spielen
command-connect4-3d = Vier gewinnt 3D auf einem 4×4×4-Würfel spielen
command-dots = Käsekästchen spielen
command-move = Einen Zug im Spiel dieses Kanals machen
option-opponent = Wen du herausforderst (leer: gegen die CPU; du selbst: beide Seiten spielen)
option-player2 = Ein zweiter Spieler (leere Plätze bekommt die CPU)
option-player3 = Ein dritter Spieler (leere Plätze bekommt die CPU)
option-level = Wie stark die CPU spielt (Standard: mittel)
option-color = Deine Farbe gegen die CPU (Standard: ausgelost)
option-size = Kästchen breit × hoch (Standard: 5x4)
option-at = Der Zug: der Name einer Spalte, eines Stabs oder einer Linie
choice-red-first = Rot (zieht zuerst)
choice-yellow = Gelb

# Deutsche Namen der Befehle und Optionen.
name-move = ziehen
name-opponent = gegner
name-player2 = spieler2
name-player3 = spieler3
name-level = stufe
name-color = farbe
name-size = größe
name-at = zug

# /help und /rules
command-help = So spielst du mit diesem Bot
command-rules = Die Regeln eines Spiels
option-game = Welches Spiel
name-help = hilfe
name-rules = regeln
name-game = spiel
help-text = **boardbot** richtet in diesem Kanal Brettspiele aus.
    • `/{ name-connect4 }`, `/{ name-connect4-3p }`, `/{ name-connect4-3d }`, `/{ name-dots }`: Starte ein Spiel. Ohne Gegner spielst du gegen mich; gib jemanden an, um ihn einzuladen; gib dich selbst an, um beide Seiten zu spielen. `{ name-level }`: { level-easy }, { level-medium } oder { level-hard }.
    • Gespielt wird mit den Knöpfen oder Menüs unter dem Brett oder mit `/{ name-move } { name-at }:` (4, B3, a1-b1).
    • **{ button-resign }**, **{ button-rematch }**, **{ button-hint }** (gegen die CPU und in 3D), **{ button-undo }** (gegen die CPU sofort; unter Menschen, wenn der Gegner zustimmt).
    • `{ name-timer }:` 30, 60 oder 90 s pro Zug; `{ name-open }:true` öffnet den Tisch: **{ button-join }**, **{ button-leave }**, und die Spielleitung drückt **{ button-start }**.
    • `/{ name-pause }`, `/{ name-resume }` (Spielleitung), `/{ name-end }` (Spielleitung oder „Nachrichten verwalten“), `/{ name-leave }`, `/{ name-resign }`, `/{ name-settings }` (die Standards des Kanals).
    • Ein Spiel pro Kanal: Nimm für ein weiteres einen Thread.
    • `/{ name-rules } { name-game }:` erklärt ein Spiel.
    • `/{ name-tournament } { name-create }`: ein Turnier im Schweizer System oder jeder gegen jeden in diesem Kanal, jede Partie in einem eigenen Thread.
rules-connect4 = **Vier gewinnt** (2 Spieler, 7 × 6)
    • Rot beginnt, dann Gelb. Wähl eine Spalte: Der Stein fällt bis ins unterste freie Feld. In eine volle Spalte passt kein Stein mehr.
    • Vier oder mehr Steine deiner Farbe in einer Reihe — waagerecht, senkrecht oder diagonal — gewinnen sofort.
    • Ist das Brett voll und niemand hat eine Reihe, endet es remis.
rules-connect4-3p = **Vier gewinnt zu dritt** (3 Spieler, 9 × 9)
    • Rot ○, Gelb × und Blau ☆ ziehen in dieser Reihenfolge; Rot beginnt. Wähl eine Spalte: Der Stein fällt bis ins unterste freie Feld.
    • Wer zuerst vier oder mehr in einer Reihe hat, gewinnt. Ein volles Brett ist remis.
    • Leere Plätze spielt die CPU; wer aufgibt, verlässt den Tisch, und die CPU übernimmt den Platz.
rules-connect4-3d = **Vier gewinnt 3D** (2 Spieler, 4 × 4 × 4)
    • 16 Stäbe mit je 4 Kugeln. Rot beginnt. Wähl einen Stab (A1 … D4): Die Kugel rutscht auf die unterste freie Ebene.
    • Vier in einer geraden Linie gewinnen: entlang einer Reihe, einer Spalte oder eines Stabs, quer durch eine Ebene oder eine senkrechte Fläche oder von Ecke zu Ecke durch die Mitte (76 Linien).
    • Ein voller Würfel ist remis. **{ button-hint }** zeigt den Zug der starken CPU.
rules-dots = **Käsekästchen** (2 Spieler; 5 × 4 Kästchen, auch 3 × 3, 4 × 4, 5 × 5)
    • Zieh eine Linie zwischen zwei benachbarten Punkten (a1-b1, a1-a2).
    • Wer die vierte Seite eines Kästchens schließt, bekommt es und zieht sofort noch einmal; eine Linie, die nichts schließt, gibt den Zug ab.
    • Sind alle Kästchen vergeben, gewinnt, wer die meisten hat; bei Gleichstand ist es remis. **{ button-undo }** nimmt deine letzte Linie zurück.

# Wörter auf den Brettbildern.
image-level = Ebene { $n }
image-level-bottom = Ebene 1 (unten)
image-level-top = Ebene 4 (oben)

# Alternativtext der Brettbilder.
alt-grid-summary = { $title }, { $columns ->
        [one] { $columns } Spalte
       *[other] { $columns } Spalten
    } × { $rows ->
        [one] { $rows } Reihe
       *[other] { $rows } Reihen
    }, { $total ->
        [one] { $total } Stein
       *[other] { $total } Steine
    } ({ $seats }).
alt-grid-last = Letzter Stein: { $who } in Spalte { $column }, Reihe { $row }.
alt-grid-last-anon = Letzter Stein: in Spalte { $column }, Reihe { $row }.
alt-grid-empty = Das Brett ist leer.
alt-grid-win = Gewinnreihe von { $who }: { $cells } (Spalte-Reihe).
alt-grid-win-anon = Gewinnreihe: { $cells } (Spalte-Reihe).
alt-grid-columns = Spalten, von unten nach oben:
alt-empty = leer: { $list }.
alt-cube-summary = Vier gewinnt 3D, 4 Ebenen nebeneinander, die unterste zuerst; { $total ->
        [one] { $total } Kugel
       *[other] { $total } Kugeln
    } ({ $seats }).
alt-cube-last = Letzte Kugel: { $who } auf Stab { $rod }, Ebene { $level }.
alt-cube-last-anon = Letzte Kugel: auf Stab { $rod }, Ebene { $level }.
alt-cube-cell = { $rod } Ebene { $level }
alt-cube-win = Gewinnlinie von { $who }: { $cells }.
alt-cube-win-anon = Gewinnlinie: { $cells }.
alt-cube-rods = Stäbe, von unten nach oben:
alt-cube-empty = Der Würfel ist leer.
alt-dots-summary = Käsekästchen, { $width } × { $height } Kästchen. Stand: { $a } ({ $a_seat }) { $a_score }, { $b } ({ $b_seat }) { $b_score }. { $drawn } von { $lines ->
        [one] { $lines } Linie
       *[other] { $lines } Linien
    } gezogen ({ $a } { $a_lines }, { $b } { $b_lines }).
alt-dots-last = Letzte Linie: { $line } von { $who }.
alt-dots-last-anon = Letzte Linie: { $line }.
alt-dots-named = Kästchen heißen nach ihrem Punkt oben links.
alt-dots-boxes = Kästchen von { $who }: { $list }.
alt-dots-open = { $n } Kästchen offen.

# Namen der Spielbefehle.
name-connect4 = vier-gewinnt
name-connect4-3p = vier-gewinnt-3s
name-connect4-3d = vier-gewinnt-3d
name-dots = käsekästchen

# Gewertete Partien: Wertungen, Rangliste, Statistik.
rating-line = **{ $name }** — { $game }: **{ $rating }**{ $provisional } ± { $deviation }
rating-provisional-mark = ?
rating-provisional = Vorläufig: weniger als 5 gewertete Partien oder noch unsicher.
rating-rank = Platz **{ $rank }** von { $rated } auf diesem Server
rating-record = { $games ->
        [one] { $games } gewertete Partie
       *[other] { $games } gewertete Partien
    }: { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws } Remis, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }
rating-change = Letzte Partie: { $change }
rating-none = { $name } hat auf diesem Server noch keine Wertung in { $game }: Wertungen entstehen aus Partien, die mit `{ name-ranked }:true` gestartet wurden.
leaderboard-title = { $game } — Rangliste
leaderboard-empty = Auf diesem Server hat noch niemand eine Wertung in { $game }: Spiel eine Partie mit `{ name-ranked }:true`.
leaderboard-your-line = Dein Platz
leaderboard-rank = Platz
leaderboard-player = Spieler
leaderboard-rating = Wertung
leaderboard-record = S / R / N
leaderboard-line = { $rank }. { $name } — { $rating }{ $provisional } ({ $wins } S, { $draws } R, { $losses } N)
stats-title = { $name } — Ergebnisse auf diesem Server
stats-none = { $name } hat auf diesem Server noch keine Partie beendet.
stats-all-games = Alle Spiele
stats-vs-people = Gegen Menschen
stats-vs-cpu = Gegen die CPU ({ $level })
stats-ranked = Gewertet
stats-wins = Siege
stats-draws = Remis
stats-losses = Niederlagen
stats-record = { $wins } S · { $draws } R · { $losses } N
stats-streak = Längste Siegesserie: { $n }
board-ranked = ⚖️ Gewertete Partie: Die Wertungen ändern sich, wenn sie endet.
refusal-ranked-needs-people = Gewertete Partien gibt es nur zwischen Menschen: Jeder Platz braucht eine andere Person (kein CPU-Platz, nicht beide Seiten selbst spielen).
refusal-ranked-off = Gewertete Partien sind in diesem Kanal ausgeschaltet (/{ name-settings } { name-ranked }).
command-rating = Eine Wertung auf diesem Server zeigen: Wert, Platz und Ergebnisse
command-leaderboard = Die besten Wertungen dieses Servers in einem Spiel
command-stats = Ergebnisse auf diesem Server: nach Spiel, gegen Menschen und gegen die CPU
option-ranked = Gewertete Partie: Die Wertungen ändern sich am Ende (nur Menschen, keine CPU)
option-user = Wessen (Standard: deine)
name-rating = wertung
name-leaderboard = rangliste
name-stats = statistik
name-ranked = gewertet
name-user = nutzer
alt-leaderboard = { $title }. { $lines }
alt-leaderboard-line = { $rank }. { $name }: { $rating }{ $provisional }, { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws } Remis, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }.
alt-leaderboard-own = Dein Platz: { $line }
alt-stats = { $title }. { $lines }
alt-stats-game = { $game }: { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws } Remis, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }.
alt-stats-vs-people = Gegen Menschen: { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws } Remis, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }.
alt-stats-vs-cpu = Gegen die CPU ({ $level }): { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws } Remis, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }.
rating-after-match = { $name }: { $rating }{ $provisional } ({ $change })
command-review = Die Analyse des Lösers zur letzten beendeten Partie in diesem Kanal
option-match = Eine Partienummer aus /{ name-review } oder /{ name-stats } (Standard: die letzte Partie dieses Kanals)
name-review = analyse
name-match = partie
review-title = 🔎 **Analyse der Partie Nr. { $id }** — { $game }: { $players }
review-exact-note = Bewertet vom exakten Löser: „Sieg in n“ zählt die eigenen Züge der ziehenden Seite, diesen mitgezählt.
review-dots-note = Bewertet vom exakten Löser, sobald { $lines ->
        [one] nur noch { $lines } Linie frei ist
       *[other] { $lines } Linien oder weniger frei sind
    }; die Züge davor werden nicht bewertet.
review-estimate-note = ⚠️ Eine Schätzung der starken CPU, kein Beweis: Sie markiert verpasste und verschenkte Siege einen Zug tief.
review-tally = { $name }: beste Züge { $best } · Ungenauigkeiten { $inaccuracies } · Wendepunkte { $turning } · nicht bewertet { $ungraded }
review-tally-estimate = { $name }: wie die starke CPU { $best } · andere Wahl { $inaccuracies } · Wendepunkte { $turning }
review-turning-header = **Wendepunkte**
review-no-turning-points = Keine Wendepunkte: Jeder bewertete Zug hat sein Ergebnis gehalten.
review-mistake = Zug { $n }, { $name }: **{ $played }** machte aus { $before } { $after }; **{ $better }** hätte { $before } gehalten.
review-missed-win = Zug { $n }, { $name }: **{ $played }** verpasste den Sieg mit **{ $better }** (Schätzung).
review-gave-win = Zug { $n }, { $name }: **{ $played }** ließ den nächsten Spieler sofort gewinnen; **{ $better }** hätte es verhindert (Schätzung).
review-more = … und { $n } weitere.
review-none = In diesem Kanal gibt es noch keine beendete Partie: Spiel eine und frag dann noch einmal.
review-unknown-match = Auf diesem Server gibt es keine Partie Nr. { $id }.
review-cannot = Diese Partie lässt sich nicht nachspielen und darum nicht analysieren.
review-picture-title = Partie Nr. { $id }, Zug { $n } ({ $name })
review-caption-played = Gespielt { $move }: { $value }
review-caption-better = Besser { $move }: { $value }
review-strip = Jede Stellung, Zug für Zug: oben, wenn { $name } besser steht, sonst unten; ▼ Wendepunkte
review-strip-estimate = Jeder Zug; ▼ Wendepunkte (Schätzung)
outlook-win-in = Sieg in { $n }
outlook-loss-in = Niederlage in { $n }
outlook-win = Sieg
outlook-loss = Niederlage
outlook-draw = Remis
outlook-win-by = Sieg mit { $n }
outlook-loss-by = Niederlage mit { $n }
outlook-unknown = nicht bewiesen
review-caption-played-estimate = Gespielt { $move }
review-caption-better-estimate = Besser { $move } (Schätzung)
refusal-no-undo-in-puzzle = Ein Rätsel hat weder Zugrücknahme noch Tipp: { button-rematch } startet es neu.
refusal-puzzle-alone = Ein Rätsel spielst du allein gegen die CPU.
command-puzzle = Das Rätsel des Tages: eine Stellung mit erzwungenem Sieg, gegen eine perfekte Verteidigung
name-puzzle = rätsel
puzzle-none = Heute gibt es für dieses Spiel kein Rätsel; versuch ein anderes.
error-no-puzzle = Rätsel gibt es für Vier gewinnt und Käsekästchen, nicht für { $game }.
puzzle-task-connect4 = 🧩 Rätsel vom { $date }: Du bist am Zug und gewinnst { $n ->
        [one] mit genau diesem Zug
       *[other] in höchstens { $n } eigenen Zügen
    }. Nur eine Spalte gewinnt.
puzzle-task-dots = 🧩 Rätsel vom { $date }: Du bist am Zug; beende das Spiel mit einem Vorsprung von { $margin } Kästchen oder mehr. Nur eine Linie hält ihn.
puzzle-solved = 🧩 Gelöst! { $n ->
        [one] { $n } Person auf diesem Server hat
       *[other] { $n } Personen auf diesem Server haben
    } das Rätsel vom { $date } gelöst.
puzzle-not-solved = 🧩 Diesmal nicht gelöst: { button-rematch } startet das Rätsel vom { $date } neu.
stats-recent = Letzte Partien, die neueste zuerst (`/{ name-review } { name-match }:N` spielt eine nach): { $matches }
busy-reviews = Du wartest schon auf so viele Analysen, wie du darfst: Versuch es wieder, wenn eine davon da ist (binnen einer Minute).
busy-server-reviews = Auf diesem Server werden schon so viele Analysen vorbereitet, wie erlaubt: Versuch es in einer Minute wieder.
busy-hints = Du wartest schon auf so viele Tipps, wie du darfst: Versuch es wieder, wenn einer davon da ist.
busy-hint-queue = Gerade werden sehr viele Tipps berechnet: Versuch es gleich noch einmal.
busy-tables = Du leitest auf diesem Server schon so viele laufende Tische, wie du darfst: Beende einen (`/{ name-end }`) oder spiel eine Partie zu Ende und versuch es dann wieder.
refusal-no-seat-to-rejoin = Du hast in dieser Partie keinen Platz, den du zurücknehmen kannst.
refusal-already-rejoined = Du hast deinen Platz in dieser Partie schon einmal zurückgenommen: Jetzt behält ihn die CPU.
refusal-resigned-for-good = Du hast diese Partie aufgegeben: Dein Platz bleibt bis zum Ende bei der CPU.
button-rejoin = Zurückkehren
board-rejoined = ↩️ { $user } hat { $seat } nach Zug { $move } zurückgenommen (bis dahin spielte die CPU).
board-deserted = Alle sind gegangen: Die CPU hat die Partie zu Ende gespielt, der Tisch ist geschlossen. Starte ein neues Spiel mit einem Spielbefehl.
review-cpu-stretch = 🤖 Die CPU spielte für { $user } von Zug { $from } bis Zug { $to }: Diese Züge zählen als die von { $seat }.
command-tables = Die laufenden und offenen Tische dieses Servers, mit Links zu ihren Brettern
name-tables = tische
tables-none = Auf diesem Server läuft kein Tisch. Starte einen mit /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } oder /{ name-dots }.
tables-header = **{ $n ->
        [one] Ein Tisch läuft auf diesem Server
       *[other] { $n } Tische laufen auf diesem Server
    }** (neueste zuerst; offenen Tischen trittst du über ihr Brett bei)
tables-line = { $state } **{ $game }** · { $seats } · { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    } · letzte Aktion { $since } · { $board }
tables-open = 🟢 offen
tables-waiting = ✉️ wartet auf Antworten
tables-playing = ▶️ läuft
tables-paused = ⏸️ pausiert
tables-board = Brett
tables-more = … und { $n ->
        [one] ein weiterer Tisch
       *[other] { $n } weitere Tische
    }.

# Überall spielen: die eigene Installation einer Person.
refusal-ranked-outside = Partien außerhalb eines Servers, der mich hinzugefügt hat, werden nie gewertet: Starte sie ohne { name-ranked }:true.
review-players-only = Nur wer diese Partie gespielt hat, kann ihre Analyse hier sehen.
anywhere-unshared = Dieser Server hat „Externe Apps verwenden“ ausgeschaltet, daher würdest nur du sehen, was ich hier antworte: Ein Spielbrett kann hier nicht geteilt werden. Spiel in einer Direktnachricht oder Gruppe, oder bitte den Server, mich hinzuzufügen.
anywhere-server-only = /{ $command } gehört zu einem Server, der mich hinzugefügt hat: Nutze es dort. Die Spiele, /{ name-rules } und /{ name-help } funktionieren überall.

# /wiederholung und der Knopf Wiederholung: eine beendete Partie als Animation
command-replay = Die letzte beendete Partie dieses Kanals als Animation
name-replay = wiederholung
button-replay = Wiederholung
replay-text = 🎞️ **Wiederholung der Partie Nr. { $id }** — { $game }: { $players }
replay-cannot = Diese Partie lässt sich nicht nachspielen.
replay-title = Partie Nr. { $id } · { $game }
replay-move-number = Zug { $n }
replay-turning = Wendepunkt: { $words }
replay-end-wins = { $who } gewinnt mit vier in einer Reihe.
replay-end-wins-score = { $who } gewinnt { $a }:{ $b }.
replay-end-draw = Remis: Das Brett ist voll.
replay-end-draw-score = Remis, { $a }:{ $b }.
replay-end-resigned = { $who } hat aufgegeben.
replay-end-timed-out = { $who } hat die Zeit überschritten.
replay-end-abandoned = { $who } hat die Partie verlassen.
replay-end-winner = { $who } gewinnt.
replay-end-unfinished = Noch nicht zu Ende: { $who } ist am Zug.
replay-alt = { $title }, als Animation: { $players }. { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, etwa einer pro Sekunde, vom leeren Brett bis zum Ende. { $ending }
replay-alt-turning = { $n ->
        [one] Wendepunkt markiert bei Zug { $list }.
       *[other] Wendepunkte markiert bei den Zügen { $list }.
    }
replay-end-stopped = Die Partie endete, bevor das Brett sie entschied.

## Tournaments (SPEC section 6)
command-tournament = Ein Turnier im Schweizer System oder als Rundenturnier in diesem Kanal austragen
name-tournament = turnier
command-tournament-create = Ein Turnier in diesem Kanal zur Anmeldung eröffnen (du leitest es)
command-tournament-join = Dich für das Turnier in diesem Kanal anmelden
command-tournament-leave = Anmeldung zurückziehen oder aussteigen; die Turnierleitung kann jemanden entfernen
command-tournament-start = Das Turnier starten (nur die Turnierleitung)
command-tournament-standings = Der Stand des Turniers in diesem Kanal
command-tournament-end = Das Turnier jetzt beenden: Der Stand wird zum Endstand (Turnierleitung oder Nachrichten verwalten)
name-create = erstellen
name-join = beitreten
name-start = starten
name-standings = tabelle
name-format = modus
name-rounds = runden
name-player = spieler
option-tournament-game = Das Spiel an allen Tischen
option-format = Schweizer System (Punktgleiche spielen gegeneinander) oder Rundenturnier (jeder gegen jeden)
option-rounds = Runden im Schweizer System (Standard: so wenige, wie es für einen Sieger braucht)
option-tournament-timer = Sekunden pro Zug in jeder Partie (Standard: 60 s)
option-tournament-ranked = Jede Partie wird gewertet (nur Vier gewinnt)
option-player = Wen du entfernst (nur Turnierleitung; leer lassen, um selbst auszusteigen)
tournament-format-swiss = Schweizer System
tournament-format-round-robin = Rundenturnier

refusal-tournament-game = Das geht in einer Turnierpartie nicht: Es gibt kein Zurücknehmen, keinen Tipp, keine Pause und keine Revanche. Du kannst ziehen, aufgeben oder gehen (eine Niederlage).
refusal-tournament-ranked-connect4 = Gewertete Turniere gibt es nur für Vier gewinnt.
refusal-tournament-rounds = Ein Turnier im Schweizer System hat 1 bis 12 Runden.
refusal-no-tournament = In diesem Kanal gibt es kein Turnier. Eröffne eines mit /{ name-tournament } { name-create }.
refusal-tournament-running = In diesem Kanal läuft schon ein Turnier; eröffne ein weiteres in einem anderen Kanal.
refusal-tournament-in-thread = In einem Thread kann kein Turnier eröffnet werden: Seine Partien brauchen eigene Threads. Eröffne es im Kanal.
refusal-tournament-started = Das Turnier hat begonnen: Die Anmeldung ist geschlossen.
refusal-tournament-over = Dieses Turnier ist vorbei.
refusal-tournament-already-in = Du bist schon angemeldet.
refusal-tournament-not-in = Diese Person spielt in diesem Turnier nicht mit.
refusal-tournament-full = Das Turnier ist voll.
refusal-tournament-too-few = Noch nicht genug Spieler: Ein Turnier im Schweizer System braucht mindestens 4, ein Rundenturnier mindestens 3.

tournament-needs-threads = Ich kann hier kein Turnier austragen: Ich brauche in diesem Kanal die Berechtigungen **Öffentliche Threads erstellen** und **Nachrichten in Threads senden** (jede Partie wird in einem Thread gespielt). Es wurde nichts eröffnet.
tournament-created = Das Turnier ist zur Anmeldung offen: Die Nachricht unten hat **{ button-join }**, **{ button-leave }** und **{ button-start }**.
tournament-joined = Du bist angemeldet.
tournament-left = Du bist aus dem Turnier ausgestiegen. Bereits gespielte Partien zählen weiter.
tournament-removed = Die Person wurde aus dem Turnier entfernt. Bereits gespielte Partien zählen weiter.
tournament-started = Das Turnier hat begonnen: Die Partien der ersten Runde werden in Threads eingerichtet.
tournament-ended = Das Turnier ist beendet: Der bisherige Stand ist endgültig.
tournament-title = Turnier in { $game } · { $format }
tournament-rounds-auto = so viele wie nötig
tournament-rounds-everyone = jeder gegen jeden
tournament-ranked = · gewertet
tournament-terms = Turnierleitung: { $host } · Runden: { $rounds } · { $seconds } s pro Zug{ $ranked }
tournament-players = Spieler ({ $n }/{ $most }): { $names }
tournament-signup-open = Drück **{ button-join }**, um dich anzumelden (mindestens { $fewest } zum Start); die Turnierleitung drückt **{ button-start }**. Jede Partie wird in einem Thread dieses Kanals gespielt; wer nicht rechtzeitig zieht, verliert die Partie.
tournament-playing = Runde { $round } von { $rounds } läuft.
tournament-ended-early = Vorzeitig beendet von { $by }: Der bisherige Stand ist endgültig.
tournament-over = Das Turnier ist vorbei.
tournament-thread = Runde { $round } · { $first } gegen { $second }
tournament-game-call = { $first } gegen { $second }: eure Partie in Runde { $round }. { $first } zieht zuerst; { $seconds } s pro Zug, und wer die Zeit überschreitet, verliert.
tournament-pairings-title = Runde { $round } von { $rounds }: Paarungen
tournament-pairing-line = { $board }. { $first } gegen { $second } { $thread }
tournament-bye-line = { $name } setzt diese Runde aus (spielfrei: 1 Punkt).
tournament-bye = spielfrei (1 Punkt)
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn–Berger
tournament-final-title = Endstand: { $title }
tournament-standings-title = Stand nach Runde { $round } von { $rounds }
tournament-standing-line = { $rank }. { $name }: { $points } ({ $tiebreak-name } { $tiebreak }, { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}){ $withdrawn }
tournament-withdrawn = , zurückgezogen
tournament-winner = { $n ->
    [one] Turniersieg für { $names }!
   *[other] Geteilter erster Platz: { $names }!
}
tournament-column-rank = Platz
tournament-column-player = Spieler
tournament-column-points = Punkte
tournament-column-games = Partien
tournament-column-board = Brett
tournament-column-first = Zieht zuerst
tournament-column-second = Zieht als Zweites

## The live web board (SPEC section 8)
button-watch-live = Live ansehen
option-settings-live-links = Einen Live-ansehen-Link zur Webseite jedes Tisches zeigen
name-live-links = live-links
settings-live-links = Live-ansehen-Links: { $value }.
web-drop-piece = Stein fallen lassen
web-drop-bead = Perle fallen lassen
web-draw-line = Linie ziehen
web-login = Mit Discord anmelden, um zu spielen
web-logout = Abmelden
web-watching = Du schaust zu.
web-connecting = Verbinde…
web-reconnecting = Verbindung verloren — verbinde neu…
web-choose-column = Wähle eine Spalte
web-choose-rod = Wähle einen Stab
web-choose-line = Wähle eine Linie
web-level = Ebene
web-cpu = CPU
web-you = du
web-time-left = Verbleibende Zeit
web-not-found = Unter dieser Adresse gibt es kein Live-Brett. Lass dir den Live-ansehen-Link des Tisches noch einmal geben.
web-no-login = Die Anmeldung ist für diesen Bot nicht eingerichtet.
web-try-again = Der Bot startet gerade: versuche es gleich noch einmal.
web-login-failed = Discord hat die Anmeldung nicht bestätigt. Geh zurück zum Tisch und melde dich erneut an.
web-bad-message = Das Brett hat etwas geschickt, das der Bot nicht versteht: lade die Seite neu.
web-log-in-to-play = Melde dich mit Discord an, um an diesem Tisch zu spielen.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Live spielen
command-launch = Spielt den Tisch dieses Kanals gemeinsam live
activity-connecting = Verbinde mit Discord…
activity-not-in-instance = Du bist nicht in dieser Aktivität, oder sie ist nicht in diesem Kanal: öffne sie erneut aus dem Kanal.
activity-no-table = In diesem Kanal gibt es noch keinen Tisch: eröffne einen.
activity-open = Tisch eröffnen
activity-game = Spiel
activity-level = CPU-Stufe
activity-open-seats = Plätze für andere offen
activity-participants = In dieser Aktivität
activity-open-outside = Außerhalb eines Servers starte zuerst ein Spiel mit einem Slash-Befehl und tippe dann auf Live spielen.
activity-failed = Der Bot ist nicht erreichbar. Schließe die Aktivität und versuche es erneut.
