//! Rendering tests: decode the PNGs and look at known pixels.

use super::*;
use boardbot_engine::game::{AnyGame, Connect4, Game, GameKind};
use image::RgbImage;

fn decode(image: &Image) -> RgbImage {
    let decoded = image::load_from_memory(&image.png).expect("a valid PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (image.width, image.height)
    );
    decoded.to_rgb8()
}

fn px(img: &RgbImage, (x, y): (f32, f32)) -> [u8; 3] {
    img.get_pixel(x as u32, y as u32).0
}

#[derive(Debug, PartialEq, Eq)]
enum Family {
    Red,
    Yellow,
    Blue,
    Hole,
    Other,
}

fn family([r, g, b]: [u8; 3]) -> Family {
    let (r, g, b) = (r as i32, g as i32, b as i32);
    if r > 180 && g < 110 && b < 110 {
        Family::Red
    } else if r > 200 && g > 150 && b < 90 {
        Family::Yellow
    } else if b > 190 && r < 110 && g < 160 {
        Family::Blue
    } else if (r - HOLE[0] as i32).abs() < 8
        && (g - HOLE[1] as i32).abs() < 8
        && (b - HOLE[2] as i32).abs() < 8
    {
        Family::Hole
    } else {
        Family::Other
    }
}

fn close(a: [u8; 3], b: [u8; 3], tolerance: i32) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= tolerance)
}

/// Counts pixels near `color` in a box.
fn count(img: &RgbImage, x0: f32, y0: f32, x1: f32, y1: f32, color: [u8; 3]) -> usize {
    let mut n = 0;
    for y in y0.max(0.0) as u32..(y1 as u32).min(img.height()) {
        for x in x0.max(0.0) as u32..(x1 as u32).min(img.width()) {
            if close(img.get_pixel(x, y).0, color, 40) {
                n += 1;
            }
        }
    }
    n
}

// ---------------------------------------------------------------- positions

/// A finished 7 × 6 game: red wins on the diagonal 1-1 … 4-4.
fn connect4_position() -> Connect4 {
    Connect4::from_digits("12233434474").expect("legal moves")
}

/// A 9 × 9 game for three: blue wins on a row, with every seat on the board.
fn three_player_view() -> GridView {
    let mut v = GridView::empty(9, 9, 3);
    let stacks: [&[u8]; 9] = [
        &[0, 1],
        &[1, 0, 2],
        &[2, 2, 0, 1],
        &[2, 1, 0, 0, 1],
        &[2, 0, 1],
        &[0, 1, 2, 0],
        &[1],
        &[],
        &[0, 2],
    ];
    for (column, stack) in stacks.iter().enumerate() {
        for (row, &seat) in stack.iter().enumerate() {
            v.cells[column][row] = Some(seat);
        }
    }
    v.last = Some((4, 0));
    v.lines = vec![vec![(1, 0), (2, 0), (3, 0), (4, 0)]];
    // (1,0) must be blue for that line: make it so.
    v.cells[1][0] = Some(2);
    v
}

/// A 3D game: red wins on a diagonal climbing through row 2 (A2 … D2).
fn cube_view() -> CubeView {
    let mut v = CubeView::default();
    let mut put = |level: usize, x: usize, y: usize, seat: Seat| v.cells[level][x][y] = Some(seat);
    // Rods under the winning diagonal.
    put(0, 0, 1, 0);
    put(0, 1, 1, 1);
    put(1, 1, 1, 0);
    put(0, 2, 1, 1);
    put(1, 2, 1, 1);
    put(2, 2, 1, 0);
    put(0, 3, 1, 1);
    put(1, 3, 1, 0);
    put(2, 3, 1, 1);
    put(3, 3, 1, 0);
    // Others.
    put(0, 0, 0, 1);
    put(0, 1, 2, 0);
    put(1, 1, 2, 1);
    put(0, 3, 3, 1);
    put(0, 2, 2, 0);
    // A full rod: A4.
    put(0, 0, 3, 1);
    put(1, 0, 3, 0);
    put(2, 0, 3, 1);
    put(3, 0, 3, 0);
    v.last = Some((3, 3, 1));
    v.lines = vec![vec![(0, 0, 1), (1, 1, 1), (2, 2, 1), (3, 3, 1)]];
    v
}

/// A 5 × 4 Dots and Boxes game in progress, with boxes for both.
fn dots_view() -> DotsView {
    let mut v = DotsView::empty(5, 4, ["Alice".to_string(), "Bob".to_string()]);
    // Alice closed a1 (box row 0, col 0); Bob closed c3 and d3.
    for (row, col, seat) in [
        (0, 0, 0),
        (1, 0, 0),
        (2, 2, 1),
        (3, 2, 1),
        (2, 3, 1),
        (3, 3, 1),
    ] {
        v.h[row][col] = Some(seat);
    }
    for (row, col, seat) in [(0, 0, 1), (0, 1, 0), (2, 2, 0), (2, 3, 1), (2, 4, 1)] {
        v.v[row][col] = Some(seat);
    }
    // Some open lines elsewhere.
    for (row, col, seat) in [(0, 3, 0), (1, 4, 1), (4, 1, 0), (4, 4, 1)] {
        v.h[row][col] = Some(seat);
    }
    for (row, col, seat) in [(1, 5, 0), (3, 0, 1), (0, 4, 0)] {
        v.v[row][col] = Some(seat);
    }
    v.boxes[0][0] = Some(0);
    v.boxes[2][2] = Some(1);
    v.boxes[2][3] = Some(1);
    v.scores = [1, 2];
    v.last = Some(DotsLine::V { row: 2, col: 4 });
    v
}

// ---------------------------------------------------------------- tests

#[test]
fn connect_four_shows_discs_marks_last_and_line() {
    let view = GridView::from(&connect4_position());
    let image = connect_four(&view);
    let img = decode(&image);
    assert!((700..=900).contains(&image.width), "width {}", image.width);
    let l = grid::Layout::new(&view);
    let (x, y) = l.centre(6, 0);
    assert_eq!(family(px(&img, (x - l.cell * 0.3, y))), Family::Yellow);
    assert_eq!(family(px(&img, l.centre(6, 5))), Family::Hole);
    // Red disc off the winning line: body red, its ring mark white-ish.
    let (x, y) = l.centre(2, 1);
    assert_eq!(family(px(&img, (x - l.cell * 0.3, y))), Family::Red);
    assert!(close(
        px(&img, (x + l.cell * 0.39 * 0.39, y)),
        [255, 255, 255],
        30
    ));
    assert_eq!(family(px(&img, (x, y))), Family::Red, "ring is hollow");
    // Yellow cross: the centre differs from the body beside it.
    let (x, y) = l.centre(1, 0);
    assert_ne!(family(px(&img, (x, y))), Family::Yellow);
    let beside = px(&img, (x + l.cell * 0.15, y));
    assert_eq!(family(beside), Family::Yellow, "{beside:?}");
    // The winning line covers the centres of its cells in white.
    for cell in [(0, 0), (1, 1), (2, 2), (3, 3)] {
        assert!(close(px(&img, l.centre(cell.0, cell.1)), WIN_STROKE, 20));
    }
    // The last disc (3, 3) has a bright ring on the frame.
    let (x, y) = l.centre(3, 3);
    assert!(close(px(&img, (x, y - l.cell * 0.47)), HIGHLIGHT, 20));
    let (x, y) = l.centre(2, 1);
    assert!(close(px(&img, (x, y - l.cell * 0.47)), FRAME, 20));
    // Column labels in ink above every column but the last move's (filled).
    for column in [0, 1, 2, 4, 5, 6] {
        let (x, _) = l.centre(column, 0);
        let n = count(
            &img,
            x - 20.0,
            l.label_y - 15.0,
            x + 20.0,
            l.label_y + 15.0,
            INK,
        );
        assert!(n > 15, "label {column}: {n}");
    }
    let (x, _) = l.centre(3, 0);
    let n = count(
        &img,
        x - 20.0,
        l.label_y - 15.0,
        x + 20.0,
        l.label_y + 15.0,
        HIGHLIGHT,
    );
    assert!(n > 15, "last column label");
}

#[test]
fn connect_four_alt_text() {
    let alt = connect_four(&GridView::from(&connect4_position())).alt;
    assert!(
        alt.starts_with("Connect Four, 7 columns × 6 rows, 11 discs"),
        "{alt}"
    );
    assert!(
        alt.contains("Last disc: red ○ in column 4, row 4."),
        "{alt}"
    );
    assert!(
        alt.contains("Winning line for red ○: 1-1, 2-2, 3-3, 4-4"),
        "{alt}"
    );
    assert!(alt.contains(" 4: yellow, yellow, red, red;"), "{alt}");
    assert!(alt.contains("empty: 5, 6."), "{alt}");
}

#[test]
fn three_players_show_blue_stars_and_nine_columns() {
    let view = three_player_view();
    let image = connect_four(&view);
    let img = decode(&image);
    assert!((700..=900).contains(&image.width), "width {}", image.width);
    let l = grid::Layout::new(&view);
    let (x, y) = l.centre(0, 0);
    assert_eq!(family(px(&img, (x - l.cell * 0.3, y))), Family::Red);
    let (x, y) = l.centre(2, 1);
    assert_eq!(family(px(&img, (x - l.cell * 0.3, y))), Family::Blue);
    assert!(
        close(px(&img, (x, y)), [255, 255, 255], 30),
        "star in the middle"
    );
    assert_eq!(family(px(&img, l.centre(7, 0))), Family::Hole);
    for column in 0..9 {
        let (x, _) = l.centre(column, 0);
        let n = count(
            &img,
            x - 20.0,
            l.label_y - 15.0,
            x + 20.0,
            l.label_y + 15.0,
            INK,
        ) + count(
            &img,
            x - 20.0,
            l.label_y - 15.0,
            x + 20.0,
            l.label_y + 15.0,
            HIGHLIGHT,
        );
        assert!(n > 15, "label {column}: {n}");
    }
    assert!(image
        .alt
        .starts_with("Connect Four for three, 9 columns × 9 rows"));
    assert!(
        image.alt.contains("Winning line for blue ☆"),
        "{}",
        image.alt
    );
}

#[test]
fn full_nine_by_nine_alt_fits() {
    let mut view = GridView::empty(9, 9, 3);
    for column in 0..9 {
        for row in 0..9 {
            view.cells[column][row] = Some(((column + row) % 3) as Seat);
        }
    }
    view.last = Some((8, 8));
    view.lines = vec![(0..9).map(|c| (c, 8 - c.min(8))).collect(); 4];
    let image = connect_four(&view);
    assert!(
        image.alt.chars().count() <= ALT_MAX_CHARS,
        "{}",
        image.alt.len()
    );
    assert!(image.alt.starts_with("Connect Four for three"));
}

#[test]
fn cube_shows_levels_landing_marks_last_and_line() {
    let view = cube_view();
    let image = connect_four_3d(&view);
    let img = decode(&image);
    assert!((700..=900).contains(&image.width), "width {}", image.width);
    // A2 level 1 is red, on the winning line (white stroke in the centre).
    assert!(close(px(&img, cube::centre(0, 0, 1)), WIN_STROKE, 20));
    let (x, y) = cube::centre(0, 0, 1);
    assert_eq!(family(px(&img, (x + 3.0, y - 13.0))), Family::Red);
    // Every level the line crosses has the stroke.
    for level in 0..4 {
        assert!(close(
            px(&img, cube::centre(level, level, 1)),
            WIN_STROKE,
            20
        ));
    }
    // B3 level 1 is red (ring, hollow); level 2 yellow.
    let (x, y) = cube::centre(1, 1, 2);
    assert_eq!(family(px(&img, (x, y))), Family::Other, "dark cross");
    assert_eq!(family(px(&img, (x + 12.0, y))), Family::Yellow);
    // Landing marks: rod C1 is empty, so its mark is on level 1 only.
    let (x, y) = cube::centre(0, 2, 0);
    assert!(
        close(px(&img, (x + 10.0, y)), MUTED, 30),
        "dashed ring at C1"
    );
    let (x, y) = cube::centre(1, 2, 0);
    assert_eq!(family(px(&img, (x + 10.0, y))), Family::Hole);
    // Rod B3 holds two beads: its mark is on level 3.
    let (x, y) = cube::centre(2, 1, 2);
    assert!(
        close(px(&img, (x + 10.0, y)), MUTED, 30),
        "dashed ring at B3"
    );
    // Full rod A4 has no landing mark anywhere; its top bead is red.
    let (x, y) = cube::centre(3, 0, 3);
    assert_eq!(family(px(&img, (x - 12.0, y))), Family::Red);
    // The last bead (D2 level 4) has a bright ring.
    let (x, y) = cube::centre(3, 3, 1);
    assert!(close(px(&img, (x, y - 40.0 * 0.47)), HIGHLIGHT, 30));
    // Level titles and letters are drawn above each panel.
    for level in 0..4 {
        let (px0, py0) = cube::panel_origin(level);
        let n = count(&img, px0, 12.0, px0 + 176.0, 44.0, INK);
        assert!(n > 100, "title of level {level}: {n}");
        let n = count(&img, px0, py0 - 24.0, px0 + 176.0, py0, MUTED);
        assert!(n > 30, "letters of level {level}: {n}");
    }
}

#[test]
fn cube_line_through_one_cell_per_level() {
    // Up rod A4: a target ring on each bead, not a stroke across the cell.
    let mut view = cube_view();
    view.lines = vec![vec![(0, 0, 3), (1, 0, 3), (2, 0, 3), (3, 0, 3)]];
    view.last = None;
    let img = decode(&connect_four_3d(&view));
    for level in 0..4 {
        let (x, y) = cube::centre(level, 0, 3);
        assert!(close(px(&img, (x, y - 40.0 * 0.29)), WIN_STROKE, 30));
        assert!(!close(px(&img, (x - 40.0 * 0.42, y)), WIN_STROKE, 30));
    }
    // The diagonal A2 … D2 climbs one column per level: a short stroke
    // across each of its cells, horizontal on the image.
    let img = decode(&connect_four_3d(&cube_view()));
    let (x, y) = cube::centre(1, 1, 1);
    assert!(close(px(&img, (x - 40.0 * 0.4, y)), WIN_STROKE, 30));
    assert!(!close(px(&img, (x, y - 40.0 * 0.3)), WIN_STROKE, 30));
}

#[test]
fn cube_alt_text() {
    let alt = connect_four_3d(&cube_view()).alt;
    assert!(
        alt.contains("Last bead: red ○ on rod D2, level 4."),
        "{alt}"
    );
    assert!(alt.contains("Winning line for red ○: A2 level 1, B2 level 2, C2 level 3, D2 level 4."));
    assert!(alt.contains(" A4: yellow, red, yellow, red;"), "{alt}");
    assert!(alt.contains("empty: B1, C1, D1"), "{alt}");
    let mut full = CubeView::default();
    for level in 0..4 {
        for x in 0..4 {
            for y in 0..4 {
                full.cells[level][x][y] = Some(((level + x + y) % 2) as Seat);
            }
        }
    }
    let image = connect_four_3d(&full);
    assert!(image.alt.chars().count() <= ALT_MAX_CHARS);
}

#[test]
fn dots_show_lines_boxes_labels_and_scores() {
    let view = dots_view();
    let image = dots(&view);
    let img = decode(&image);
    assert!((700..=900).contains(&image.width), "width {}", image.width);
    let l = dots::Layout::new(&view);
    // A point a quarter along a line, clear of its dots and middle badge.
    let mid = |line: DotsLine| {
        let (a, b) = l.ends(line).unwrap();
        (a.0 + (b.0 - a.0) * 0.25, a.1 + (b.1 - a.1) * 0.25)
    };
    // The badge in the middle of a yellow line carries the dark cross.
    let (a, b) = l.ends(DotsLine::V { row: 0, col: 0 }).unwrap();
    let centre = px(&img, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
    assert!(close(centre, style(1).ink, 40), "{centre:?}");
    assert_eq!(
        family(px(&img, mid(DotsLine::H { row: 0, col: 0 }))),
        Family::Red
    );
    assert_eq!(
        family(px(&img, mid(DotsLine::V { row: 0, col: 0 }))),
        Family::Yellow
    );
    // An undrawn line is faint: neither colour.
    let undrawn = px(&img, mid(DotsLine::H { row: 0, col: 1 }));
    assert!(close(undrawn, [0xD5, 0xDB, 0xE5], 20), "{undrawn:?}");
    // Boxes: tinted, with the owner's mark in the owner's colour.
    let (x, y) = l.box_centre(0, 0);
    assert!(
        close(px(&img, (x, y)), style(0).light, 10),
        "ring is hollow"
    );
    assert_eq!(family(px(&img, (x + l.size * 0.2 * 0.78, y))), Family::Red);
    let (x, y) = l.box_centre(2, 2);
    assert!(close(px(&img, (x, y)), style(1).stroke, 30), "cross at c3");
    assert!(close(px(&img, (x + l.size * 0.3, y)), style(1).light, 10));
    let (x, y) = l.box_centre(1, 1);
    assert!(close(px(&img, (x, y)), BACKGROUND, 4), "open box");
    // The last line has a glow beside it; an ordinary line does not.
    let (x, y) = mid(DotsLine::V { row: 2, col: 4 });
    assert_ne!(px(&img, (x + 11.0, y)), BACKGROUND);
    let (x, y) = mid(DotsLine::V { row: 2, col: 3 });
    assert_eq!(
        px(&img, (x + 11.0, y)),
        style(1).light,
        "no glow into the box"
    );
    // Letters above, numbers to the left, in ink.
    for col in 0..=5 {
        let (x, y) = l.dot(col, 0);
        let n = count(&img, x - 14.0, y - 50.0, x + 14.0, y - 14.0, INK);
        assert!(n > 15, "letter {col}: {n}");
    }
    for row in 0..=4 {
        let (x, y) = l.dot(0, row);
        let n = count(&img, x - 50.0, y - 14.0, x - 14.0, y + 14.0, INK);
        assert!(n > 15, "number {row}: {n}");
    }
    // Header: names and scores in white on the dark band.
    let n = count(&img, 90.0, 30.0, 200.0, 80.0, HIGHLIGHT);
    assert!(n > 50, "Alice: {n}");
    let w = image.width as f32;
    let n = count(&img, w / 2.0 - 60.0, 25.0, w / 2.0, 85.0, HIGHLIGHT);
    assert!(n > 50, "score 1: {n}");
}

#[test]
fn dots_alt_text() {
    let alt = dots(&dots_view()).alt;
    assert!(
        alt.starts_with("Dots and Boxes, 5 × 4 boxes. Score: Alice (red ○) 1, Bob (yellow ×) 2.")
    );
    assert!(
        alt.contains("18 of 49 lines drawn (Alice 8, Bob 10)"),
        "{alt}"
    );
    assert!(alt.contains("Last line: e3-e4 by Bob."), "{alt}");
    assert!(alt.contains("Alice's boxes: a1."), "{alt}");
    assert!(alt.contains("Bob's boxes: c3, d3."), "{alt}");
    assert!(alt.contains("17 boxes open."), "{alt}");

    let names = ["A".repeat(300), "B".repeat(300)];
    let mut full = DotsView::empty(5, 5, names);
    for row in &mut full.h {
        row.iter_mut().for_each(|l| *l = Some(0));
    }
    for row in &mut full.v {
        row.iter_mut().for_each(|l| *l = Some(1));
    }
    for (i, row) in full.boxes.iter_mut().enumerate() {
        row.iter_mut().for_each(|b| *b = Some((i % 2) as Seat));
    }
    full.scores = [15, 10];
    full.last = Some(DotsLine::H { row: 5, col: 4 });
    let image = dots(&full);
    assert!(image.alt.chars().count() <= ALT_MAX_CHARS);
    assert!(image.alt.ends_with('…'));
    decode(&image);
}

#[test]
fn odd_views_do_not_panic() {
    let _ = connect_four(&GridView::default());
    let mut odd = GridView::empty(7, 6, 2);
    odd.cells.truncate(3);
    odd.cells[1].clear();
    odd.cells[0][0] = Some(9);
    odd.last = Some((40, 2));
    odd.lines = vec![vec![], vec![(100, 100)], vec![(0, 0)]];
    decode(&connect_four(&odd));
    let big = GridView::empty(1000, 1000, 7);
    let image = connect_four(&big);
    assert!(image.width < 2000);

    let cube = CubeView {
        last: Some((9, 9, 9)),
        lines: vec![vec![], vec![(5, 0, 0)]],
        ..CubeView::default()
    };
    decode(&connect_four_3d(&cube));

    let d = DotsView {
        last: Some(DotsLine::V { row: 7, col: 7 }),
        ..DotsView::default()
    };
    decode(&dots(&d));
    let mut d = DotsView::empty(3, 3, ["🎲🎲".to_string(), "   ".to_string()]);
    d.h[0][0] = Some(5);
    d.last = Some(DotsLine::H { row: 0, col: 0 });
    let image = dots(&d);
    decode(&image);
    assert!(image.alt.contains("red ○"));
}

#[test]
fn png_files_stay_small() {
    for image in [
        connect_four(&GridView::from(&connect4_position())),
        connect_four(&three_player_view()),
        connect_four_3d(&cube_view()),
        dots(&dots_view()),
    ] {
        assert!(image.png.len() < 120_000, "{} bytes", image.png.len());
    }
}

/// Every board of the benchmark's positions (each game: empty, part way,
/// finished, a long game; every language) fits in 30 KB.
#[test]
fn sample_boards_fit_in_30_kb() {
    let names = sample_names();
    for sample in samples() {
        let image = position(&sample.game, &names, sample.lang);
        decode(&image);
        assert!(
            image.png.len() <= 30_000,
            "{} {} {:?}: {} bytes",
            sample.game_name,
            sample.stage,
            sample.lang,
            image.png.len()
        );
    }
}

/// The pictures under `docs/` (shown at the top of the README) are what the
/// renderer draws today. After a deliberate change to the images, rewrite
/// them with:
/// `BOARDBOT_WRITE_DOCS=1 cargo test -p boardbot-render docs_pictures_are_current`
/// (render times: `cargo bench --bench render`).
#[test]
fn docs_pictures_are_current() {
    let images = [
        (
            "docs/connect4.png",
            connect_four(&GridView::from(&connect4_position())),
        ),
        ("docs/connect4-3p.png", connect_four(&three_player_view())),
        ("docs/connect4-3d.png", connect_four_3d(&cube_view())),
        ("docs/dots.png", dots(&dots_view())),
    ];
    // The pictures are the repository's, two folders above this crate.
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let write = std::env::var_os("BOARDBOT_WRITE_DOCS").is_some();
    for (path, image) in &images {
        let file = root.join(path);
        if write {
            std::fs::create_dir_all(file.parent().unwrap()).expect("docs/ is writable");
            std::fs::write(&file, &image.png).expect("write reference image");
            continue;
        }
        let stored = image::open(&file)
            .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
            .to_rgb8();
        assert!(
            stored == decode(image),
            "{path} is not what the renderer draws now: if the change is meant, \
             rewrite the pictures with BOARDBOT_WRITE_DOCS=1 cargo test -p boardbot-render \
             docs_pictures_are_current"
        );
    }
}

/// Writes edge-case boards to `target/render-samples/` for a look by eye;
/// it writes pictures and checks nothing (hence ignored):
/// `cargo test -p boardbot-render write_samples -- --ignored`
#[test]
#[ignore = "writes pictures to look at; checks nothing"]
fn write_samples() {
    let dir = std::path::Path::new("target/render-samples");
    std::fs::create_dir_all(dir).expect("target/ is writable");
    let mut full3 = DotsView::empty(
        3,
        3,
        [
            "Zoë 🎲".to_string(),
            "A very long display name indeed".to_string(),
        ],
    );
    for row in &mut full3.h {
        row.iter_mut().for_each(|l| *l = Some(0));
    }
    for row in &mut full3.v {
        row.iter_mut().for_each(|l| *l = Some(1));
    }
    for (i, row) in full3.boxes.iter_mut().enumerate() {
        for (j, b) in row.iter_mut().enumerate() {
            *b = Some(((i + j) % 2) as Seat);
        }
    }
    full3.scores = [5, 4];
    full3.last = Some(DotsLine::H { row: 3, col: 2 });
    let mut full5 = DotsView::empty(5, 5, ["Ann".to_string(), "Ben".to_string()]);
    for (r, row) in full5.h.iter_mut().enumerate() {
        row.iter_mut()
            .enumerate()
            .for_each(|(c, l)| *l = Some(((r + c) % 2) as Seat));
    }
    for (r, row) in full5.v.iter_mut().enumerate() {
        row.iter_mut()
            .enumerate()
            .for_each(|(c, l)| *l = Some(((r * c) % 2) as Seat));
    }
    for (i, row) in full5.boxes.iter_mut().enumerate() {
        for (j, b) in row.iter_mut().enumerate() {
            *b = Some(((i * 3 + j) % 2) as Seat);
        }
    }
    let mut full9 = GridView::empty(9, 9, 3);
    for column in 0..9 {
        for row in 0..9 {
            full9.cells[column][row] = Some(((column * 2 + row) % 3) as Seat);
        }
    }
    full9.last = Some((4, 8));
    let mut vertical = cube_view();
    vertical.lines = vec![vec![(0, 0, 3), (1, 0, 3), (2, 0, 3), (3, 0, 3)]];
    vertical.last = Some((3, 0, 3));
    let samples = [
        (
            "empty-connect4.png",
            connect_four(&GridView::empty(7, 6, 2)),
        ),
        ("full-9x9.png", connect_four(&full9)),
        ("dots-3x3-full.png", dots(&full3)),
        ("dots-5x5-full.png", dots(&full5)),
        (
            "dots-empty.png",
            dots(&DotsView::empty(5, 4, Default::default())),
        ),
        ("cube-empty.png", connect_four_3d(&CubeView::default())),
        ("cube-vertical-line.png", connect_four_3d(&vertical)),
    ];
    let names = sample_names();
    let benchmark = super::samples()
        .into_iter()
        .filter(|s| s.stage == "long" && s.lang == Lang::En)
        .map(|s| {
            let name = format!("long-{}.png", s.game_name);
            (name, position(&s.game, &names, s.lang))
        });
    let samples = samples
        .into_iter()
        .map(|(name, image)| (name.to_string(), image))
        .chain(benchmark);
    for (name, image) in samples {
        println!(
            "{name}: {}×{}, {} bytes, alt {} chars: {}",
            image.width,
            image.height,
            image.png.len(),
            image.alt.chars().count(),
            image.alt
        );
        std::fs::write(dir.join(&name), &image.png).expect("write sample");
    }
}

/// A few positions per game whose pictures are kept in
/// `tests/data/render/` and compared pixel by pixel, within a small
/// tolerance (so that a new deflate or palette does not fail them, but a
/// moved disc, a lost mark or a new colour does). After a deliberate
/// change to the pictures, rewrite them with:
/// `BOARDBOT_BLESS=1 cargo test -p boardbot-render reference_images`
#[test]
fn reference_images() {
    let names = sample_names();
    let mut empty_3p = AnyGame::new(GameKind::Connect4ThreePlayer).expect("a board");
    empty_3p.play(4).expect("a legal move");
    let boards: Vec<(&str, Image)> = vec![
        ("connect4-empty", connect_four(&GridView::empty(7, 6, 2))),
        (
            "connect4-won",
            connect_four(&GridView::from(&connect4_position())),
        ),
        (
            "connect4-3p-one-disc",
            position(&empty_3p, &names, Lang::PtBr),
        ),
        ("connect4-3p-won", connect_four(&three_player_view())),
        (
            "connect4-3d-empty-fr",
            connect_four_3d(&CubeView {
                lang: Lang::Fr,
                ..CubeView::default()
            }),
        ),
        ("connect4-3d-won", connect_four_3d(&cube_view())),
        ("dots-middle", dots(&dots_view())),
        (
            "dots-empty-pt",
            dots(&DotsView {
                lang: Lang::PtBr,
                ..DotsView::empty(5, 4, ["Ana".into(), "Bia".into()])
            }),
        ),
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/render");
    let bless = std::env::var_os("BOARDBOT_BLESS").is_some();
    for (name, image) in &boards {
        let file = dir.join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(&dir).expect("tests/data/render is writable");
            std::fs::write(&file, &image.png).expect("write reference image");
            continue;
        }
        let stored = image::open(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()))
            .to_rgb8();
        let drawn = decode(image);
        assert_eq!(stored.dimensions(), drawn.dimensions(), "{name}: size");
        // A pixel is off when a channel differs by more than 24 (of 255);
        // soft edges may move a little, nothing more.
        let off = stored
            .pixels()
            .zip(drawn.pixels())
            .filter(|(a, b)| !close(a.0, b.0, 24))
            .count();
        let allowed = stored.as_raw().len() / 3 / 500;
        assert!(
            off <= allowed,
            "{name}: {off} pixels differ from tests/data/render/{name}.png (at most {allowed}); \
             if the change is meant, rewrite the references with \
             BOARDBOT_BLESS=1 cargo test -p boardbot-render reference_images"
        );
    }
}
