//! What the Connect Four 3D searches know about a position: where a bead
//! may land, the threat cells of both sides, the evaluation and the move
//! ordering score.

use crate::game::connect4_3d::{lines_through, CELLS, LINES, RODS};

/// Heuristic scores stay inside ±`EVAL_CAP`.
pub const EVAL_CAP: i32 = 5_000;
/// Levels 0 and 2: the levels where red's threats tend to count (with a
/// follow-up strategy yellow gets levels 1 and 3).
pub const EVEN_LEVELS: u64 = 0x0000_FFFF_0000_FFFF;
/// Bottom level.
pub const BOTTOM: u64 = 0xFFFF;
/// Weight of an open line by the beads it holds (three-bead lines are
/// threats, scored separately).
pub const LINE_WEIGHT: [i32; 4] = [0, 1, 6, 0];
/// Value of one threat cell (three beads and an empty fourth).
pub const THREAT: i32 = 45;
/// Extra for a threat on a level that suits the side owning it.
pub const THREAT_PARITY: i32 = 20;
/// Extra for two threats of one side stacked in a rod (whoever fills the cell
/// under the lower one loses it; the upper one then wins).
pub const THREAT_STACK: i32 = 150;

/// The cells where a bead may land now.
#[inline]
pub fn playable(occ: u64) -> u64 {
    ((occ << RODS) | BOTTOM) & !occ
}

/// The threat cells of both sides: empty cells completing a line of the
/// other three beads of that side.
#[inline]
pub fn threats(me: u64, opp: u64) -> (u64, u64) {
    let (mut mine, mut theirs) = (0, 0);
    for &l in LINES.iter() {
        let (m, o) = (me & l, opp & l);
        if o == 0 {
            if m.count_ones() == 3 {
                mine |= l & !m;
            }
        } else if m == 0 && o.count_ones() == 3 {
            theirs |= l & !o;
        }
    }
    (mine, theirs)
}

/// Heuristic value for the side to move (`me`), whose threats are `my_t` and
/// the opponent's `op_t`; neither side can win on this move.
pub fn evaluate(me: u64, opp: u64, my_t: u64, op_t: u64) -> i32 {
    let mut score = 0;
    for &l in LINES.iter() {
        let (m, o) = (me & l, opp & l);
        if o == 0 {
            score += LINE_WEIGHT[m.count_ones() as usize];
        } else if m == 0 {
            score -= LINE_WEIGHT[o.count_ones() as usize];
        }
    }
    let red_to_move = (me | opp).count_ones().is_multiple_of(2);
    let (my_good, op_good) = if red_to_move {
        (EVEN_LEVELS, !EVEN_LEVELS)
    } else {
        (!EVEN_LEVELS, EVEN_LEVELS)
    };
    let value = |t: u64, good: u64| {
        THREAT * t.count_ones() as i32
            + THREAT_PARITY * (t & good).count_ones() as i32
            + THREAT_STACK * (t & (t << RODS)).count_ones() as i32
    };
    score += value(my_t, my_good) - value(op_t, op_good);
    score.clamp(-EVAL_CAP, EVAL_CAP)
}

/// Ordering score of playing `cell` for `me`: lines it extends or spoils,
/// threats it makes or blocks, minus giving away a threat of ours above it.
#[inline]
pub fn order_score(me: u64, opp: u64, cell: u32, my_t: u64) -> i32 {
    const MAKE: [i32; 4] = [1, 4, 40, 0];
    const SPOIL: [i32; 4] = [0, 3, 25, 0];
    let mut s = 0;
    for &i in lines_through(cell as u16) {
        let l = LINES[i as usize];
        let (m, o) = ((me & l).count_ones(), (opp & l).count_ones());
        if o == 0 {
            s += MAKE[m as usize];
        }
        if m == 0 {
            s += SPOIL[o as usize];
        }
    }
    if cell + (RODS as u32) < CELLS as u32 && my_t & (1 << (cell + RODS as u32)) != 0 {
        s -= 60;
    }
    s
}
