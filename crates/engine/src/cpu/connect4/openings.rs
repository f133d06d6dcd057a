//! The opening database: every Connect Four position a game can reach
//! with at most `depth` stones (mirror images folded), with its result for
//! the side to move (win, draw or loss) and a move that keeps it. A hint
//! there is a lookup instead of a search; the model is John Tromp's 8-ply
//! database. It extends the best-move book ([`super::book`]), which the
//! hard CPU keeps for its exact-score lines deeper than this.
//!
//! File format (`assets/connect4-openings.bin`), little-endian:
//! - a 24-byte header: the magic `C4OPENDB`, the format version (u32,
//!   [`VERSION`]), the depth (u32), the number of entries (u32), and
//!   whether every position of the depth is in (u32: 1 complete, 0 a
//!   generation still under way);
//! - entries of 8 bytes sorted by key: `key << 9 | value << 3 | column`,
//!   where `key` is the smaller of the position's key and its mirror
//!   image's ([`Position::key`], below 2^49), `column` the 0-based move in
//!   that orientation (7: none, when every move loses), and `value` 0..=42
//!   an exact score + 21, or [`LOSS`], [`DRAW`], [`WIN`] where only the
//!   result is known.
//!
//! Built by `boardbot book openings` ([`generate`]): the positions with
//! `depth` stones are solved (weakly: win / draw / loss, and the move that
//! keeps it), the shallower ones follow by minimax over their children.
//! The output file is rewritten as the work goes on and read back at the
//! next start, so a stopped generation picks up where it left off.

use super::position::{Position, ORDER};
use super::solver::Solver;
use super::table::Table;
use crate::cpu::time::{Duration, Instant};
use crate::game::connect4::WIDTH;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};

pub const MAGIC: &[u8; 8] = b"C4OPENDB";
pub const VERSION: u32 = 1;
const HEADER: usize = 24;
/// Value codes of an entry whose exact score is not known.
pub const LOSS: u8 = 43;
pub const DRAW: u8 = 44;
pub const WIN: u8 = 45;
const NO_COLUMN: u8 = 7;

static DATABASE: &[u8] = include_bytes!("../../../assets/connect4-openings.bin");

/// What the database says of a position, in the position's own
/// orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// 1 the side to move wins, 0 draw, -1 loss.
    pub result: i8,
    /// The exact score, where the database has it.
    pub score: Option<i8>,
    /// A move that keeps the result (`None` when every move loses).
    pub column: Option<usize>,
}

impl Entry {
    fn code(self, mirrored: bool) -> u64 {
        let value = match (self.score, self.result) {
            (Some(s), _) => (i32::from(s) + 21) as u8,
            (None, 1) => WIN,
            (None, 0) => DRAW,
            (None, _) => LOSS,
        };
        let column = match self.column {
            Some(c) if mirrored => (WIDTH - 1 - c) as u8,
            Some(c) => c as u8,
            None => NO_COLUMN,
        };
        u64::from(value) << 3 | u64::from(column)
    }

    fn decode(code: u64, mirrored: bool) -> Option<Entry> {
        let value = (code >> 3 & 63) as u8;
        let column = (code & 7) as usize;
        let (result, score) = match value {
            0..=42 => {
                let s = value as i8 - 21;
                (s.signum(), Some(s))
            }
            LOSS => (-1, None),
            DRAW => (0, None),
            WIN => (1, None),
            _ => return None,
        };
        let column = (column < WIDTH).then(|| if mirrored { WIDTH - 1 - column } else { column });
        Some(Entry {
            result,
            score,
            column,
        })
    }
}

/// The key the database files `p` under, and whether that is its mirror
/// image's.
fn canonical(p: &Position) -> (u64, bool) {
    let key = p.key();
    let mirrored = Position::mirror_key(key);
    if mirrored < key {
        (mirrored, true)
    } else {
        (key, false)
    }
}

/// A database image, read in place (no copy).
#[derive(Debug, Clone, Copy)]
pub struct Database<'a> {
    depth: u32,
    complete: bool,
    body: &'a [u8],
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut raw = [0u8; 4];
    raw.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(raw)
}

impl<'a> Database<'a> {
    /// Reads a database image; says what is wrong with one that is not.
    pub fn parse(bytes: &'a [u8]) -> Result<Database<'a>, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("not an opening database (no C4OPENDB header)".into());
        }
        let version = u32_at(bytes, 8);
        if version != VERSION {
            return Err(format!(
                "format version {version}; this build reads {VERSION}"
            ));
        }
        let (depth, count, complete) = (u32_at(bytes, 12), u32_at(bytes, 16), u32_at(bytes, 20));
        let body = &bytes[HEADER..];
        if body.len() != count as usize * 8 || depth > 42 || complete > 1 {
            return Err(format!(
                "header says {count} entries of depth {depth}, the file holds {} bytes",
                body.len()
            ));
        }
        Ok(Database {
            depth,
            complete: complete == 1,
            body,
        })
    }

    /// The positions have at most this many stones.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Whether every position of the depth is in.
    pub fn complete(&self) -> bool {
        self.complete
    }

    pub fn len(&self) -> usize {
        self.body.len() / 8
    }

    pub fn is_empty(&self) -> bool {
        self.body.is_empty()
    }

    fn raw(&self, i: usize) -> u64 {
        let mut raw = [0u8; 8];
        raw.copy_from_slice(&self.body[i * 8..i * 8 + 8]);
        u64::from_le_bytes(raw)
    }

    /// Every entry, as (key, code), in key order.
    fn entries(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0..self.len()).map(|i| {
            let e = self.raw(i);
            (e >> 9, e & 511)
        })
    }

    /// What the database knows of `p`.
    pub fn get(&self, p: &Position) -> Option<Entry> {
        if p.moves() > self.depth {
            return None;
        }
        let (key, mirrored) = canonical(p);
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let e = self.raw(mid);
            match (e >> 9).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Entry::decode(e & 511, mirrored),
            }
        }
        None
    }
}

/// The database built into the program (`assets/connect4-openings.bin`).
pub fn builtin() -> Database<'static> {
    static PARSED: OnceLock<Database<'static>> = OnceLock::new();
    *PARSED.get_or_init(|| {
        Database::parse(DATABASE).unwrap_or(Database {
            depth: 0,
            complete: false,
            body: &[],
        })
    })
}

/// What the built-in database knows of `p`.
pub fn lookup(p: &Position) -> Option<Entry> {
    builtin().get(p)
}

/// A database image of these entries (keys → codes).
fn image(depth: u32, complete: bool, entries: &BTreeMap<u64, u64>) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + entries.len() * 8);
    out.extend_from_slice(MAGIC);
    for n in [VERSION, depth, entries.len() as u32, u32::from(complete)] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    for (&key, &code) in entries {
        out.extend_from_slice(&(key << 9 | code).to_le_bytes());
    }
    out
}

/// The distinct positions (mirror images folded) with exactly `plies`
/// stones that a game reaches without ending, in the order a depth-first
/// walk from the empty board meets them (neighbours share subtrees, which
/// keeps the solver's table warm).
pub fn positions_at(plies: u32) -> Vec<Position> {
    fn walk(p: &Position, plies: u32, seen: &mut [HashSet<u64>], out: &mut Vec<Position>) {
        if p.moves() == plies {
            out.push(*p);
            return;
        }
        for c in ORDER {
            if !p.can_play(c) || p.is_winning_move(c) {
                continue;
            }
            let mut child = *p;
            child.play_column(c);
            if seen[child.moves() as usize].insert(canonical(&child).0) {
                walk(&child, plies, seen, out);
            }
        }
    }
    let mut seen = vec![HashSet::new(); plies as usize + 1];
    let mut out = Vec::new();
    walk(&Position::new(), plies, &mut seen, &mut out);
    out
}

/// How to generate a database.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The deepest positions solved have this many stones.
    pub depth: u32,
    /// Solving threads, each with a table of `2^table_log2` entries.
    pub threads: usize,
    pub table_log2: u32,
}

/// Progress of a generation, reported after each position solved.
pub struct Progress {
    pub solved: usize,
    pub total: usize,
    pub position: Position,
    pub entry: Entry,
    pub this_one: Duration,
}

/// What solves one deepest position: the result for the side to move and
/// a move that keeps it (`None` where every move loses, or when stopped).
pub trait Solve: Send {
    fn solve(&mut self, p: &Position) -> Option<Entry>;
}

/// The weak solver, one table per thread, kept warm between positions.
pub struct WeakSolver(Solver);

impl WeakSolver {
    pub fn new(table_log2: u32) -> WeakSolver {
        WeakSolver(Solver::with_table(Table::with_log2(table_log2)))
    }
}

impl Solve for WeakSolver {
    fn solve(&mut self, p: &Position) -> Option<Entry> {
        self.0.set_budget(None);
        let found = self.0.best_move_weak(p).ok()?;
        Some(match found {
            Some((column, result)) => Entry {
                result: result as i8,
                score: None,
                column: Some(column),
            },
            None => Entry {
                result: -1,
                score: None,
                column: None,
            },
        })
    }
}

/// Generates (or goes on generating) the database of `settings.depth`.
/// `earlier` is what a stopped run wrote (its deepest entries are kept,
/// not solved again); `solvers` makes each thread's solver; `save` gets
/// the image every `save_every` and at the end (partial images say so in
/// their header); `stop` ends the run early, keeping what is solved.
/// Returns the last image.
pub fn generate<S: Solve>(
    settings: &Settings,
    earlier: Option<&[u8]>,
    solvers: impl Fn() -> S,
    save_every: Duration,
    mut save: impl FnMut(&[u8]),
    mut report: impl FnMut(&Progress),
    stop: &AtomicBool,
) -> Result<Vec<u8>, String> {
    let depth = settings.depth;
    let deepest = positions_at(depth);
    let wanted: HashSet<u64> = deepest.iter().map(|p| canonical(p).0).collect();
    let mut solved: BTreeMap<u64, u64> = BTreeMap::new();
    if let Some(bytes) = earlier {
        let db = Database::parse(bytes)?;
        if db.depth() != depth {
            return Err(format!(
                "the file holds a database of depth {}, not {depth}",
                db.depth()
            ));
        }
        solved.extend(db.entries().filter(|(key, _)| wanted.contains(key)));
    }
    let todo: Vec<Position> = deepest
        .iter()
        .filter(|p| !solved.contains_key(&canonical(p).0))
        .copied()
        .collect();
    let total = deepest.len();
    let next = AtomicUsize::new(0);
    // Bounded: a stop is seen within a position or two per thread.
    let (send, receive) = mpsc::sync_channel(1);
    std::thread::scope(|scope| {
        let (todo, next) = (&todo, &next);
        for _ in 0..settings.threads.max(1) {
            let send = send.clone();
            let mut solver = solvers();
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = todo.get(i) else { return };
                    let start = Instant::now();
                    let Some(entry) = solver.solve(p) else { return };
                    if send.send((*p, entry, start.elapsed())).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut saved = Instant::now();
        for (p, entry, this_one) in receive {
            let (key, mirrored) = canonical(&p);
            solved.insert(key, entry.code(mirrored));
            report(&Progress {
                solved: solved.len(),
                total,
                position: p,
                entry,
                this_one,
            });
            if saved.elapsed() >= save_every {
                save(&image(depth, false, &solved));
                saved = Instant::now();
            }
        }
    });
    let complete = solved.len() == total;
    let all = if complete {
        with_shallower(depth, solved)
    } else {
        solved
    };
    let out = image(depth, complete, &all);
    save(&out);
    Ok(out)
}

/// The entries of every shallower position, by minimax from the deepest
/// ones: a move that wins at once wins; otherwise a move is worth the
/// opposite of its child's result. The move kept is the first best in
/// the solver's column order.
fn with_shallower(depth: u32, mut entries: BTreeMap<u64, u64>) -> BTreeMap<u64, u64> {
    for plies in (0..depth).rev() {
        for p in positions_at(plies) {
            let mut best: Option<(i8, usize)> = None;
            for c in ORDER {
                if !p.can_play(c) {
                    continue;
                }
                let value = if p.is_winning_move(c) {
                    1
                } else {
                    let mut child = p;
                    child.play_column(c);
                    let (key, mirrored) = canonical(&child);
                    let code = entries[&key];
                    -Entry::decode(code, mirrored).map_or(0, |e| e.result)
                };
                if best.is_none_or(|(v, _)| value > v) {
                    best = Some((value, c));
                }
            }
            let (result, column) = best.unwrap_or((0, 0));
            let entry = Entry {
                result,
                score: None,
                column: (result >= 0).then_some(column),
            };
            let (key, mirrored) = canonical(&p);
            entries.insert(key, entry.code(mirrored));
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in result for a deepest position: a function of its
    /// canonical key only, so mirror images agree.
    struct Fake;

    impl Solve for Fake {
        fn solve(&mut self, p: &Position) -> Option<Entry> {
            let (key, mirrored) = canonical(p);
            let result = (key % 3) as i8 - 1;
            let column = (0..WIDTH)
                .map(|c| if mirrored { WIDTH - 1 - c } else { c })
                .find(|&c| p.can_play(c));
            Some(Entry {
                result,
                score: None,
                column: (result >= 0).then_some(column.unwrap()),
            })
        }
    }

    fn run(depth: u32, earlier: Option<&[u8]>, stop_after: Option<usize>) -> Vec<u8> {
        let stop = AtomicBool::new(false);
        let settings = Settings {
            depth,
            threads: 2,
            table_log2: 23,
        };
        generate(
            &settings,
            earlier,
            || Fake,
            Duration::ZERO,
            |_| {},
            |progress| {
                if stop_after.is_some_and(|n| progress.solved >= n) {
                    stop.store(true, Ordering::Relaxed);
                }
            },
            &stop,
        )
        .unwrap()
    }

    #[test]
    fn positions_are_counted_with_mirror_images_folded() {
        // 1, 7, 49, 238, 1120 positions (OEIS A212693) when a position
        // and its mirror image count twice.
        let unfolded: Vec<usize> = (0..=4)
            .map(|d| {
                positions_at(d)
                    .iter()
                    .map(|p| {
                        if Position::mirror_key(p.key()) == p.key() {
                            1
                        } else {
                            2
                        }
                    })
                    .sum()
            })
            .collect();
        assert_eq!(unfolded, [1, 7, 49, 238, 1120]);
    }

    #[test]
    fn a_stopped_generation_goes_on_where_it_left_off() {
        let whole = run(3, None, None);
        let db = Database::parse(&whole).unwrap();
        assert!(db.complete());
        let all: usize = (0..=3).map(|d| positions_at(d).len()).sum();
        assert_eq!(db.len(), all);
        let deepest = positions_at(3).len();
        let partial = run(3, None, Some(40));
        let partly = Database::parse(&partial).unwrap();
        assert!(!partly.complete());
        assert!((40..deepest).contains(&partly.len()), "{}", partly.len());
        let resumed = run(3, Some(&partial), None);
        assert_eq!(resumed, whole);
        // A database of another depth is not taken for this one.
        let stop = AtomicBool::new(false);
        let settings = Settings {
            depth: 2,
            threads: 1,
            table_log2: 23,
        };
        let other = generate(
            &settings,
            Some(&whole),
            || Fake,
            Duration::ZERO,
            |_| {},
            |_| {},
            &stop,
        );
        assert!(other.is_err());
    }

    #[test]
    fn shallower_positions_follow_by_minimax_in_both_orientations() {
        let bytes = run(3, None, None);
        let db = Database::parse(&bytes).unwrap();
        for plies in 0..3 {
            for p in positions_at(plies) {
                for q in [p, Position::mirror(&p)] {
                    let e = db.get(&q).unwrap();
                    let mut best = -1;
                    for c in 0..WIDTH {
                        if !q.can_play(c) {
                            continue;
                        }
                        let mut child = q;
                        child.play_column(c);
                        best = best.max(-db.get(&child).unwrap().result);
                    }
                    assert_eq!(e.result, best);
                    let c = e.column.unwrap();
                    let mut child = q;
                    child.play_column(c);
                    assert_eq!(-db.get(&child).unwrap().result, best, "the move keeps it");
                }
            }
        }
    }

    #[test]
    fn entries_and_headers_read_back() {
        for (entry, mirrored) in [
            (
                Entry {
                    result: 1,
                    score: Some(5),
                    column: Some(2),
                },
                true,
            ),
            (
                Entry {
                    result: -1,
                    score: None,
                    column: None,
                },
                false,
            ),
            (
                Entry {
                    result: 0,
                    score: None,
                    column: Some(6),
                },
                false,
            ),
        ] {
            assert_eq!(Entry::decode(entry.code(mirrored), mirrored), Some(entry));
        }
        assert!(Database::parse(b"C4BOOK1\n").is_err());
        let mut bytes = run(1, None, None);
        bytes[8] = 2;
        assert!(Database::parse(&bytes).unwrap_err().contains("version 2"));
        let mut bytes = run(1, None, None);
        bytes.pop();
        assert!(Database::parse(&bytes).is_err());
    }

    /// The shipped database against the solver: its header, the empty
    /// board (the first player wins, in the middle column), every
    /// shallower entry the minimax of its children, and a sample of the
    /// deepest entries solved again.
    #[test]
    fn the_built_in_database_agrees_with_the_solver() {
        let db = Database::parse(DATABASE).expect("the shipped database reads");
        assert!(db.depth() >= 1);
        let mut solver = Solver::with_table(Table::with_log2(24));
        let deepest = positions_at(db.depth());
        let mut checked = 0;
        for p in deepest.iter().step_by(deepest.len() / 6 + 1) {
            let Some(e) = db.get(p) else { continue };
            solver.reset();
            assert_eq!(i32::from(e.result), solver.solve_weak(p).unwrap(), "{p:?}");
            if let Some(c) = e.column {
                let mut child = *p;
                child.play_column(c);
                solver.reset();
                assert!(
                    p.is_winning_move(c)
                        || -solver.solve_weak(&child).unwrap() == i32::from(e.result)
                );
            }
            checked += 1;
        }
        if !db.complete() {
            return;
        }
        assert!(checked > 0);
        let empty = db.get(&Position::new()).unwrap();
        assert_eq!((empty.result, empty.column), (1, Some(3)));
        for plies in 0..db.depth() {
            for p in positions_at(plies) {
                let e = db.get(&p).unwrap();
                let best = (0..WIDTH)
                    .filter(|&c| p.can_play(c))
                    .map(|c| {
                        let mut child = p;
                        child.play_column(c);
                        -db.get(&child).unwrap().result
                    })
                    .max()
                    .unwrap();
                assert_eq!(e.result, best);
            }
        }
    }
}
