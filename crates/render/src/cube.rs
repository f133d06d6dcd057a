//! Connect Four 3D: the four levels of the cube side by side, bottom first.

use super::draw::{canvas, text_width, Align};
use super::tiles::{Sprite, TileCache};
use super::*;

const CELL: f32 = 40.0;
const PAD: f32 = 8.0;
const MARGIN: f32 = 20.0;
/// Room left of each level for its row numbers.
const GUTTER: f32 = 22.0;
const GAP: f32 = 20.0;
const TOP: f32 = 12.0;
const TITLE_H: f32 = 32.0;
const LETTERS_H: f32 = 24.0;
const LEGEND_H: f32 = 46.0;
const PANEL: f32 = 4.0 * CELL + 2.0 * PAD;

pub(super) const WIDTH: u32 = (2.0 * MARGIN + 4.0 * (GUTTER + PANEL) + 3.0 * GAP) as u32;
pub(super) const HEIGHT: u32 = (TOP + TITLE_H + LETTERS_H + PANEL + 8.0 + LEGEND_H) as u32;

/// Top-left corner of a level's panel.
pub(super) fn panel_origin(level: usize) -> (f32, f32) {
    let x = MARGIN + GUTTER + level as f32 * (GUTTER + PANEL + GAP);
    (x, TOP + TITLE_H + LETTERS_H)
}

/// Centre of cell (x, y) on a level; y = 0 is row 1, drawn on top.
pub(super) fn centre(level: usize, x: usize, y: usize) -> (f32, f32) {
    let (px, py) = panel_origin(level);
    (
        px + PAD + (x as f32 + 0.5) * CELL,
        py + PAD + (y as f32 + 0.5) * CELL,
    )
}

/// A rod's name: column letter A–D, row digit 1–4.
pub(super) fn rod_name(x: usize, y: usize) -> String {
    format!("{}{}", char::from(b'A' + (x.min(25)) as u8), y + 1)
}

fn level_title(level: usize, lang: Lang) -> String {
    match level {
        0 => tr(lang, "image-level-bottom", &[]),
        3 => tr(lang, "image-level-top", &[]),
        _ => tr(lang, "image-level", &[("n", &(level + 1))]),
    }
}

/// A line's step across the square per level, in cells, from its two ends;
/// (0, 0) for a line straight up a rod.
fn step(line: &[(usize, usize, usize)]) -> (f32, f32) {
    let ends = line.iter().filter(|cell| in_cube(cell));
    let (Some(low), Some(high)) = (ends.clone().min(), ends.max()) else {
        return (0.0, 0.0);
    };
    let levels = (high.0 as f32 - low.0 as f32).max(1.0);
    (
        (high.1 as f32 - low.1 as f32) / levels,
        (high.2 as f32 - low.2 as f32) / levels,
    )
}

fn in_cube(&(level, x, y): &(usize, usize, usize)) -> bool {
    level < 4 && x < 4 && y < 4
}

/// What every 3D board in one language shares: the picture of the empty
/// cube (titles, letters, numbers, panels, holes, legend), each seat's bead
/// in its hole, the landing mark in an empty hole, and their palette.
struct Tiles {
    board: Indexed,
    /// Seats 0, 1, 2 and any other seat (grey).
    beads: [Sprite; 4],
    landing: Sprite,
    palette: Arc<Palette>,
}

static TILES: TileCache<Lang, Tiles> = TileCache::new();

fn tiles(lang: Lang) -> Tiles {
    let mut c = canvas(WIDTH, HEIGHT, BACKGROUND);
    let (hx, hy) = centre(0, 0, 0);
    let hole = Mask::draw(square(hx, hy, CELL * 0.42), |p| {
        p.disc(hx, hy, CELL * 0.42, true)
    });
    for level in 0..4 {
        let (px, py) = panel_origin(level);
        // Title, shrunk if the font would overflow the panel.
        let title = level_title(level, lang);
        let mut size = 18.0;
        while size > 10.0 && text_width(&title, size) > PANEL {
            size -= 1.0;
        }
        c.text(
            &title,
            px + PANEL / 2.0,
            TOP + TITLE_H / 2.0,
            size,
            INK,
            Align::Center,
        );
        for i in 0..4 {
            let (cx, cy) = centre(level, i, i);
            let letter = char::from(b'A' + i as u8).to_string();
            c.text(
                &letter,
                cx,
                py - LETTERS_H / 2.0,
                16.0,
                MUTED,
                Align::Center,
            );
            c.text(
                &(i + 1).to_string(),
                px - GUTTER / 2.0,
                cy,
                16.0,
                MUTED,
                Align::Center,
            );
        }
        c.rounded_rect(px, py + 5.0, px + PANEL, py + PANEL + 5.0, 14.0, SHADOW);
        c.rounded_rect(px, py, px + PANEL, py + PANEL, 14.0, FRAME);
        for x in 0..4 {
            for y in 0..4 {
                let (cx, cy) = centre(level, x, y);
                let moved = hole.moved((cx - hx).round() as i32, (cy - hy).round() as i32);
                draw::paint(&mut c, moved, HOLE, 1.0);
            }
        }
    }
    draw_legend(
        &mut c,
        2,
        lang,
        WIDTH as f32 / 2.0,
        HEIGHT as f32 - LEGEND_H / 2.0 - 4.0,
    );
    let sprite = |draw: &dyn Fn(&mut RgbImage, f32, f32)| {
        Sprite::round(CELL * 0.42 + 1.0, centre(0, 0, 0), FRAME, |c, x, y| {
            c.circle(x, y, CELL * 0.42, HOLE);
            draw(c, x, y);
        })
    };
    let bead = |seat: Seat| sprite(&|c, x, y| draw_token(c, x, y, CELL * 0.39, seat));
    let mut beads = [bead(0), bead(1), bead(2), bead(3)];
    let mut landing = sprite(&|c, x, y| {
        c.shape(square(x, y, CELL * 0.3), MUTED, |p| {
            p.dashed_ring(x, y, CELL * 0.25, 2.5, 8)
        })
    });
    let mut pictures: Vec<&RgbImage> = vec![&c, &landing.rgb];
    pictures.extend(beads.iter().map(|b| &b.rgb));
    let palette = Palette::new(&pictures, &MOVE_INKS);
    for sprite in beads.iter_mut().chain([&mut landing]) {
        sprite.index(&palette);
    }
    Tiles {
        board: Indexed {
            pitches: vec![CELL as usize, (GUTTER + PANEL + GAP) as usize],
            mirrors: indexed::mirrors(HEIGHT, (0..4).map(|y| centre(0, 0, y).1), CELL),
            ..Indexed::from_rgb(&c, &palette)
        },
        beads,
        landing,
        palette: Arc::new(palette),
    }
}

pub(super) fn draw(view: &CubeView) -> (Indexed, Arc<Palette>) {
    let tiles = TILES.get(view.lang, || tiles(view.lang));
    let mut c = tiles.board.clone();
    let p = &tiles.palette;
    let last = view.last.filter(in_cube);
    for level in 0..4 {
        for x in 0..4 {
            for y in 0..4 {
                let (cx, cy) = centre(level, x, y);
                if let Some(seat) = view.at(level, x, y) {
                    tiles.beads[(seat as usize).min(3)].stamp(&mut c, cx, cy);
                } else if view.landing(x, y) == Some(level) {
                    // Where the next bead on this rod would land.
                    tiles.landing.stamp(&mut c, cx, cy);
                }
            }
        }
        if let Some((l, x, y)) = last {
            if l == level {
                let (cx, cy) = centre(level, x, y);
                c.paint(p, ring(cx, cy, CELL * 0.47, 2.6).at(), HIGHLIGHT, 1.0);
            }
        }
        // A winning line on every level it crosses: through its cells on
        // this level, or a dot where it passes through just one.
        for line in &view.lines {
            let here: Vec<(usize, usize, usize)> = line
                .iter()
                .copied()
                .filter(|cell| in_cube(cell) && cell.0 == level)
                .collect();
            let points: Vec<(f32, f32)> = here.iter().map(|&(l, x, y)| centre(l, x, y)).collect();
            let Some((mut a, mut b)) = farthest_pair(&points) else {
                continue;
            };
            if here.len() == 1 {
                let (dx, dy) = step(line);
                if dx == 0.0 && dy == 0.0 {
                    // Straight up a rod: a target ring on the bead.
                    let (cx, cy) = a;
                    c.paint(
                        p,
                        ring(cx, cy, CELL * 0.29, CELL * 0.14).at(),
                        WIN_OUTLINE,
                        1.0,
                    );
                    c.paint(
                        p,
                        ring(cx, cy, CELL * 0.29, CELL * 0.07).at(),
                        WIN_STROKE,
                        1.0,
                    );
                    continue;
                }
                // The line climbs through this one cell: a short stroke in
                // its direction across the levels shows which way it runs.
                a = (a.0 - dx * CELL * 0.45, a.1 - dy * CELL * 0.45);
                b = (b.0 + dx * CELL * 0.45, b.1 + dy * CELL * 0.45);
            }
            draw_win_line(&mut c, p, a, b, CELL * 0.28);
        }
        for &(l, x, y) in view.lines.iter().flatten() {
            if let (true, Some(seat)) = (l == level && in_cube(&(l, x, y)), view.at(l, x, y)) {
                let (cx, cy) = centre(l, x, y);
                c.paint(
                    p,
                    mark(cx, cy, CELL * 0.39 * 0.5, seat).at(),
                    style(seat).ink,
                    1.0,
                );
            }
        }
    }
    (c, Arc::clone(&tiles.palette))
}

/// Adds `seat`'s bead at `cell` to a board drawn for the position before
/// it, with the rod's landing mark moved up a level: the same pixels as
/// drawing the board again (the sprites cover their own holes only), for a
/// replay's next frame.
pub(super) fn stamp_bead(
    view: &CubeView,
    board: &mut Indexed,
    cell: (usize, usize, usize),
    seat: Seat,
) -> std::ops::Range<usize> {
    let tiles = TILES.get(view.lang, || tiles(view.lang));
    let (level, x, y) = cell;
    if !in_cube(&cell) {
        return 0..0;
    }
    let (cx, cy) = centre(level, x, y);
    let bead = &tiles.beads[(seat as usize).min(3)];
    bead.stamp(board, cx, cy);
    let mut rows = bead.rows(cy);
    if level + 1 < 4 {
        let (cx, cy) = centre(level + 1, x, y);
        tiles.landing.stamp(board, cx, cy);
        let landing = tiles.landing.rows(cy);
        rows = rows.start.min(landing.start)..rows.end.max(landing.end);
    }
    rows
}

pub(super) fn alt(view: &CubeView) -> String {
    let lang = view.lang;
    let mut counts = [0usize; 256];
    for &seat in view.cells.iter().flatten().flatten().flatten() {
        counts[seat as usize] += 1;
    }
    let total: usize = counts.iter().sum();
    let seats = format!(
        "{} {}, {} {}",
        seat_label(0, lang),
        counts[0],
        seat_label(1, lang),
        counts[1]
    );
    let mut out = tr(
        lang,
        "alt-cube-summary",
        &[("total", &total), ("seats", &seats)],
    );
    if let Some((level, x, y)) = view.last.filter(in_cube) {
        let (rod, level_no) = (rod_name(x, y), level + 1);
        out.push(' ');
        out += &match view.at(level, x, y) {
            Some(s) => {
                let who = seat_label(s, lang);
                tr(
                    lang,
                    "alt-cube-last",
                    &[("rod", &rod), ("level", &level_no), ("who", &who)],
                )
            }
            None => tr(
                lang,
                "alt-cube-last-anon",
                &[("rod", &rod), ("level", &level_no)],
            ),
        };
    }
    for line in &view.lines {
        let cells: Vec<String> = line
            .iter()
            .filter(|cell| in_cube(cell))
            .map(|&(l, x, y)| {
                let level = l + 1;
                tr(
                    lang,
                    "alt-cube-cell",
                    &[("rod", &rod_name(x, y)), ("level", &level)],
                )
            })
            .collect();
        let cells = list(&cells);
        out.push(' ');
        out += &match line.first().and_then(|&(l, x, y)| view.at(l, x, y)) {
            Some(s) => tr(
                lang,
                "alt-cube-win",
                &[("who", &seat_label(s, lang)), ("cells", &cells)],
            ),
            None => tr(lang, "alt-cube-win-anon", &[("cells", &cells)]),
        };
    }
    out.push(' ');
    if total > 0 {
        out += &tr(lang, "alt-cube-rods", &[]);
        let mut empty = Vec::new();
        for y in 0..4 {
            for x in 0..4 {
                let beads: Vec<String> = (0..4)
                    .map_while(|level| view.at(level, x, y))
                    .map(|s| colour(s, lang))
                    .collect();
                if beads.is_empty() {
                    empty.push(rod_name(x, y));
                } else {
                    out += &format!(" {}: {};", rod_name(x, y), beads.join(", "));
                }
            }
        }
        if empty.is_empty() {
            out.pop();
            out.push('.');
        } else {
            out.push(' ');
            out += &tr(lang, "alt-empty", &[("list", &list(&empty))]);
        }
    } else {
        out += &tr(lang, "alt-cube-empty", &[]);
    }
    out
}
