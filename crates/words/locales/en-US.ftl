# English (en-US): the commands' own language, and the fallback of every
# other file.
#
# Project Fluent syntax (https://projectfluent.org/fluent/guide/):
#   id = text           one message; lines after the first are indented
#   { $name }           a value the code fills in
#   { name-end }        another message: here a command's or option's name
#                       as this language's command list shows it
#   { $n ->             a count picks its CLDR plural form (zero, one, two,
#       [one] …         few, many, other: the language's own categories)
#      *[other] … }
#   { $game-gender -> … }  a game's grammatical gender: the .gender of its
#                       game-* message in the same file ("other" if none)
# A continuation line that starts with [, * or . is written {"*"}….
# Move names (4, B3, a1-b1) are never translated.

refusal-table-running = A { $game } table is already running in this channel. Finish it (or /{ name-end } it, if you host it) first, or start your game in another channel or a thread.
refusal-no-table = There is no game in this channel. Start one with /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } or /{ name-dots }.
refusal-not-your-turn = It is not your turn.
refusal-not-your-table = You are not playing at this table.
refusal-column-full = That column is full: pick another.
refusal-rod-full = That rod is full: pick another.
refusal-line-drawn = That line is already drawn: pick another.
refusal-no-such-move = That is not a move on this board.
refusal-game-over = This game has ended.
refusal-stale = That board is out of date: use the latest board message.
refusal-not-invited = This invitation is for someone else.
refusal-host-cannot-answer = You sent this invitation: wait for the answer.
refusal-already-answered = You have already answered this invitation.
refusal-invitation-expired = This invitation has expired.
refusal-already-started = This game has already started.
refusal-not-started = The game has not started yet: waiting for answers.
refusal-match-not-over = The match is still being played.
refusal-table-closed = This table is closed.
refusal-invited-yourself = To play both sides, name yourself as the only opponent.
refusal-too-many-players = Too many players for this game.
refusal-bot-opponent = Bots cannot play. Leave out the opponent to play against me.
refusal-nothing-to-undo = You have no move to take back.
refusal-own-undo-request = You asked for this undo: your opponent answers it.
refusal-undo-pending = An undo request is already waiting for an answer.
refusal-hint-not-your-turn = Hints are for your own turn: wait for it.
refusal-unknown-game = That board size is not available.
refusal-not-in-guild = This works only in a server that added me.
refusal-table-replaced = A newer table was opened in this channel: use its board.
refusal-broken-table = Sorry, this table could not be restored after a restart and cannot be played: start a new one in this channel.
refusal-hint-pending = A hint is already being worked out for this table: it will come in a moment.
refusal-no-undo-request = There is no undo request to answer.
refusal-unknown-control = That control does not belong to a table I know: start a new game or use the latest board.
refusal-board-refreshed = That board was out of date: it now shows the game as it is. Play again on it.
refusal-open-self-play = An open table is for other people to join: leave out `{ name-open }` to play both sides.
refusal-not-host = Only the host of this table can do that.
refusal-paused = The game is paused: the host resumes it with /{ name-resume }.
refusal-already-paused = The game is already paused.
refusal-not-paused = The game is not paused.
refusal-already-seated = You already have a seat at this table.
refusal-no-free-seat = Every seat at this table is taken.
refusal-no-cpu-seat = There is no CPU seat to take at this table.
refusal-host-stays = You host this table: use /{ name-end } to close it.
refusal-cannot-end = Only the host, or a member who can manage messages here, can end this table.
refusal-nothing-due = Nothing is due at this table yet.
refusal-not-open = This table waits for its invited players: it is not open to others.
refusal-no-undo-in-ranked = Ranked matches have no undo.
refusal-cannot-change-settings = Only members who can manage this channel change its settings. Use /{ name-settings } with no options to see them.
error-unknown-timer = "{ $timer }" is not a timer: choose 30, 60 or 90 seconds.
error-restarting = The bot is restarting: try again in a moment.
closed-idle = This **{ $game }** table closed after a long time without any move.
closed-gone = This **{ $game }** table closed with no result: its server, channel or thread is gone.
board-timed-out-left = ⏱️ { $user } ran out of time: a CPU plays { $seat } unless they press { button-rejoin } (once) before the match ends.
board-abandoned-left = 🚪 { $user } left the match: a CPU plays { $seat } unless they press { button-rejoin } (once) before the match ends.
board-reserved = 🪑 { $user } takes the CPU's seat { $seat } from the next match.
board-freed = 🪑 The CPU leaves { $seat } after this match: people can join it.
board-vacated = 🚪 { $seat } left the table: a CPU takes that seat from the next match.
board-paused = ⏸️ Paused by { $host } { $since }: nothing moves until the host resumes.
board-clock = — ⏱️ time runs out { $when }
result-timed-out = ⏱️ { $who } ran out of time.
result-timed-out-wins = ⏱️ { $who } ran out of time. 🏆 **{ $winner } wins!**
result-abandoned = 🚪 { $who } left the match.
result-abandoned-wins = 🚪 { $who } left the match. 🏆 **{ $winner } wins!**
button-join = Join
button-leave = Leave
button-start = Start
button-pause = Pause
button-resume = Resume
button-free-seat = Free a CPU seat
state-open = open table
state-inviting = waiting for answers
state-playing = playing
state-paused = ⏸️ paused
state-over = match over
state-ended = ended
rules-timer = ⏱️ { $seconds } s per move
rules-same-starter = same starter each match
lobby-free = — free seat —
lobby-text = Press **Join** to take a free seat, **Leave** to give yours up. { $host } presses **Start**; the CPU ({ $level }) takes the seats still free.
done-end = The table was ended.
done-pause = The game is paused. /{ name-resume } goes on.
done-resume = The game goes on.
done-leave = You left the table.
done-resign = You resigned.
settings-no-timer = no turn timer
settings-on = on
settings-off = off
settings-shown = This channel's defaults: { $timer } · starter rotates: { $rotate } · CPU level: { $level } · ranked play: { $ranked }.
settings-changed = Saved. This channel's defaults are now: { $timer } · starter rotates: { $rotate } · CPU level: { $level } · ranked play: { $ranked }.
settings-table-changed = This table's next matches: { $timer } · starter rotates: { $rotate } · CPU level: { $level }.
command-end = End this channel's table (host or moderators)
command-pause = Pause this channel's game (host)
command-resume = Resume this channel's paused game (host)
command-leave = Leave your seat at this channel's table
command-resign = Resign the current match
command-settings = Show this channel's game defaults, or change them (Manage Channels)
option-timer = Seconds per move (default: the channel's, off unless set)
option-open = Open table: anyone may join until you press Start
option-rotate = The starter rotates after each match
option-settings-timer = Seconds per move on new tables
option-settings-ranked = Allow ranked matches in this channel
choice-timer-off = off
choice-timer-30 = 30 s
choice-timer-60 = 60 s
choice-timer-90 = 90 s
name-end = end
name-pause = pause
name-resume = resume
name-leave = leave
name-resign = resign
name-settings = settings
name-timer = timer
name-open = open
name-rotate = rotate
error-storage = Sorry, I could not save that move, so nothing changed. Please try again in a moment.

error-apology = Sorry, something went wrong on my side. Please try again.
error-bad-move-name = “{ $typed }” is not a move on this board. Pick one from the list as you type.
error-invite-once = Invite each person once.
error-unknown-level = Unknown level “{ $level }”: use easy, medium or hard.
error-pick-colour = Pick red or yellow.
error-unknown-size = Unknown size “{ $size }”: use 5x4, 3x3, 4x4 or 5x5.
error-unexpected-option = Unexpected option “{ $option }”.
error-self-in-three = In a three-player game, leave your own name out: empty seats go to the CPU.

move-played = You played { $move }.
hint-text = 💡 Hint: the hard CPU would play **{ $move }**.
hint-wins = 💡 Hint: **{ $move }** wins, in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } counting this one.
hint-wins-now = 💡 Hint: **{ $move }** wins at once.
hint-wins-proved = 💡 Hint: **{ $move }** wins (proved; how fast was not worked out in time).
hint-draws = 💡 Hint: **{ $move }** holds the draw; no move wins.
hint-loses = 💡 Hint: every move loses; **{ $move }** lasts longest, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } counting this one.
hint-loses-now = 💡 Hint: every move loses at once; **{ $move }** is as good as any.
hint-loses-proved = 💡 Hint: every move loses; **{ $move }** is the search's choice.
hint-guess = 💡 Hint: best guess **{ $move }** (nothing proved in time).
hint-none = No move to suggest: the game is over.

game-connect4 = Connect Four
game-connect4-3p = Connect Four for three
game-connect4-3d = Connect Four 3D
game-dots = Dots and Boxes

colour-red = red
colour-yellow = yellow
colour-blue = blue
colour-grey = grey
word-column = column
word-rod = rod
word-line = line
level-easy = easy
level-medium = medium
level-hard = hard
cpu-name = CPU ({ $level })

invite-text = { $invited }, { $host } invites you to play **{ $game }**! Accept or decline within 5 minutes.
invite-accepted = (accepted)
invite-declined = (declined: the CPU takes the seat)
closed-declined = { $user } declined the invitation to play **{ $game }**.
closed-expired = The invitation to play **{ $game }** expired without an answer.
closed-ended = { $user } ended this **{ $game }** table.

board-match = match { $n }
board-vs = vs
board-declined = { $user } declined: a CPU plays that seat.
board-missed = { $user } did not answer in time: a CPU plays that seat.
board-resigned-left = { $user } resigned and left: a CPU plays { $seat } for the rest of the match.
board-last-move = Last move: { $emoji } { $word } { $move }
board-box-again = — box claimed: another move
board-boxes = Boxes: { $a } · { $b }
board-undo-request = ↩️ { $user } asks to take back their last move. Opponent: **{ $accept }** or **{ $decline }**?
board-turn = **Turn:** { $who }
board-thinking = — thinking…
board-menu = Draw a line ({ $first } … { $last })

result-wins = 🏆 **{ $who } wins!**
result-wins-score = 🏆 **{ $who } wins { $a }–{ $b }!**
result-draw = **Draw!** The board is full.
result-draw-score = **Draw!** { $a }–{ $b }
result-resigned = { $who } resigned.
result-resigned-wins = { $who } resigned. 🏆 **{ $winner } wins!**

button-accept = Accept
button-decline = Decline
button-resign = Resign
button-rematch = Rematch
button-undo = Undo
button-hint = Hint

command-connect4 = Play Connect Four: challenge someone, or play me
command-connect4-3p = Play Connect Four for three on a 9×9 board
command-connect4-3d = Play Connect Four 3D on a 4×4×4 cube
command-dots = Play Dots and Boxes
command-move = Play a move in this channel's game
option-opponent = Who to challenge (leave out to play the CPU; yourself: play both sides)
option-player2 = A second player (empty seats go to the CPU)
option-player3 = A third player (empty seats go to the CPU)
option-level = How strong the CPU plays (default: medium)
option-color = Your colour against the CPU (default: drawn)
option-size = Boxes wide × high (default: 5x4)
option-at = The move: a column, rod or line name
choice-red-first = red (moves first)
choice-yellow = yellow

# Localized names of commands and options (English: the fixed names).
name-move = move
name-opponent = opponent
name-player2 = player2
name-player3 = player3
name-level = level
name-color = color
name-size = size
name-at = at

# /help and /rules
command-help = How to play with this bot
command-rules = The rules of a game
option-game = Which game
name-help = help
name-rules = rules
name-game = game
help-text = **boardbot** hosts board games in this channel.
    • `/{ name-connect4 }`, `/{ name-connect4-3p }`, `/{ name-connect4-3d }`, `/{ name-dots }`: start a game. Leave out the opponent to play me; name a friend to invite them; name yourself to play both sides. `{ name-level }`: { level-easy }, { level-medium } or { level-hard }.
    • Play with the buttons or menus under the board, or `/{ name-move } { name-at }:` (4, B3, a1-b1).
    • **{ button-resign }**, **{ button-rematch }**, **{ button-hint }** (against the CPU and in 3D), **{ button-undo }** (against the CPU at once; between people the opponent agrees).
    • `{ name-timer }:` 30, 60 or 90 s per move; `{ name-open }:true` opens the table: **{ button-join }**, **{ button-leave }**, and the host presses **{ button-start }**.
    • `/{ name-pause }`, `/{ name-resume }` (host), `/{ name-end }` (host or Manage Messages), `/{ name-leave }`, `/{ name-resign }`, `/{ name-settings }` (the channel's defaults).
    • One game per channel: use a thread for another.
    • `/{ name-rules } { name-game }:` explains a game.
    • `/{ name-tournament } { name-create }`: a Swiss or round-robin tournament in this channel, each game in a thread of its own.
rules-connect4 = **Connect Four** (2 players, 7 × 6)
    • Red starts, then yellow. Pick a column: the disc falls to the lowest free cell. A full column takes no disc.
    • Four or more of your colour in a row — across, up or diagonally — wins at once.
    • A full board with no line is a draw.
rules-connect4-3p = **Connect Four for three** (3 players, 9 × 9)
    • Red ○, yellow ×, blue ☆ play in that order; red starts. Pick a column: the disc falls to the lowest free cell.
    • The first to make four or more in a row wins. A full board is a draw.
    • Empty seats are played by the CPU; someone who resigns leaves and the CPU plays their seat.
rules-connect4-3d = **Connect Four 3D** (2 players, 4 × 4 × 4)
    • 16 rods of 4 beads. Red starts. Pick a rod (A1 … D4): the bead drops to the lowest free level.
    • Four in a straight line win: along a row, a column or a rod, across a level or a vertical plane, or corner to corner through the centre (76 lines).
    • A full cube is a draw. **Hint** shows the hard CPU's move.
rules-dots = **Dots and Boxes** (2 players; 5 × 4 boxes, also 3 × 3, 4 × 4, 5 × 5)
    • Draw one line between two neighbouring dots (a1-b1, a1-a2).
    • Closing the fourth side of a box claims it, and you draw again at once; a line that claims nothing passes the turn.
    • When every box is claimed, most boxes wins; equal is a draw. **Undo** takes back your last line.

# Words drawn on the board images.
image-level = Level { $n }
image-level-bottom = Level 1 (bottom)
image-level-top = Level 4 (top)

# Alt text of the board images.
alt-grid-summary = { $title }, { $columns ->
        [one] { $columns } column
       *[other] { $columns } columns
    } × { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    }, { $total ->
        [one] { $total } disc
       *[other] { $total } discs
    } ({ $seats }).
alt-grid-last = Last disc: { $who } in column { $column }, row { $row }.
alt-grid-last-anon = Last disc: in column { $column }, row { $row }.
alt-grid-empty = The board is empty.
alt-grid-win = Winning line for { $who }: { $cells } (column-row).
alt-grid-win-anon = Winning line: { $cells } (column-row).
alt-grid-columns = Columns, bottom to top:
alt-empty = empty: { $list }.
alt-cube-summary = Connect Four 3D, 4 levels side by side, bottom first; { $total ->
        [one] { $total } bead
       *[other] { $total } beads
    } ({ $seats }).
alt-cube-last = Last bead: { $who } on rod { $rod }, level { $level }.
alt-cube-last-anon = Last bead: on rod { $rod }, level { $level }.
alt-cube-cell = { $rod } level { $level }
alt-cube-win = Winning line for { $who }: { $cells }.
alt-cube-win-anon = Winning line: { $cells }.
alt-cube-rods = Rods, bottom to top:
alt-cube-empty = The cube is empty.
alt-dots-summary = Dots and Boxes, { $width } × { $height } { $boxes ->
        [one] box
       *[other] boxes
    }. Score: { $a } ({ $a_seat }) { $a_score }, { $b } ({ $b_seat }) { $b_score }. { $drawn } of { $lines ->
        [one] { $lines } line
       *[other] { $lines } lines
    } drawn ({ $a } { $a_lines }, { $b } { $b_lines }).
alt-dots-last = Last line: { $line } by { $who }.
alt-dots-last-anon = Last line: { $line }.
alt-dots-named = Boxes are named by their top-left dot.
alt-dots-boxes = { $who }'s boxes: { $list }.
alt-dots-open = { $n ->
        [one] { $n } box open.
       *[other] { $n } boxes open.
    }

# Command names (English: the fixed names; others: Discord name_localizations).
name-connect4 = connect4
name-connect4-3p = connect4-3p
name-connect4-3d = connect4-3d
name-dots = dots

# Ranked play: ratings, leaderboard, stats.
rating-line = **{ $name }** — { $game }: **{ $rating }**{ $provisional } ± { $deviation }
rating-provisional-mark = ?
rating-provisional = Provisional: fewer than 5 ranked matches, or still uncertain.
rating-rank = Rank **{ $rank }** of { $rated } in this server
rating-record = { $games ->
        [one] { $games } ranked match
       *[other] { $games } ranked matches
    }: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }
rating-change = Last match: { $change }
rating-none = { $name } has no { $game } rating in this server yet: ratings come from matches started with `{ name-ranked }:true`.
leaderboard-title = { $game } — leaderboard
leaderboard-empty = Nobody has a { $game } rating in this server yet: play a match with `{ name-ranked }:true`.
leaderboard-your-line = Your line
leaderboard-rank = Rank
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-record = W / D / L
leaderboard-line = { $rank }. { $name } — { $rating }{ $provisional } ({ $wins } W, { $draws } D, { $losses } L)
stats-title = { $name } — results in this server
stats-none = { $name } has not finished a match in this server yet.
stats-all-games = All games
stats-vs-people = Against people
stats-vs-cpu = Against the CPU ({ $level })
stats-ranked = Ranked
stats-wins = Wins
stats-draws = Draws
stats-losses = Losses
stats-record = { $wins } W · { $draws } D · { $losses } L
stats-streak = Longest win streak: { $n }
board-ranked = ⚖️ Ranked match: ratings change when it ends.
refusal-ranked-needs-people = Ranked matches are between people only: every seat needs a different person (no CPU seat, no playing both sides).
refusal-ranked-off = Ranked play is switched off in this channel (/{ name-settings } { name-ranked }).
command-rating = Show a rating in this server: value, rank and results
command-leaderboard = The best ratings of this server in a game
command-stats = Results in this server: by game, against people and the CPU
option-ranked = Ranked match: ratings change at the end (people only, no CPU)
option-user = Whose (default: yours)
name-rating = rating
name-leaderboard = leaderboard
name-stats = stats
name-ranked = ranked
name-user = user
alt-leaderboard = { $title }. { $lines }
alt-leaderboard-line = { $rank }. { $name }: { $rating }{ $provisional }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }.
alt-leaderboard-own = Your line: { $line }
alt-stats = { $title }. { $lines }
alt-stats-game = { $game }: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }.
alt-stats-vs-people = Against people: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }.
alt-stats-vs-cpu = Against the CPU ({ $level }): { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }.
rating-after-match = { $name }: { $rating }{ $provisional } ({ $change })
command-review = The solver's review of this channel's last finished match
option-match = A match number from /{ name-review } or /{ name-stats } (default: this channel's last match)
name-review = review
name-match = match
review-title = 🔎 **Review of match #{ $id }** — { $game }: { $players }
review-exact-note = Graded by the exact solver: "win in n" counts the mover's own moves, this one included.
review-dots-note = Graded by the exact solver once { $lines ->
        [one] { $lines } line is
       *[other] { $lines } lines or fewer are
    } free; the moves before that are not graded.
review-estimate-note = ⚠️ An estimate by the hard CPU, not a proof: it flags wins missed and wins given away one move deep.
review-tally = { $name }: best moves { $best } · inaccuracies { $inaccuracies } · turning points { $turning } · not graded { $ungraded }
review-tally-estimate = { $name }: as the hard CPU { $best } · other choices { $inaccuracies } · turning points { $turning }
review-turning-header = **Turning points**
review-no-turning-points = No turning points: every graded move kept its result.
review-mistake = Move { $n }, { $name }: **{ $played }** turned { $before } into { $after }; **{ $better }** kept { $before }.
review-missed-win = Move { $n }, { $name }: **{ $played }** missed the win at **{ $better }** (estimate).
review-gave-win = Move { $n }, { $name }: **{ $played }** let the next player win at once; **{ $better }** prevented it (estimate).
review-more = … and { $n } more.
review-none = No finished match in this channel yet: play one, then ask again.
review-unknown-match = There is no match #{ $id } in this server.
review-cannot = This match cannot be replayed, so it cannot be reviewed.
review-picture-title = Match #{ $id }, move { $n } ({ $name })
review-caption-played = Played { $move }: { $value }
review-caption-better = Better { $move }: { $value }
review-strip = Each position, move by move: up when { $name } stands better, down otherwise; ▼ turning points
review-strip-estimate = Each move; ▼ turning points (estimate)
outlook-win-in = win in { $n }
outlook-loss-in = loss in { $n }
outlook-win = win
outlook-loss = loss
outlook-draw = draw
outlook-win-by = win by { $n }
outlook-loss-by = loss by { $n }
outlook-unknown = not proved
review-caption-played-estimate = Played { $move }
review-caption-better-estimate = Better { $move } (estimate)
refusal-no-undo-in-puzzle = A puzzle has no undo and no hint: Rematch starts it again.
refusal-puzzle-alone = A puzzle is played alone against the CPU.
command-puzzle = Today's puzzle: a position with a forced win, against a perfect defender
name-puzzle = puzzle
puzzle-none = There is no puzzle today for this game; try another.
error-no-puzzle = There are puzzles for Connect Four and Dots and Boxes, not for { $game }.
puzzle-task-connect4 = 🧩 Puzzle of { $date }: you are to move and win { $n ->
        [one] with this very move
       *[other] within { $n } of your moves
    }. Only one column wins.
puzzle-task-dots = 🧩 Puzzle of { $date }: you are to move; end with a box margin of { $margin } or better. Only one line keeps it.
puzzle-solved = 🧩 Solved! { $n ->
        [one] { $n } person in this server has solved
       *[other] { $n } people in this server have solved
    } the puzzle of { $date }.
puzzle-not-solved = 🧩 Not solved this time: Rematch starts the puzzle of { $date } again.
stats-recent = Last matches, newest first (`/{ name-review } { name-match }:N` replays one): { $matches }
busy-reviews = You are already waiting for as many reviews as you may: try again when one of them has come (within a minute).
busy-server-reviews = This server has as many reviews being prepared as it may: try again in a minute.
busy-hints = You are already waiting for as many hints as you may: try again when one of them has come.
busy-hint-queue = Many hints are being worked out right now: try again in a moment.
busy-tables = You host as many running tables in this server as you may: end one (`/{ name-end }`) or finish a match, then try again.
refusal-no-seat-to-rejoin = You have no seat to take back in this match.
refusal-already-rejoined = You have already taken your seat back once in this match: the CPU keeps it now.
refusal-resigned-for-good = You resigned this match: your seat stays with the CPU until it ends.
button-rejoin = Rejoin
board-rejoined = ↩️ { $user } took { $seat } back after move { $move } (the CPU played it meanwhile).
board-deserted = Everyone left: the CPU finished the match and the table is closed. Start a new game with a game command.
review-cpu-stretch = 🤖 The CPU played for { $user } from move { $from } to move { $to }: those moves are graded as { $seat }'s.
command-tables = The running and open tables of this server, with links to their boards
name-tables = tables
tables-none = No table is running in this server. Start one with /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } or /{ name-dots }.
tables-header = **{ $n ->
        [one] One table is running in this server
       *[other] { $n } tables are running in this server
    }** (newest first; open tables are joined from their board)
tables-line = { $state } **{ $game }** · { $seats } · { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } · last action { $since } · { $board }
tables-open = 🟢 open
tables-waiting = ✉️ waiting for answers
tables-playing = ▶️ playing
tables-paused = ⏸️ paused
tables-board = board
tables-more = … and { $n ->
        [one] one more table
       *[other] { $n } more tables
    }.

# Play anywhere: a person's own install (DMs, group DMs, servers that did
# not add the bot).
refusal-ranked-outside = Games outside a server that added me are never ranked: start it without { name-ranked }:true.
review-players-only = Only the people who played that match can see its review here.
anywhere-unshared = This server has turned off “Use External Apps”, so everything I answer here would be visible to you alone: a board cannot be shared here. Play in a DM or a group DM, or ask the server to add me.
anywhere-server-only = /{ $command } belongs to a server that added me: use it there. The games, /{ name-rules } and /{ name-help } work anywhere.

# /replay and the Replay button: a finished match as an animated picture
command-replay = An animated replay of this channel's last finished match
name-replay = replay
button-replay = Replay
replay-text = 🎞️ **Replay of match #{ $id }** — { $game }: { $players }
replay-cannot = This match cannot be replayed.
replay-title = Match #{ $id } · { $game }
replay-move-number = Move { $n }
replay-turning = Turning point: { $words }
replay-end-wins = { $who } wins with four in a row.
replay-end-wins-score = { $who } wins { $a }–{ $b }.
replay-end-draw = Draw: the board is full.
replay-end-draw-score = Draw, { $a }–{ $b }.
replay-end-resigned = { $who } resigned.
replay-end-timed-out = { $who } ran out of time.
replay-end-abandoned = { $who } left the match.
replay-end-winner = { $who } wins.
replay-end-unfinished = Not over yet: { $who } to move.
replay-alt = { $title }, animated replay: { $players }. { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, about one a second, from the empty board to the end. { $ending }
replay-alt-turning = { $n ->
        [one] Turning point marked at move { $list }.
       *[other] Turning points marked at moves { $list }.
    }
replay-end-stopped = The match ended before the board decided it.

## Tournaments (SPEC section 6)
command-tournament = Run a Swiss or round-robin tournament in this channel
name-tournament = tournament
command-tournament-create = Open a tournament for sign-up in this channel (you are its host)
command-tournament-join = Sign up for this channel's tournament
command-tournament-leave = Leave the sign-up or withdraw; the host may remove a player
command-tournament-start = Start the tournament (host only)
command-tournament-standings = The standings of this channel's tournament
command-tournament-end = End the tournament now: the standings so far are final (host or Manage Messages)
name-create = create
name-join = join
name-start = start
name-standings = standings
name-format = format
name-rounds = rounds
name-player = player
option-tournament-game = Which game every table plays
option-format = Swiss (players of equal score meet) or round robin (everyone meets everyone)
option-rounds = Swiss rounds (default: the fewest that find a single winner)
option-tournament-timer = Seconds per move in every game (default: 60 s)
option-tournament-ranked = Rate every game (Connect Four only)
option-player = The player to remove (host only; leave out to withdraw yourself)
tournament-format-swiss = Swiss
tournament-format-round-robin = Round robin

refusal-tournament-game = Not in a tournament game: it has no undo, hint, pause or rematch. You may move, resign or leave (a loss).
refusal-tournament-ranked-connect4 = Ranked tournaments are for Connect Four only.
refusal-tournament-rounds = A Swiss tournament has 1 to 12 rounds.
refusal-no-tournament = There is no tournament in this channel. Open one with /{ name-tournament } { name-create }.
refusal-tournament-running = A tournament already runs in this channel; open another in a different channel.
refusal-tournament-in-thread = A tournament cannot be opened inside a thread: its games need threads of their own. Open it in the channel.
refusal-tournament-started = The tournament has started: sign-up is closed.
refusal-tournament-over = That tournament is over.
refusal-tournament-already-in = You are signed up already.
refusal-tournament-not-in = That player is not in this tournament.
refusal-tournament-full = The tournament is full.
refusal-tournament-too-few = Not enough players yet: a Swiss tournament needs at least 4, a round robin at least 3.

tournament-needs-threads = I cannot run a tournament here: I need the **Create Public Threads** and **Send Messages in Threads** permissions in this channel (each game is played in a thread). Nothing was opened.
tournament-created = The tournament is open for sign-up: the message below has **Join**, **Leave** and **Start**.
tournament-joined = You are signed up.
tournament-left = You are out of the tournament. Games already played still count.
tournament-removed = The player is out of the tournament. Games already played still count.
tournament-started = The tournament has started: the first round's games are being set up in threads.
tournament-ended = The tournament is over: the standings so far are final.
tournament-title = { $game } tournament · { $format }
tournament-rounds-auto = as many as it takes
tournament-rounds-everyone = everyone meets everyone
tournament-ranked = · ranked
tournament-terms = Host: { $host } · rounds: { $rounds } · { $seconds } s per move{ $ranked }
tournament-players = Players ({ $n }/{ $most }): { $names }
tournament-signup-open = Press **Join** to sign up (at least { $fewest } to start); the host presses **Start**. Every game is played in a thread of this channel; a player who does not move in time loses the game.
tournament-playing = Round { $round } of { $rounds } is being played.
tournament-ended-early = Ended early by { $by }: the standings so far are final.
tournament-over = The tournament is over.
tournament-thread = Round { $round } · { $first } vs { $second }
tournament-game-call = { $first } vs { $second }: your round { $round } game. { $first } moves first; { $seconds } s per move, and a player whose time runs out loses.
tournament-pairings-title = Round { $round } of { $rounds }: pairings
tournament-pairing-line = { $board }. { $first } vs { $second } { $thread }
tournament-bye-line = { $name } sits this round out (bye: 1 point).
tournament-bye = bye (1 point)
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn–Berger
tournament-final-title = Final standings: { $title }
tournament-standings-title = Standings after round { $round } of { $rounds }
tournament-standing-line = { $rank }. { $name }: { $points } ({ $tiebreak-name } { $tiebreak }, { $games ->
    [one] { $games } game
   *[other] { $games } games
}){ $withdrawn }
tournament-withdrawn = , withdrawn
tournament-winner = { $n ->
    [one] The winner: { $names }!
   *[other] Shared first place: { $names }!
}
tournament-column-rank = Rank
tournament-column-player = Player
tournament-column-points = Points
tournament-column-games = Games
tournament-column-board = Game
tournament-column-first = Moves first
tournament-column-second = Moves second

## The live web board (SPEC section 8)
button-watch-live = Watch live
option-settings-live-links = Show a Watch live link to each table's web page
name-live-links = live-links
settings-live-links = Watch live links: { $value }.
web-drop-piece = Drop piece
web-drop-bead = Drop bead
web-draw-line = Draw line
web-login = Log in with Discord to play
web-logout = Log out
web-watching = You are watching.
web-connecting = Connecting…
web-reconnecting = Connection lost — reconnecting…
web-choose-column = Choose a column
web-choose-rod = Choose a rod
web-choose-line = Choose a line
web-level = Level
web-cpu = CPU
web-you = you
web-time-left = Time left
web-not-found = There is no live board at this address. Ask for the table's Watch live link again.
web-no-login = Logging in is not set up on this bot.
web-try-again = The bot is starting: try again in a moment.
web-login-failed = Discord did not confirm the login. Go back to the table and log in again.
web-bad-message = The board sent something the bot does not understand: reload the page.
web-log-in-to-play = Log in with Discord to play at this table.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Play live
command-launch = Play this channel's table live, together
activity-connecting = Connecting to Discord…
activity-not-in-instance = You are not in this activity, or it is not in this channel: open it again from the channel.
activity-no-table = No table in this channel yet: open one.
activity-open = Open a table
activity-game = Game
activity-level = CPU level
activity-open-seats = Open seats for others
activity-participants = In this activity
activity-open-outside = Outside a server, start a game with a slash command first, then press Play live.
activity-failed = Could not reach the bot. Close the activity and try again.
