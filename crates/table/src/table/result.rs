//! A finished match's result in words: who won and how, with the score of
//! a game decided by a count. Each view names the seats its own way (a
//! mention on the board message, a plain name on the web board).

use super::{MatchEnd, Table};
use boardbot_engine::game::{AnyGame, Outcome, Seat};
use boardbot_words::{tr, Lang};

impl Table {
    /// The result line of `end` in `lang`, each seat named by `name`.
    pub fn result_text(&self, end: &MatchEnd, lang: Lang, name: &dyn Fn(Seat) -> String) -> String {
        let scores = match self.game() {
            AnyGame::Dots(dots) => Some(dots.scores()),
            _ => None,
        };
        match end {
            MatchEnd::Board(Outcome::Win { seat, .. }) => match scores {
                Some(s) => tr(
                    lang,
                    "result-wins-score",
                    &[
                        ("who", &name(*seat)),
                        ("a", &s[*seat as usize]),
                        ("b", &s[1 - *seat as usize]),
                    ],
                ),
                None => tr(lang, "result-wins", &[("who", &name(*seat))]),
            },
            MatchEnd::Board(Outcome::Draw) => match scores {
                Some([a, b]) => tr(lang, "result-draw-score", &[("a", &a), ("b", &b)]),
                None => tr(lang, "result-draw", &[]),
            },
            MatchEnd::Resigned { seat }
            | MatchEnd::TimedOut { seat }
            | MatchEnd::Abandoned { seat } => {
                let how = match end {
                    MatchEnd::Resigned { .. } => "resigned",
                    MatchEnd::TimedOut { .. } => "timed-out",
                    _ => "abandoned",
                };
                if self.players().len() == 2 {
                    tr(
                        lang,
                        &format!("result-{how}-wins"),
                        &[("who", &name(*seat)), ("winner", &name(1 - *seat))],
                    )
                } else {
                    tr(lang, &format!("result-{how}"), &[("who", &name(*seat))])
                }
            }
        }
    }
}
