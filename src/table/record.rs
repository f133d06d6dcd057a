//! A finished match as the history keeps it.

use super::{MatchEnd, Phase, Player, Table, UserId};
use crate::game::{AnyGame, Game, GameKind, Move, Outcome, Seat};
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
    #[serde(default)]
    pub left: Option<UserId>,
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
            .map(|(seat, player)| SeatRecord {
                player: player.clone(),
                left: self
                    .departed
                    .iter()
                    .find(|d| d.seat as usize == seat)
                    .map(|d| d.user),
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
