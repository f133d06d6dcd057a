//! The replay of a match as an animated GIF, made the way lila-gif makes
//! its animations: every frame is composed from the tiles the board
//! images use (so each frame's board is exactly the board image of its
//! position), all frames share one palette (the layout's, fixed before the
//! first frame), and each frame after the first carries only the rectangle
//! that changed, transparent wherever nothing did.
//!
//! Frames: the empty board, one per move (the disc, bead or line just
//! played, with the boxes it closed), and the final position held longer
//! with its winning line or score, as the board image shows it (the frames
//! before leave out the last-move marks: there the move itself is what
//! changes, and marks that move every second would double each frame). Above the board a caption says who
//! moved (name, colour and mark, so that it reads without colour), marks
//! the turning points of a review with its words, and at the end tells how
//! the match ended.

use super::draw::{ellipsize, printable, text_width, Align, Mask};
use super::indexed::{Indexed, Palette};
use super::position::View;
use super::tiles::{Sprite, TileCache};
use super::{clip_alt, colour, disc, draw_token, seat_label, tr, Arc, Lang, Seat};
use super::{BACKGROUND, HIGHLIGHT, INK, MUTED};
use boardbot_engine::game::{AnyGame, Game, GameKind, Move};
use std::borrow::Cow;
use std::ops::Range;

/// A match to replay.
#[derive(Debug, Clone)]
pub struct ReplayMatch {
    pub kind: GameKind,
    /// Its moves from the start.
    pub moves: Vec<Move>,
    /// The seats' names, in seat order (as the images print them).
    pub names: Vec<String>,
    /// Which match: under the empty board and the final position.
    pub title: String,
    /// How it ended: under the final position.
    pub ending: String,
    /// Turning points found by a review, on the frames of their moves.
    pub marks: Vec<TurningMark>,
    /// The language of the words on the frames and of the alt text.
    pub lang: Lang,
}

/// A turning point of a review: its move (0 for the first) and the
/// review's words about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurningMark {
    pub ply: usize,
    pub words: String,
}

/// An animated GIF and its alt text (at most [`super::ALT_MAX_CHARS`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Animation {
    pub gif: Vec<u8>,
    pub alt: String,
    pub width: u32,
    pub height: u32,
    /// The caption's height: the board takes the rows below it.
    pub board_top: u32,
    pub frames: usize,
}

/// How long each frame shows, in hundredths of a second: the empty board,
/// a move, a move marked as a turning point (its words take longer to
/// read), and the final position.
pub const START_DELAY: u16 = 150;
pub const MOVE_DELAY: u16 = 100;
pub const TURNING_DELAY: u16 = 250;
pub const END_DELAY: u16 = 500;

/// The caption above the board: a line of words on top (the match, a
/// turning point's words, how it ended), then the seats — each one's
/// token, name, colour and mark — and the move's number marked with the
/// seat that just made it. The seats stay as they are from frame to frame:
/// what changes is the number and its mark, near the middle, so every
/// frame's rectangle stays narrow and short (the words of one long line,
/// changing every frame, would widen each of them). Two seats share one
/// row, "Move 12" and the mover's token between them; three get a row
/// each, a triangle after the mover's name pointing at it, then "Move 12".
/// The seats come last, nearest the board.
const TOP_LINE: f32 = 24.0;
const FIRST_ROW: f32 = 58.0;
const ROW_H: f32 = 26.0;
const MARGIN: f32 = 20.0;
const TOKEN: f32 = 10.0;
/// Room for a token (or a turning point's badge) before its words.
const LEAD: f32 = 2.0 * TOKEN + 8.0;
const SIZE_TOP: f32 = 19.0;
const SIZE_ROW: f32 = 17.0;
/// With a row per seat, the marker starts this far from the middle of the
/// picture and the names end `GAP` before it.
const MARKER_FROM_MIDDLE: f32 = -24.0;
const GAP: f32 = 12.0;
/// Paired, the room between "Move 12" with its token and either name (so
/// that the mover's token does not read as the next name's).
const PAIRED_GAP: f32 = 34.0;
/// The triangle pointing at the mover's name (a row per seat).
const MARKER_W: f32 = 10.0;

/// The caption's height for `seats` seats (two share a row).
fn caption_height(seats: usize) -> u32 {
    let rows = if seats <= 2 { 1 } else { seats };
    (FIRST_ROW + ROW_H * (rows - 1) as f32 + ROW_H / 2.0 + 8.0) as u32
}

/// The replay of `m`, or `None` when its moves do not replay.
pub fn replay(m: &ReplayMatch) -> Option<Animation> {
    let positions = positions(m.kind, &m.moves)?;
    let view = |game: &AnyGame| View::of(game, &m.names, m.lang);
    let (empty, palette) = view(&positions[0]).draw();
    let seats = m.kind.seat_count();
    let band = BANDS.get((m.kind, m.lang, empty.width), || {
        Band::new(empty.width, seats, &palette)
    });
    let width = empty.width;
    let height = empty.height + band.empty.height;
    let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
        return None;
    };
    let colours: Vec<u8> = palette.colours.concat();
    let mut encoder = gif::Encoder::new(Vec::new(), w, h, &colours).ok()?;
    encoder.set_repeat(gif::Repeat::Infinite).ok()?;

    let names: Vec<String> = (0..seats as Seat)
        .map(|seat| format!("{} ({})", name(m, seat), seat_label(seat, m.lang)))
        .collect();
    // Each move's words: "Move 12".
    let marked: Vec<String> = (1..=m.moves.len())
        .map(|n| tr(m.lang, "replay-move-number", &[("n", &n)]))
        .collect();
    let widest = marked
        .iter()
        .map(|w| text_width(w, SIZE_ROW))
        .fold(0.0f32, f32::max);
    let rows = band.seats(&names, Band::block(widest) / 2.0 + PAIRED_GAP);
    // Every frame but a turning point's and the last shows the match on top.
    let titled = band.top(&rows, Top::Muted(&m.title));
    // The board of the frame being made, from the one before.
    let mut board = empty.clone();
    let mut frames = Frames {
        encoder,
        width: width as usize,
        board: empty,
        band: titled.clone(),
        count: 0,
        buffer: Vec::new(),
        code_size: (palette.colours.len().max(4) as u32)
            .next_power_of_two()
            .trailing_zeros()
            .min(8) as u8,
        lzw: Vec::new(),
    };
    frames.first(START_DELAY).ok()?;
    for ply in 0..m.moves.len() {
        let before = &positions[ply];
        let seat = before.to_move();
        let mark = m.marks.iter().find(|mark| mark.ply == ply);
        let mut caption = match mark {
            Some(mark) => {
                let words = tr(m.lang, "replay-turning", &[("words", &mark.words)]);
                band.top(&rows, Top::Badge(&words))
            }
            None => titled.clone(),
        };
        band.mark(&mut caption, seat, &marked[ply], widest);
        let dirty = view(&positions[ply + 1]).onto_mid_replay(&view(before), &mut board);
        let delay = if mark.is_some() {
            TURNING_DELAY
        } else {
            MOVE_DELAY
        };
        frames.next(&board, caption, delay, dirty).ok()?;
    }
    let last = positions.last()?;
    let winner = last.outcome().and_then(|o| o.winner());
    let (board, _) = view(last).draw();
    let end = band.top(&rows, Top::Ink(winner, &m.ending));
    frames.next(&board, end, END_DELAY, None).ok()?;
    let count = frames.count;
    let board_top = frames.band.height;
    let gif = frames.encoder.into_inner().ok()?;
    Some(Animation {
        gif,
        alt: alt(m, &players(m)),
        width,
        height,
        board_top,
        frames: count,
    })
}

/// The positions of a game: the start, then after each move.
fn positions(kind: GameKind, moves: &[Move]) -> Option<Vec<AnyGame>> {
    let mut game = AnyGame::new(kind)?;
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(game.clone());
    for &mv in moves {
        game.play(mv).ok()?;
        out.push(game.clone());
    }
    Some(out)
}

/// A seat's name as the frames print it (its colour when it has none).
fn name(m: &ReplayMatch, seat: Seat) -> String {
    let named = m.names.get(seat as usize).map_or("", |n| n.trim());
    if named.is_empty() {
        colour(seat, m.lang)
    } else {
        named.to_owned()
    }
}

/// "Ann (red ○) vs Bob (yellow ×)".
fn players(m: &ReplayMatch) -> String {
    let vs = format!(" {} ", tr(m.lang, "board-vs", &[]));
    (0..m.kind.seat_count() as Seat)
        .map(|seat| format!("{} ({})", name(m, seat), seat_label(seat, m.lang)))
        .collect::<Vec<_>>()
        .join(&vs)
}

fn alt(m: &ReplayMatch, players: &str) -> String {
    let mut alt = tr(
        m.lang,
        "replay-alt",
        &[
            ("title", &m.title),
            ("players", &players),
            ("moves", &m.moves.len()),
            ("ending", &m.ending),
        ],
    );
    if !m.marks.is_empty() {
        let list: Vec<String> = m
            .marks
            .iter()
            .map(|mark| (mark.ply + 1).to_string())
            .collect();
        alt.push(' ');
        alt += &tr(
            m.lang,
            "replay-alt-turning",
            &[("n", &m.marks.len()), ("list", &list.join(", "))],
        );
    }
    clip_alt(&alt)
}

/// What the caption's top line shows: muted words (the match), a winner's
/// token before words in ink (how it ended), or a turning point's words
/// after its badge.
enum Top<'a> {
    Muted(&'a str),
    Ink(Option<Seat>, &'a str),
    Badge(&'a str),
}

/// What every caption of one layout shares: the empty band, each seat's
/// token, the marker of each seat's row, and the layout's palette with the
/// caption's inks.
struct Band {
    empty: Indexed,
    tokens: [Sprite; 4],
    palette: Palette,
}

/// Bands by (game, language, board width): the palette is the layout's.
static BANDS: TileCache<(GameKind, Lang, u32), Band> = TileCache::new();

impl Band {
    fn new(width: u32, seats: usize, board: &Palette) -> Band {
        let palette = board.with_inks(&[INK, MUTED, HIGHLIGHT]);
        let background = palette.nearest(BACKGROUND);
        let token = |seat: Seat| {
            // Stamped at whole pixels only: its centre's fraction is 0.
            let mut sprite = Sprite::round(TOKEN + 1.0, (0.0, 0.0), BACKGROUND, |c, x, y| {
                draw_token(c, x, y, TOKEN, seat)
            });
            sprite.index(&palette);
            sprite
        };
        let height = caption_height(seats);
        Band {
            empty: Indexed {
                width,
                height,
                pixels: vec![background; (width * height) as usize],
                pitches: Vec::new(),
                mirrors: Arc::from(Vec::new()),
            },
            tokens: [token(0), token(1), token(2), token(3)],
            palette,
        }
    }

    fn middle(&self) -> f32 {
        (self.empty.width as f32 / 2.0).round()
    }

    /// Whether two seats share one row.
    fn paired(&self) -> bool {
        self.empty.height == caption_height(2)
    }

    /// The centre line of a seat's row.
    fn row(&self, seat: Seat) -> f32 {
        if self.paired() {
            FIRST_ROW
        } else {
            FIRST_ROW + ROW_H * seat as f32
        }
    }

    /// The band with every seat: its token, then "Ann (red ○)". Paired,
    /// the first ends and the second starts `half` from the middle, where
    /// the marker goes; otherwise each row ends before the marker column.
    fn seats(&self, names: &[String], half: f32) -> Indexed {
        let mut band = self.empty.clone();
        let middle = self.middle();
        let paired = self.paired();
        for (seat, words) in names.iter().enumerate() {
            let y = self.row(seat as Seat);
            let (x, words) = if paired && seat == 1 {
                let x = (middle + half).round();
                let room = band.width as f32 - MARGIN - x - LEAD;
                (x, ellipsize(&printable(words), SIZE_ROW, room.max(0.0)))
            } else {
                let end = if paired {
                    middle - half
                } else {
                    middle + MARKER_FROM_MIDDLE - GAP
                };
                let room = (end - MARGIN - LEAD).max(0.0);
                let words = ellipsize(&printable(words), SIZE_ROW, room);
                ((end - LEAD - text_width(&words, SIZE_ROW)).round(), words)
            };
            self.tokens[seat.min(3)].stamp(&mut band, x + TOKEN, y);
            let text = Mask::text(&words, x + LEAD, y, SIZE_ROW, Align::Left);
            band.paint(&self.palette, &text, INK, 1.0);
        }
        band
    }

    /// Paired, the width of the words between the seats ("Move 12" and
    /// the mover's token) for the widest of `words`.
    fn block(widest: f32) -> f32 {
        (widest + 6.0 + 2.0 * TOKEN).ceil()
    }

    /// `seats` (the band of [`Band::seats`]) with its top line.
    fn top(&self, seats: &Indexed, top: Top) -> Indexed {
        let mut band = seats.clone();
        let p = &self.palette;
        let width = band.width as f32;
        let room = width - 2.0 * MARGIN - LEAD;
        let (words, lead) = match top {
            Top::Muted(words) | Top::Ink(None, words) => (words, 0.0),
            Top::Ink(Some(_), words) | Top::Badge(words) => (words, LEAD),
        };
        let words = ellipsize(&printable(words), SIZE_TOP, room);
        let x = ((width - lead - text_width(&words, SIZE_TOP)) / 2.0)
            .round()
            .max(MARGIN);
        let ink = match top {
            Top::Muted(_) => MUTED,
            Top::Ink(seat, _) => {
                if let Some(seat) = seat {
                    self.tokens[(seat as usize).min(3)].stamp(&mut band, x + TOKEN, TOP_LINE);
                }
                INK
            }
            Top::Badge(_) => {
                // A turning point: "!" in a dark disc before the words.
                let centre = x + TOKEN;
                band.paint(p, disc(centre, TOP_LINE, TOKEN).at(), INK, 1.0);
                let mark = Mask::text("!", centre, TOP_LINE, 15.0, Align::Center);
                band.paint(p, &mark, HIGHLIGHT, 1.0);
                INK
            }
        };
        let text = Mask::text(&words, x + lead, TOP_LINE, SIZE_TOP, Align::Left);
        band.paint(p, &text, ink, 1.0);
        band
    }

    /// Marks the seat that just moved. Paired: "Move 12" between the
    /// seats, then the mover's token, the words starting where the widest
    /// of them (`widest` pixels) would be centred, so that from one frame to
    /// the next only the number and the token change. With a row per seat:
    /// a triangle pointing at the mover's name, then "Move 12".
    fn mark(&self, band: &mut Indexed, seat: Seat, words: &str, widest: f32) {
        let p = &self.palette;
        let y = self.row(seat);
        let middle = self.middle();
        let room = band.width as f32 - 2.0 * MARGIN;
        let words = ellipsize(&printable(words), SIZE_ROW, room.max(0.0));
        if self.paired() {
            let left = (middle - Self::block(widest) / 2.0).round();
            let text = Mask::text(&words, left, y, SIZE_ROW, Align::Left);
            band.paint(p, &text, INK, 1.0);
            let token = (left + text_width(&words, SIZE_ROW) + 6.0 + TOKEN).round();
            self.tokens[(seat as usize).min(3)].stamp(band, token, y);
            return;
        }
        let tip = middle + MARKER_FROM_MIDDLE;
        let (base, h) = (tip + MARKER_W, MARKER_W * 0.6);
        let marker = Mask::draw((tip, y - h, base, y + h), |pen| {
            pen.polygon(&[(tip, y), (base, y - h), (base, y + h)], true)
        });
        band.paint(p, &marker, INK, 1.0);
        let text = Mask::text(&words, base + 6.0, y, SIZE_ROW, Align::Left);
        band.paint(p, &text, INK, 1.0);
    }
}

/// The GIF being written, with the picture its last frame left.
struct Frames {
    encoder: gif::Encoder<Vec<u8>>,
    width: usize,
    board: Indexed,
    band: Indexed,
    count: usize,
    /// The changed rectangle of the frame being written, kept from frame
    /// to frame so that it is allocated once.
    buffer: Vec<u8>,
    /// The LZW code size of every frame: the palette's index bits.
    code_size: u8,
    /// The frame's LZW data after its code size, kept like `buffer`.
    lzw: Vec<u8>,
}

/// A rectangle of the picture: columns `x0..x1`, rows `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

impl Frames {
    /// Row `y` of a picture made of the band and the board under it.
    fn row<'a>(board: &'a Indexed, band: &'a Indexed, width: usize, y: usize) -> &'a [u8] {
        let rows = band.height as usize;
        if y < rows {
            &band.pixels[y * width..(y + 1) * width]
        } else {
            &board.pixels[(y - rows) * width..(y - rows + 1) * width]
        }
    }

    /// The whole first picture.
    fn first(&mut self, delay: u16) -> Result<(), gif::EncodingError> {
        let mut buffer = self.band.pixels.clone();
        buffer.extend_from_slice(&self.board.pixels);
        let height = self.board.height + self.band.height;
        let frame = gif::Frame {
            width: self.width as u16,
            height: height as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            buffer: Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        self.count += 1;
        self.write(frame)
    }

    /// Writes `frame`, its buffer still pixels: LZW-encoded here with the
    /// code size of the palette (what `gif` would find scanning every
    /// pixel for the largest index), by weezl, `gif`'s own LZW encoder.
    fn write(&mut self, frame: gif::Frame<'_>) -> Result<(), gif::EncodingError> {
        let mut lzw = std::mem::take(&mut self.lzw);
        lzw.clear();
        lzw.push(self.code_size);
        let mut encoder = weezl::encode::Encoder::new(weezl::BitOrder::Lsb, self.code_size);
        let result = encoder.into_vec(&mut lzw).encode_all(&frame.buffer);
        let written = match result.status {
            Ok(_) => self.encoder.write_lzw_pre_encoded_frame(&gif::Frame {
                buffer: Cow::Borrowed(&lzw),
                ..frame
            }),
            Err(_) => self.encoder.write_frame(&frame),
        };
        self.lzw = lzw;
        written
    }

    /// A frame showing `board` over `band`: only the rectangle that differs
    /// from the last picture, the pixels that did not change in it
    /// transparent. `dirty` names the board's rows that may differ (the
    /// rows of a stamped disc), `None` any of them.
    fn next(
        &mut self,
        board: &Indexed,
        band: Indexed,
        delay: u16,
        dirty: Option<Range<usize>>,
    ) -> Result<(), gif::EncodingError> {
        let width = self.width;
        let rows = band.height as usize;
        let height = rows + board.height as usize;
        // Rows that may differ: the band's, and the board's that `dirty`
        // names (all of them without it).
        let dirty = dirty.map_or(rows..height, |r| {
            (rows + r.start).min(height)..(rows + r.end).min(height)
        });
        let mut rect: Option<Rect> = None;
        // Which indices the changed pixels need (the transparent index
        // must be another).
        let mut used = [false; 256];
        for y in (0..rows).chain(dirty) {
            let old = Self::row(&self.board, &self.band, width, y);
            let new = Self::row(board, &band, width, y);
            if old == new {
                continue;
            }
            let first = old.iter().zip(new).position(|(a, b)| a != b).unwrap_or(0);
            let last = width
                - old
                    .iter()
                    .rev()
                    .zip(new.iter().rev())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
            for (&a, &b) in old[first..last].iter().zip(&new[first..last]) {
                if a != b {
                    used[b as usize] = true;
                }
            }
            rect = Some(match rect {
                None => Rect {
                    x0: first,
                    y0: y,
                    x1: last,
                    y1: y + 1,
                },
                Some(r) => Rect {
                    x0: r.x0.min(first),
                    y0: r.y0,
                    x1: r.x1.max(last),
                    y1: y + 1,
                },
            });
        }
        // Nothing changed: one transparent pixel keeps the frame's time.
        let rect = rect.unwrap_or(Rect {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 1,
        });
        // The transparent index: one that no changed pixel needs, within
        // the code size.
        let transparent = used[..1 << self.code_size]
            .iter()
            .position(|&u| !u)
            .map(|i| i as u8);
        let mut buffer = std::mem::take(&mut self.buffer);
        buffer.clear();
        for y in rect.y0..rect.y1 {
            let old = &Self::row(&self.board, &self.band, width, y)[rect.x0..rect.x1];
            let new = &Self::row(board, &band, width, y)[rect.x0..rect.x1];
            match transparent {
                Some(t) => buffer.extend(
                    old.iter()
                        .zip(new)
                        .map(|(&a, &b)| if a == b { t } else { b }),
                ),
                None => buffer.extend_from_slice(new),
            }
        }
        let frame = gif::Frame {
            left: rect.x0 as u16,
            top: rect.y0 as u16,
            width: (rect.x1 - rect.x0) as u16,
            height: (rect.y1 - rect.y0) as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            buffer: Cow::Borrowed(&buffer),
            ..gif::Frame::default()
        };
        let written = self.write(frame);
        self.buffer = buffer;
        // The board's rows outside the rectangle are the same already, and
        // so are the columns outside it in the rows it covers.
        let rows = band.height as usize;
        for y in rect.y0.max(rows)..rect.y1 {
            let at = (y - rows) * width;
            self.board.pixels[at + rect.x0..at + rect.x1]
                .copy_from_slice(&board.pixels[at + rect.x0..at + rect.x1]);
        }
        self.band = band;
        self.count += 1;
        written
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::full_length;

    /// A decoded GIF: its size, palette and frames.
    struct Decoded {
        width: usize,
        height: usize,
        palette: Vec<u8>,
        frames: Vec<gif::Frame<'static>>,
    }

    fn decode(bytes: &[u8]) -> Decoded {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).expect("a GIF");
        let (width, height) = (decoder.width() as usize, decoder.height() as usize);
        let palette = decoder
            .global_palette()
            .expect("one global palette")
            .to_vec();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            assert!(frame.palette.is_none(), "no frame has a palette of its own");
            frames.push(frame.clone());
        }
        Decoded {
            width,
            height,
            palette,
            frames,
        }
    }

    /// The picture after every frame, in RGB.
    fn composed(d: &Decoded) -> Vec<[u8; 3]> {
        let mut canvas = vec![0u8; d.width * d.height];
        for f in &d.frames {
            let (left, top, w) = (f.left as usize, f.top as usize, f.width as usize);
            for (i, &index) in f.buffer.iter().enumerate() {
                if Some(index) != f.transparent {
                    canvas[(top + i / w) * d.width + left + i % w] = index;
                }
            }
        }
        canvas
            .iter()
            .map(|&i| {
                let c = &d.palette[i as usize * 3..i as usize * 3 + 3];
                [c[0], c[1], c[2]]
            })
            .collect()
    }

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into(), "Cy".into()]
    }

    fn request(kind: GameKind, moves: Vec<Move>, lang: Lang) -> ReplayMatch {
        ReplayMatch {
            kind,
            moves,
            names: names(),
            title: "Match #7".into(),
            ending: "The end.".into(),
            marks: Vec::new(),
            lang,
        }
    }

    /// `plies` moves (fewer if the game ends) drawn from a fixed xorshift.
    fn moves_of(kind: GameKind, seed: u64, plies: usize) -> Vec<Move> {
        let mut game = AnyGame::new(kind).unwrap();
        let mut moves = Vec::new();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while moves.len() < plies && !game.is_over() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal = game.legal_moves();
            let mv = legal[(state % legal.len() as u64) as usize];
            game.play(mv).unwrap();
            moves.push(mv);
        }
        moves
    }

    /// Checks what every replay must be: moves + 2 frames, each with its
    /// delay, on one palette, the last picture's board the final board's
    /// image. Returns the decoded GIF.
    fn check(m: &ReplayMatch) -> (Animation, Decoded) {
        let animation = replay(m).expect("the moves replay");
        let d = decode(&animation.gif);
        assert_eq!(d.frames.len(), m.moves.len() + 2, "{:?}", m.kind);
        assert_eq!(animation.frames, d.frames.len());
        assert_eq!(
            (d.width, d.height),
            (animation.width as usize, animation.height as usize)
        );
        for (i, frame) in d.frames.iter().enumerate() {
            let expected = if i == 0 {
                START_DELAY
            } else if i == d.frames.len() - 1 {
                END_DELAY
            } else if m.marks.iter().any(|mark| mark.ply + 1 == i) {
                TURNING_DELAY
            } else {
                MOVE_DELAY
            };
            assert_eq!(frame.delay, expected, "{:?} frame {i}", m.kind);
            assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        }
        let first = &d.frames[0];
        assert_eq!((first.left, first.top), (0, 0));
        assert_eq!(
            (first.width as usize, first.height as usize),
            (d.width, d.height),
            "the first frame is the whole picture"
        );
        // The final board, as the board image shows it.
        let positions = positions(m.kind, &m.moves).unwrap();
        let image = super::super::position(positions.last().unwrap(), &m.names, m.lang);
        let png = image::load_from_memory(&image.png).unwrap().to_rgb8();
        let top = animation.board_top;
        assert_eq!(
            (png.width(), png.height()),
            (animation.width, animation.height - top)
        );
        let picture = composed(&d);
        let board = &picture[(top * animation.width) as usize..];
        for (i, pixel) in png.pixels().enumerate() {
            assert_eq!(
                board[i], pixel.0,
                "{:?}: pixel {i} of the final board",
                m.kind
            );
        }
        assert!(!animation.alt.is_empty() && animation.alt.chars().count() <= 1024);
        (animation, d)
    }

    #[test]
    fn every_game_and_dots_size_replays_frame_by_frame() {
        let mut kinds = GameKind::ALL_DEFAULTS.to_vec();
        kinds.extend(
            GameKind::DOTS_SIZES
                .iter()
                .skip(1)
                .map(|&(_, width, height)| GameKind::Dots { width, height }),
        );
        for kind in kinds {
            let (animation, d) = check(&request(kind, moves_of(kind, 3, 12), Lang::En));
            // After the first, frames hold only what changed: a small part
            // of the picture is painted, the rest of their rectangle is
            // transparent.
            let area = d.width * d.height;
            for frame in &d.frames[1..] {
                assert!(frame.transparent.is_some(), "{kind:?}");
                let painted = frame
                    .buffer
                    .iter()
                    .filter(|&&i| Some(i) != frame.transparent)
                    .count();
                assert!(painted * 8 < area, "{kind:?}: {painted} of {area} painted");
            }
            assert!(animation.alt.contains("Ann"), "{}", animation.alt);
        }
    }

    #[test]
    fn every_language_replays_with_its_words() {
        let moves = moves_of(GameKind::Connect4ThreeD, 5, 6);
        let mut firsts = Vec::new();
        for lang in Lang::ALL {
            let (animation, d) = check(&request(GameKind::Connect4ThreeD, moves.clone(), lang));
            firsts.push(d.frames[0].buffer.clone());
            assert!(
                animation.alt.contains("Match #7"),
                "{lang:?}: {}",
                animation.alt
            );
        }
        // English, Portuguese, French, Spanish and German draw other words.
        for (i, j) in [(0, 1), (0, 2), (0, 3), (0, 5), (2, 5)] {
            assert_ne!(
                firsts[i],
                firsts[j],
                "{:?} and {:?}",
                Lang::ALL[i],
                Lang::ALL[j]
            );
        }
        let dots = moves_of(GameKind::DOTS_DEFAULT, 2, 10);
        for lang in Lang::ALL {
            check(&request(GameKind::DOTS_DEFAULT, dots.clone(), lang));
        }
    }

    #[test]
    fn full_length_matches_stay_within_their_size() {
        let limits = [
            (GameKind::Connect4, 300_000),
            (GameKind::Connect4ThreePlayer, 600_000),
            (GameKind::Connect4ThreeD, 300_000),
            (GameKind::DOTS_DEFAULT, 400_000),
            (
                GameKind::Dots {
                    width: 5,
                    height: 5,
                },
                400_000,
            ),
        ];
        for (kind, limit) in limits {
            let moves = full_length(kind);
            let mut m = request(kind, moves, Lang::Fr);
            m.names = vec![
                "Annabelle la Grande".into(),
                "Bartholomew Sixpence".into(),
                "Cyrano de Bergerac".into(),
            ];
            m.marks = vec![TurningMark {
                ply: 9,
                words: "Joué 4 : nul · Mieux 6 : gain en 3".into(),
            }];
            let (animation, _) = check(&m);
            assert!(
                animation.gif.len() <= limit,
                "{kind:?}: {} bytes over {limit}",
                animation.gif.len()
            );
        }
    }

    #[test]
    fn a_turning_point_is_marked_on_its_frame_only() {
        let kind = GameKind::Connect4;
        let plain = request(kind, moves_of(kind, 4, 9), Lang::En);
        let mut marked = plain.clone();
        marked.marks = vec![TurningMark {
            ply: 3,
            words: "Played 4: draw · Better 6: win in 3".into(),
        }];
        let (_, a) = check(&plain);
        let (animation, b) = check(&marked);
        for (i, (x, y)) in a.frames.iter().zip(&b.frames).enumerate() {
            if i == 4 {
                assert_ne!(x.buffer, y.buffer, "the turning point's words are drawn");
            } else if i != 5 {
                // (Frame 5 takes the words away again.)
                assert_eq!(x.buffer, y.buffer, "frame {i}");
            }
        }
        assert!(animation.alt.contains("move 4"), "{}", animation.alt);
    }

    #[test]
    fn a_frame_made_from_the_one_before_is_its_board_drawn_again() {
        let kinds = [
            GameKind::Connect4,
            GameKind::Connect4ThreePlayer,
            GameKind::Connect4ThreeD,
            GameKind::Dots {
                width: 3,
                height: 3,
            },
            GameKind::DOTS_DEFAULT,
        ];
        for kind in kinds {
            let positions = positions(kind, &full_length(kind)).unwrap();
            let view = |game: &AnyGame| View::of(game, &names(), Lang::De);
            let (mut board, _) = view(&positions[0]).mid_replay().draw();
            for (ply, position) in positions.iter().enumerate().skip(1) {
                let old = board.clone();
                let rows = view(position).onto_mid_replay(&view(&positions[ply - 1]), &mut board);
                let (drawn, _) = view(position).mid_replay().draw();
                assert!(board.pixels == drawn.pixels, "{kind:?} after move {ply}");
                // Nothing changed outside the rows it names.
                let w = board.width as usize;
                let rows = rows.expect("every game says which rows it changed");
                for y in (0..board.height as usize).filter(|y| !rows.contains(y)) {
                    assert!(
                        old.pixels[y * w..(y + 1) * w] == board.pixels[y * w..(y + 1) * w],
                        "{kind:?} after move {ply}: row {y} changed outside {rows:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn moves_that_do_not_replay_make_no_animation() {
        let mut m = request(GameKind::Connect4, vec![0; 7], Lang::En);
        assert!(replay(&m).is_none(), "a full column");
        m.moves = vec![];
        let (animation, _) = check(&m);
        assert_eq!(animation.frames, 2, "the empty board, then the end");
    }
}
