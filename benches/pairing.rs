//! Swiss pairing time: `cargo bench --bench pairing` pairs 64 players in
//! random mid-tournament states (after 1 to 5 rounds of random results,
//! a few withdrawals) and prints the median and the slowest of 50 runs
//! for each round.

use boardbot::tournament::pairing::{swiss, Past, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn main() {
    let mut rng = StdRng::seed_from_u64(1);
    for rounds_played in 1..=5 {
        let mut times: Vec<Duration> = Vec::new();
        for _ in 0..50 {
            let mut past = vec![Past::default(); 64];
            let mut present: Vec<usize> = (0..64).collect();
            let mut timed = Duration::ZERO;
            for round in 0..=rounds_played {
                if round > 0 && rng.gen_bool(0.3) {
                    present.remove(rng.gen_range(0..present.len()));
                }
                let mut order = present.clone();
                order.sort_by_key(|&p| (std::cmp::Reverse(past[p].points), p));
                let start = Instant::now();
                let pairing = swiss(&past, &order).expect("64 players pair");
                timed = start.elapsed();
                if let Some(bye) = pairing.bye {
                    past[bye].points += 2;
                    past[bye].had_bye = true;
                }
                for (a, b) in pairing.games {
                    let (pa, pb) = [(2, 0), (0, 2), (1, 1)][rng.gen_range(0..3)];
                    past[a].points += pa;
                    past[b].points += pb;
                    past[a].opponents.push(b);
                    past[a].sides.push(Side::First);
                    past[b].opponents.push(a);
                    past[b].sides.push(Side::Second);
                }
            }
            // The last pairing is the one after `rounds_played` rounds.
            times.push(timed);
        }
        times.sort();
        println!(
            "pairing 64 players after {rounds_played} round(s): median {:.2} ms, slowest {:.2} ms (50 runs)",
            times[25].as_secs_f64() * 1e3,
            times[49].as_secs_f64() * 1e3
        );
    }
}
