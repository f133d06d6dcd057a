//! A fixed set of positions per game, in every language: the render
//! benchmark (`cargo bench --bench render`) times them and a test checks
//! that each image stays small.

use boardbot_engine::game::{AnyGame, Game, GameKind, Move, Outcome};
use boardbot_words::Lang;

/// One position to draw.
pub struct Sample {
    /// The game's command name.
    pub game_name: &'static str,
    /// "empty", "middle", "finished" or "long".
    pub stage: &'static str,
    pub game: AnyGame,
    pub lang: Lang,
}

/// The seats' names drawn on the samples (Dots and Boxes shows them).
pub fn sample_names() -> Vec<String> {
    vec!["Ann".into(), "Bob".into(), "Cy".into()]
}

/// A game played from the start with moves drawn from `seed` (a fixed
/// xorshift), stopped after `plies` moves or at its end.
fn played(kind: GameKind, seed: u64, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(kind).expect("a supported board");
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() || game.is_over() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        game.play(mv).expect("a legal move");
    }
    game
}

fn has_lines(game: &AnyGame) -> bool {
    matches!(game.outcome(), Some(Outcome::Win { lines, .. }) if !lines.is_empty())
}

/// Per game: empty, part way, finished (with a winning line where the game
/// has them) and the longest finished game of the first seeds.
fn positions(kind: GameKind) -> Vec<(&'static str, AnyGame)> {
    let finished: Vec<AnyGame> = (1..=40)
        .map(|seed| played(kind, seed, usize::MAX))
        .filter(|game| has_lines(game) || matches!(kind, GameKind::Dots { .. }))
        .collect();
    let first = finished.first().cloned().expect("a won game in 40 seeds");
    let long = finished
        .iter()
        .max_by_key(|game| game.plies())
        .cloned()
        .expect("a won game in 40 seeds");
    let middle = played(kind, 1, first.plies().max(2) / 2);
    vec![
        ("empty", AnyGame::new(kind).expect("a supported board")),
        ("middle", middle),
        ("finished", first),
        ("long", long),
    ]
}

/// Every game's positions in every language.
pub fn samples() -> Vec<Sample> {
    let mut out = Vec::new();
    for kind in GameKind::ALL_DEFAULTS {
        for (stage, game) in positions(kind) {
            for lang in Lang::ALL {
                out.push(Sample {
                    game_name: kind.command(),
                    stage,
                    game: game.clone(),
                    lang,
                });
            }
        }
    }
    out
}

/// The moves of a match of the longest length its game allows, the same
/// every time:
/// Connect Four's 42 discs, the 81 of Connect Four for three, the 3D
/// cube's 64 beads, every line of a Dots and Boxes board (the replay
/// benchmark and the replay's size tests draw these).
///
/// Moves come from a fixed xorshift, never one that wins before the board
/// is full; a game that runs into a position where every move wins starts
/// again from the next seed.
pub fn full_length(kind: GameKind) -> Vec<Move> {
    let start = AnyGame::new(kind).expect("a supported board");
    let full = match kind {
        GameKind::Connect4 => 42,
        GameKind::Connect4ThreePlayer => 81,
        GameKind::Connect4ThreeD => 64,
        GameKind::Dots { .. } => start.all_moves().len(),
    };
    for seed in 1..=1000u64 {
        let mut game = start.clone();
        let mut moves = Vec::with_capacity(full);
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while !game.is_over() {
            let legal = game.legal_moves();
            let quiet: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&mv| {
                    let mut next = game.clone();
                    next.play(mv).is_ok() && !next.is_over()
                })
                .collect();
            let pool = if quiet.is_empty() { legal } else { quiet };
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = pool[(state % pool.len() as u64) as usize];
            game.play(mv).expect("a legal move");
            moves.push(mv);
        }
        if moves.len() == full {
            return moves;
        }
    }
    panic!("no full-length {kind:?} match in 1000 seeds")
}
