//! The rules of every game: pure, no I/O, no Discord, no images, no async.
//!
//! One [`Game`] trait serves all four games so that tables, CPU levels,
//! rendering and Discord controls are written once. A move is a small number
//! whose meaning belongs to the game (a column, a rod, a line); its public
//! name (`4`, `B3`, `a1-b1`) comes from [`Game::move_name`].

pub mod bits;
pub mod connect4;
pub mod connect4_3d;
pub mod connect4_3p;
pub mod dots;
pub mod flat;
#[cfg(test)]
pub(crate) mod reference;

use serde::{Deserialize, Serialize};
use std::fmt;

pub use connect4::Connect4;
pub use connect4_3d::Connect4ThreeD;
pub use connect4_3p::Connect4ThreePlayer;
pub use dots::DotsAndBoxes;
pub use flat::BadPosition;

/// A seat at the table, in turn order: 0 moves first in a match.
pub type Seat = u8;

/// A move, numbered by the game: a column, a rod or a line index.
pub type Move = u16;

/// A game position's cell, numbered by the game (see each game's docs).
pub type Cell = u16;

/// Which game a position belongs to, with its variant (board size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    Connect4,
    Connect4ThreePlayer,
    Connect4ThreeD,
    Dots { width: u8, height: u8 },
}

impl GameKind {
    /// The Dots and Boxes sizes offered, (name, boxes across, boxes down);
    /// the first is the default.
    pub const DOTS_SIZES: [(&'static str, u8, u8); 4] =
        [("5x4", 5, 4), ("3x3", 3, 3), ("4x4", 4, 4), ("5x5", 5, 5)];

    /// The default Dots and Boxes board, 5 × 4 boxes.
    pub const DOTS_DEFAULT: GameKind = GameKind::Dots {
        width: 5,
        height: 4,
    };

    /// Every game with its default variant, in menu order.
    pub const ALL_DEFAULTS: [GameKind; 4] = [
        GameKind::Connect4,
        GameKind::Connect4ThreePlayer,
        GameKind::Connect4ThreeD,
        GameKind::DOTS_DEFAULT,
    ];

    /// The Dots and Boxes board a size name (`5x4`, ` 4X4 `) stands for.
    pub fn parse_dots_size(name: &str) -> Option<GameKind> {
        let name = normalize_name(name);
        GameKind::DOTS_SIZES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, width, height)| GameKind::Dots { width, height })
    }

    /// The size name (`5x4`) of a supported Dots and Boxes board.
    pub fn dots_size_name(self) -> Option<&'static str> {
        let GameKind::Dots { width, height } = self else {
            return None;
        };
        GameKind::DOTS_SIZES
            .iter()
            .find(|&&(_, w, h)| (w, h) == (width, height))
            .map(|&(n, _, _)| n)
    }

    /// The game's fixed command name (SPEC section 4).
    pub fn command(self) -> &'static str {
        match self {
            GameKind::Connect4 => "connect4",
            GameKind::Connect4ThreePlayer => "connect4-3p",
            GameKind::Connect4ThreeD => "connect4-3d",
            GameKind::Dots { .. } => "dots",
        }
    }

    /// The game's name as people read it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Connect4 => "Connect Four",
            GameKind::Connect4ThreePlayer => "Connect Four for three",
            GameKind::Connect4ThreeD => "Connect Four 3D",
            GameKind::Dots { .. } => "Dots and Boxes",
        }
    }

    /// How many seats a match of this game has.
    pub fn seat_count(self) -> usize {
        match self {
            GameKind::Connect4ThreePlayer => 3,
            _ => 2,
        }
    }
}

/// How a finished match ended on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `seat` won. `lines` holds every winning line (each as its cells, in
    /// order along the line, a run of four or more); it is empty for games
    /// decided by a count, such as Dots and Boxes.
    Win {
        seat: Seat,
        lines: Vec<Vec<Cell>>,
    },
    Draw,
}

impl Outcome {
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Win { seat, .. } => Some(*seat),
            Outcome::Draw => None,
        }
    }
}

/// The outcome of a game decided by lining stones up: a win for the seat
/// `winner` names (with its lines) once a line is made, a draw once the
/// board is full, else none.
pub(crate) fn lined_up(
    won: bool,
    full: bool,
    winner: impl FnOnce() -> (Seat, Vec<Vec<Cell>>),
) -> Option<Outcome> {
    if won {
        let (seat, lines) = winner();
        return Some(Outcome::Win { seat, lines });
    }
    full.then_some(Outcome::Draw)
}

/// Why [`Game::play`] refused a move. The position is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The match is already decided.
    GameOver,
    /// The number names no move of this game or board size.
    NoSuchMove,
    /// The column or rod is full.
    Full,
    /// The line has already been drawn.
    AlreadyDrawn,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::GameOver => "the game is over",
            IllegalMove::NoSuchMove => "no such move",
            IllegalMove::Full => "that column is full",
            IllegalMove::AlreadyDrawn => "that line is already drawn",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The rules of one game. Positions are plain values: clone to branch.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    fn kind(&self) -> GameKind;

    /// Seats in this match (2 or 3).
    fn seat_count(&self) -> usize {
        self.kind().seat_count()
    }

    /// The seat that plays next. Dots and Boxes gives the same seat again
    /// after a line that claims a box. Meaningless once the game is over.
    fn to_move(&self) -> Seat;

    /// Number of moves played so far.
    fn plies(&self) -> usize;

    /// Every move of this game and board size, legal now or not, in the
    /// order controls show them (columns left to right, rods A1..D4, lines).
    fn all_moves(&self) -> Vec<Move>;

    /// How many move ids the game has (`0..move_count()`).
    fn move_count(&self) -> usize;

    /// Why the place of move `mv` (a valid id) is taken — a full column or
    /// rod, a drawn line — or `None` while it is free.
    fn taken(&self, mv: Move) -> Option<IllegalMove>;

    /// Why `mv` may not be played now, or `Ok` if it may.
    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv as usize >= self.move_count() {
            return Err(IllegalMove::NoSuchMove);
        }
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match self.taken(mv) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The legal moves now, in [`Game::all_moves`] order; empty when over.
    fn legal_moves(&self) -> Vec<Move> {
        self.all_moves()
            .into_iter()
            .filter(|&m| self.is_legal(m))
            .collect()
    }

    /// Plays `mv` for [`Game::to_move`]. On error nothing changes.
    fn play(&mut self, mv: Move) -> Result<(), IllegalMove>;

    /// `None` while the match goes on.
    fn outcome(&self) -> Option<Outcome>;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The move played last, if any.
    fn last_move(&self) -> Option<Move>;

    /// The move's public name (SPEC section 4): `4`, `B3`, `a1-b1`.
    fn move_name(&self, mv: Move) -> String;

    /// The move a public name stands for, legal now or not; `None` when the
    /// text names no move of this board. Case and spaces are forgiven.
    fn parse_move(&self, name: &str) -> Option<Move> {
        let wanted = normalize_name(name);
        self.all_moves()
            .into_iter()
            .find(|&m| normalize_name(&self.move_name(m)) == wanted)
    }
}

/// Lower case, no spaces: how move names are compared.
pub fn normalize_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Any game's position, so that tables and storage hold one type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", content = "position")]
pub enum AnyGame {
    #[serde(rename = "connect4")]
    Connect4(Connect4),
    #[serde(rename = "connect4-3p")]
    Connect4ThreePlayer(Connect4ThreePlayer),
    #[serde(rename = "connect4-3d")]
    Connect4ThreeD(Connect4ThreeD),
    #[serde(rename = "dots")]
    Dots(DotsAndBoxes),
}

/// Calls the same method on whichever game `self` holds.
macro_rules! each_game {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Connect4($g) => $body,
            AnyGame::Connect4ThreePlayer($g) => $body,
            AnyGame::Connect4ThreeD($g) => $body,
            AnyGame::Dots($g) => $body,
        }
    };
}

impl AnyGame {
    /// A fresh position of `kind`; `None` for a Dots and Boxes size that is
    /// not one of [`GameKind::DOTS_SIZES`].
    pub fn new(kind: GameKind) -> Option<AnyGame> {
        Some(match kind {
            GameKind::Connect4 => AnyGame::Connect4(Connect4::new()),
            GameKind::Connect4ThreePlayer => {
                AnyGame::Connect4ThreePlayer(Connect4ThreePlayer::new())
            }
            GameKind::Connect4ThreeD => AnyGame::Connect4ThreeD(Connect4ThreeD::new()),
            GameKind::Dots { width, height } => AnyGame::Dots(DotsAndBoxes::new(width, height)?),
        })
    }
}

impl Game for AnyGame {
    fn kind(&self) -> GameKind {
        each_game!(self, g => g.kind())
    }
    fn seat_count(&self) -> usize {
        each_game!(self, g => g.seat_count())
    }
    fn to_move(&self) -> Seat {
        each_game!(self, g => g.to_move())
    }
    fn plies(&self) -> usize {
        each_game!(self, g => g.plies())
    }
    fn all_moves(&self) -> Vec<Move> {
        each_game!(self, g => g.all_moves())
    }
    fn move_count(&self) -> usize {
        each_game!(self, g => g.move_count())
    }
    fn taken(&self, mv: Move) -> Option<IllegalMove> {
        each_game!(self, g => g.taken(mv))
    }
    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        each_game!(self, g => g.check(mv))
    }
    fn legal_moves(&self) -> Vec<Move> {
        each_game!(self, g => g.legal_moves())
    }
    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        each_game!(self, g => g.play(mv))
    }
    fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }
    fn last_move(&self) -> Option<Move> {
        each_game!(self, g => g.last_move())
    }
    fn move_name(&self, mv: Move) -> String {
        each_game!(self, g => g.move_name(mv))
    }
    fn parse_move(&self, name: &str) -> Option<Move> {
        each_game!(self, g => g.parse_move(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_starts_and_round_trips_through_json() {
        let mut kinds = GameKind::ALL_DEFAULTS.to_vec();
        for (name, _, _) in GameKind::DOTS_SIZES {
            kinds.push(GameKind::parse_dots_size(name).unwrap());
        }
        for kind in kinds {
            let mut game = AnyGame::new(kind).unwrap();
            assert_eq!(game.kind(), kind);
            assert_eq!(game.seat_count(), kind.seat_count());
            let first = game.legal_moves()[0];
            game.play(first).unwrap();
            let json = serde_json::to_value(&game).unwrap();
            assert_eq!(json["game"], kind.command());
            let back: AnyGame = serde_json::from_value(json).unwrap();
            assert_eq!(back, game);
            for mv in game.all_moves() {
                assert_eq!(game.parse_move(&game.move_name(mv)), Some(mv));
            }
        }
        assert_eq!(GameKind::DOTS_DEFAULT.dots_size_name(), Some("5x4"));
        assert_eq!(GameKind::Connect4.dots_size_name(), None);
        assert!(AnyGame::new(GameKind::Dots {
            width: 2,
            height: 7
        })
        .is_none());
    }
}
