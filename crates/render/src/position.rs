//! From any game's position to its image: fills the view the renderer draws.

use super::indexed::{Indexed, Palette};
use super::{CubeView, DotsLine, DotsView, GridView, Image};
use boardbot_engine::game::{
    connect4_3d, connect4_3p, AnyGame, Connect4ThreeD, Connect4ThreePlayer, DotsAndBoxes, Game,
    Outcome,
};
use boardbot_words::Lang;
use std::ops::Range;
use std::sync::Arc;

/// The board image of any position. `names` are the seats' names, in seat
/// order (shown where the image has room for them, as in Dots and Boxes).
/// Words drawn on the image are in `lang`.
pub fn position(game: &AnyGame, names: &[String], lang: Lang) -> Image {
    let view = View::of(game, names, lang);
    let (board, palette) = view.draw();
    super::finish(&board, &palette, view.alt())
}

/// The alt text [`position`] gives its image, without drawing the image
/// (for boards drawn elsewhere, such as the live web board).
pub fn alt_text(game: &AnyGame, names: &[String], lang: Lang) -> String {
    super::clip_alt(&View::of(game, names, lang).alt())
}

/// The view of any position, for the renderer of its game.
pub(super) enum View {
    Grid(GridView),
    Cube(CubeView),
    Dots(DotsView),
}

impl View {
    /// The view of `game` with the seats' `names`, its words in `lang`.
    pub(super) fn of(game: &AnyGame, names: &[String], lang: Lang) -> View {
        match game {
            AnyGame::Connect4(p) => View::Grid(GridView {
                lang,
                ..GridView::from(p)
            }),
            AnyGame::Connect4ThreePlayer(p) => View::Grid(GridView {
                lang,
                ..GridView::from(p)
            }),
            AnyGame::Connect4ThreeD(p) => View::Cube(CubeView {
                lang,
                ..CubeView::from(p)
            }),
            AnyGame::Dots(p) => {
                let name = |seat: usize| names.get(seat).cloned().unwrap_or_default();
                View::Dots(DotsView {
                    lang,
                    ..dots_view(p, [name(0), name(1)])
                })
            }
        }
    }

    /// The board composed from its layout's tiles, and their palette.
    pub(super) fn draw(&self) -> (Indexed, Arc<Palette>) {
        match self {
            View::Grid(view) => super::grid::draw(view),
            View::Cube(view) => super::cube::draw(view),
            View::Dots(view) => super::dots::draw(view),
        }
    }

    pub(super) fn alt(&self) -> String {
        match self {
            View::Grid(view) => super::grid::alt(view),
            View::Cube(view) => super::cube::alt(view),
            View::Dots(view) => super::dots::alt(view),
        }
    }

    /// Turns `board`, the replay frame of the position before this one
    /// (as [`View::mid_replay`] draws it), into this position's frame: a
    /// disc or bead is stamped alone, the way lila-gif repaints only the
    /// squares that changed; Dots and Boxes is drawn again around the new
    /// line and the boxes it closed (its lines, badges and dots overlap one
    /// another), and its header only when the scores change. `before` is
    /// the view of the position before.
    ///
    /// Returns the board's rows that may have changed, or `None` for any.
    pub(super) fn onto_mid_replay(
        self,
        before: &View,
        board: &mut Indexed,
    ) -> Option<Range<usize>> {
        match (&self, before) {
            (View::Grid(view), _) => {
                if let Some((column, row)) = view.last {
                    if let Some(seat) = view.at(column, row) {
                        return Some(super::grid::stamp_disc(view, board, column, row, seat));
                    }
                }
            }
            (View::Cube(view), _) => {
                if let Some(cell @ (level, x, y)) = view.last {
                    if let Some(seat) = view.at(level, x, y) {
                        return Some(super::cube::stamp_bead(view, board, cell, seat));
                    }
                }
            }
            (View::Dots(_), View::Dots(before)) => {
                if let View::Dots(view) = self.mid_replay() {
                    return Some(super::dots::draw_onto(&view, before, board));
                }
                return None;
            }
            (View::Dots(_), _) => {}
        }
        *board = self.mid_replay().draw().0;
        None
    }

    /// The position as a replay's frame shows it while the match goes on:
    /// the move just played is what changes from the frame before, so it
    /// goes without the last-move marks (they would double what changes
    /// each second), and the winning lines wait for the final frame.
    pub(super) fn mid_replay(mut self) -> View {
        match &mut self {
            View::Grid(view) => {
                view.lines.clear();
                view.last = None;
            }
            View::Cube(view) => {
                view.lines.clear();
                view.last = None;
            }
            View::Dots(view) => view.last = None,
        }
        self
    }
}

impl From<&Connect4ThreePlayer> for GridView {
    fn from(position: &Connect4ThreePlayer) -> GridView {
        let mut view = GridView::empty(connect4_3p::WIDTH, connect4_3p::HEIGHT, 3);
        for (column, cells) in view.cells.iter_mut().enumerate() {
            for (row, cell) in cells.iter_mut().enumerate() {
                *cell = position.at(column, row);
            }
        }
        view.last = position.last_cell().map(connect4_3p::column_row);
        if let Some(Outcome::Win { lines, .. }) = position.outcome() {
            view.lines = lines
                .iter()
                .map(|line| line.iter().map(|&c| connect4_3p::column_row(c)).collect())
                .collect();
        }
        view
    }
}

impl From<&Connect4ThreeD> for CubeView {
    fn from(position: &Connect4ThreeD) -> CubeView {
        let mut view = CubeView::default();
        for (level, plane) in view.cells.iter_mut().enumerate() {
            for (x, column) in plane.iter_mut().enumerate() {
                for (y, cell) in column.iter_mut().enumerate() {
                    *cell = position.at(level, x, y);
                }
            }
        }
        view.last = position.last_cell().map(connect4_3d::level_x_y);
        if let Some(Outcome::Win { lines, .. }) = position.outcome() {
            view.lines = lines
                .iter()
                .map(|line| line.iter().map(|&c| connect4_3d::level_x_y(c)).collect())
                .collect();
        }
        view
    }
}

/// The view of a Dots and Boxes position with the players' names.
pub fn dots_view(position: &DotsAndBoxes, names: [String; 2]) -> DotsView {
    let mut view = DotsView::empty(position.width(), position.height(), names);
    for mv in position.all_moves() {
        let Some((horizontal, row, col)) = position.line_position(mv) else {
            continue;
        };
        let owner = position.line_owner(mv);
        if horizontal {
            view.h[row][col] = owner;
        } else {
            view.v[row][col] = owner;
        }
    }
    for (row, boxes) in view.boxes.iter_mut().enumerate() {
        for (col, owner) in boxes.iter_mut().enumerate() {
            *owner = position.box_owner(row, col);
        }
    }
    view.last = position
        .last_move()
        .and_then(|mv| position.line_position(mv))
        .map(|(horizontal, row, col)| {
            if horizontal {
                DotsLine::H { row, col }
            } else {
                DotsLine::V { row, col }
            }
        });
    view.scores = position.scores();
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardbot_engine::game::GameKind;

    #[test]
    fn every_game_renders_from_its_position() {
        for kind in GameKind::ALL_DEFAULTS {
            let mut game = AnyGame::new(kind).unwrap();
            for _ in 0..9 {
                let mv = game.legal_moves()[0];
                game.play(mv).unwrap();
            }
            let image = position(&game, &["Ann".into(), "Bob".into()], Lang::En);
            let decoded = image::load_from_memory(&image.png).unwrap();
            assert_eq!(
                (decoded.width(), decoded.height()),
                (image.width, image.height)
            );
            assert!(!image.alt.is_empty() && image.alt.chars().count() <= 1024);
        }
    }

    #[test]
    fn words_on_the_image_follow_the_language() {
        for kind in [GameKind::Connect4, GameKind::Connect4ThreeD] {
            let game = AnyGame::new(kind).unwrap();
            let images: Vec<_> = Lang::ALL
                .into_iter()
                .map(|lang| {
                    image::load_from_memory(&position(&game, &[], lang).png)
                        .unwrap()
                        .to_rgb8()
                })
                .collect();
            assert_ne!(images[0], images[1], "{kind:?}: Portuguese words drawn");
            assert_ne!(images[0], images[2], "{kind:?}: French words drawn");
            assert_ne!(images[1], images[2], "{kind:?}");
            assert_ne!(images[0], images[3], "{kind:?}: Spanish words drawn");
            assert_ne!(images[0], images[5], "{kind:?}: German words drawn");
            assert_ne!(images[3], images[5], "{kind:?}");
        }
        let mut game = AnyGame::new(GameKind::Connect4).unwrap();
        game.play(3).unwrap();
        let alt = position(&game, &[], Lang::Fr).alt;
        assert!(
            alt.starts_with("Quatre en ligne, 7 colonnes × 6 rangées, 1 jeton"),
            "{alt}"
        );
        assert!(
            alt.contains("Dernier jeton : rouge ○ dans la colonne 4, rangée 1."),
            "{alt}"
        );
        let mut dots = AnyGame::new(GameKind::DOTS_DEFAULT).unwrap();
        dots.play(0).unwrap();
        let alt = position(&dots, &["Ana".into(), "Bia".into()], Lang::PtBr).alt;
        assert!(
            alt.starts_with("Pontos e quadrados, 5 × 4 casas. Placar: Ana (vermelho ○) 0"),
            "{alt}"
        );
        assert!(alt.contains("Última linha: a1-b1, de Ana."), "{alt}");
    }

    #[test]
    fn dots_lines_and_boxes_reach_the_view() {
        let mut game = DotsAndBoxes::new(3, 3).unwrap();
        for name in ["a1-b1", "a1-a2", "b1-b2", "a2-b2"] {
            let mv = game.parse_move(name).unwrap();
            game.play(mv).unwrap();
        }
        let view = dots_view(&game, ["A".into(), "B".into()]);
        assert_eq!(view.h[0][0], Some(0));
        assert_eq!(view.v[0][0], Some(1));
        assert_eq!(view.v[0][1], Some(0));
        assert_eq!(view.h[1][0], Some(1));
        assert_eq!(view.boxes[0][0], Some(1), "the fourth side claims the box");
        assert_eq!(view.scores, [0, 1]);
        assert_eq!(view.last, Some(DotsLine::H { row: 1, col: 0 }));
    }
}
