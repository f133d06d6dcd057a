//! A finished match as the history keeps it.

use super::{MatchEnd, Phase, Player, Table, UserId};
use boardbot_engine::game::{AnyGame, Game, GameKind, Move, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The board size as the history names it.
fn size_name(kind: GameKind) -> String {
    match kind {
        GameKind::Connect4 => "7x6".into(),
        GameKind::Connect4ThreePlayer => "9x9".into(),
        GameKind::Connect4ThreeD => "4x4x4".into(),
        GameKind::Dots { width, height } => format!("{width}x{height}"),
    }
}

/// One seat of a finished match: who held it at the end, and the person
/// who left it during the match (a CPU played on), if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub player: Player,
    /// The person who left the seat to the CPU and did not come back: the
    /// seat's result is theirs, as a loss.
    #[serde(default)]
    pub left: Option<UserId>,
    /// The moves the CPU played for a person who left the seat (and came
    /// back, or did not), as a range of move numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_played: Option<CpuStretch>,
}

impl SeatRecord {
    /// A seat held by `player` for the whole match.
    pub fn held(player: Player) -> SeatRecord {
        SeatRecord {
            player,
            left: None,
            cpu_played: None,
        }
    }
}

/// The stretch of a match the CPU played in a person's seat: from the move
/// after `after` to the move `until` (the match's last move when the
/// person did not come back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CpuStretch {
    /// Moves made when the CPU took the seat.
    pub after: u32,
    /// Moves made when the person came back, or at the end of the match.
    pub until: u32,
    /// The person came back to the seat.
    pub back: bool,
}

/// A finished match as the history keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRecord {
    pub table: u64,
    /// 1 for the table's first match, then 2, ...
    pub match_no: u32,
    pub guild: u64,
    pub channel: u64,
    /// The game's command name (`connect4`, `dots`, ...).
    pub game: String,
    /// The board size (`7x6`, `5x4`, ...).
    pub size: String,
    pub seats: Vec<SeatRecord>,
    /// The move names in order.
    pub moves: Vec<String>,
    /// `win`, `draw` or `resigned`.
    pub result: String,
    pub winner: Option<Seat>,
    /// `board` (decided on the board) or `resign`.
    pub ended_by: String,
    /// Milliseconds since the epoch.
    pub started_at: u64,
    pub ended_at: u64,
    /// The match changes ratings (see `rating::update`).
    pub ranked: bool,
}

impl MatchRecord {
    /// The game and board the match was played on.
    pub fn kind(&self) -> Option<GameKind> {
        match self.game.as_str() {
            "connect4" => Some(GameKind::Connect4),
            "connect4-3p" => Some(GameKind::Connect4ThreePlayer),
            "connect4-3d" => Some(GameKind::Connect4ThreeD),
            "dots" => GameKind::parse_dots_size(&self.size),
            _ => None,
        }
    }

    /// The game and its moves, replayed from their names; `None` when the
    /// record does not replay (an unknown game or an illegal move).
    pub fn replay(&self) -> Option<(GameKind, Vec<Move>)> {
        let kind = self.kind()?;
        let mut game = AnyGame::new(kind)?;
        let mut moves = Vec::with_capacity(self.moves.len());
        for name in &self.moves {
            let mv = game.parse_move(name)?;
            game.play(mv).ok()?;
            moves.push(mv);
        }
        Some((kind, moves))
    }

    /// The person in `seat`, if a person held it.
    pub fn person(&self, seat: Seat) -> Option<UserId> {
        self.seats.get(seat as usize)?.player.person_id()
    }

    /// True when `user` held a seat in the match.
    pub fn played(&self, user: UserId) -> bool {
        self.seats
            .iter()
            .any(|s| s.player.person_id() == Some(user) || s.left == Some(user))
    }
}

impl Table {
    /// The record of the match that just ended, for the history.
    pub fn match_record(&self, now: u64) -> Option<MatchRecord> {
        let Phase::Finished(end) = &self.phase else {
            return None;
        };
        if self.puzzle.is_some() {
            // Puzzles count as solves (see the store), not as matches.
            return None;
        }
        let two = self.players.len() == 2;
        let (result, winner, ended_by) = match end {
            MatchEnd::Board(Outcome::Win { seat, .. }) => ("win", Some(*seat), "board"),
            MatchEnd::Board(Outcome::Draw) => ("draw", None, "board"),
            MatchEnd::Resigned { seat } => ("resigned", two.then(|| 1 - *seat), "resign"),
            MatchEnd::TimedOut { seat } => ("timeout", two.then(|| 1 - *seat), "timeout"),
            MatchEnd::Abandoned { seat } => ("abandoned", two.then(|| 1 - *seat), "leave"),
        };
        let seats = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| {
                let departure = self.departed.iter().find(|d| d.seat as usize == seat);
                let moves = self.history.len() as u32;
                SeatRecord {
                    player: player.clone(),
                    left: departure.filter(|d| d.back.is_none()).map(|d| d.user),
                    cpu_played: departure.map(|d| CpuStretch {
                        // An undo may have taken back moves since.
                        after: d.at.min(moves),
                        until: d.back.unwrap_or(moves).min(moves),
                        back: d.back.is_some(),
                    }),
                }
            })
            .collect();
        let mut replay = AnyGame::new(self.kind)?;
        let moves = self
            .history
            .iter()
            .map(|&mv| {
                let name = replay.move_name(mv);
                let _ = replay.play(mv);
                name
            })
            .collect();
        Some(MatchRecord {
            table: self.no,
            match_no: self.matches,
            guild: self.guild,
            channel: self.channel,
            game: self.kind.command().to_owned(),
            size: size_name(self.kind),
            seats,
            moves,
            result: result.to_owned(),
            winner,
            ended_by: ended_by.to_owned(),
            started_at: self.match_started_at,
            ended_at: now,
            ranked: self.ranked_match(),
        })
    }
}
