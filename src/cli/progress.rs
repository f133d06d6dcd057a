//! Progress of the long offline jobs (book generation, hint-check,
//! dots-check, arena) on standard error: on a terminal a bar with done /
//! total, rate and time left; elsewhere (a pipe, a CI log) a plain line now
//! and then: at each tenth of the job, or when an item ends half a minute
//! after the last line, and nothing within the first two seconds (a short
//! job stays quiet). Standard output, where the results go, is left alone.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::fmt;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// No plain line before this: a short job stays quiet.
const QUIET: Duration = Duration::from_secs(2);
/// A plain line after an item once this long passed since the last one.
const EVERY: Duration = Duration::from_secs(30);

/// One job's progress.
pub struct Progress {
    unit: &'static str,
    show: Show,
}

enum Show {
    Bar(ProgressBar),
    Lines(Lines),
}

impl Progress {
    /// A job of `total` `unit`s (`"games"`), named `what` (`"arena"`).
    pub fn new(what: &'static str, unit: &'static str, total: u64) -> Progress {
        // Unit tests that run a job keep to plain lines, which the test
        // harness captures.
        let terminal = !cfg!(test)
            && std::io::stderr().is_terminal()
            && std::env::var("TERM").map_or(true, |t| t != "dumb");
        let show = if terminal {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            // The same words as the plain lines.
            let style = ProgressStyle::with_template(
                "{prefix}: [{bar:30}] {pos}/{len} {msg} ({rate}, {left} left, {so_far} so far)",
            )
            .map(|s| {
                s.progress_chars("=> ")
                    // Nothing to go by before the first item.
                    .with_key("rate", |s: &ProgressState, w: &mut dyn fmt::Write| {
                        let _ = match s.pos() {
                            0 => w.write_str("-/s"),
                            done => w.write_str(&rate(done, s.elapsed())),
                        };
                    })
                    .with_key("left", |s: &ProgressState, w: &mut dyn fmt::Write| {
                        let _ = match s.pos() {
                            0 => w.write_str("?"),
                            _ => w.write_str(&human(s.eta())),
                        };
                    })
                    .with_key("so_far", |s: &ProgressState, w: &mut dyn fmt::Write| {
                        let _ = w.write_str(&human(s.elapsed()));
                    })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(what);
            bar.set_message(unit);
            // The clock moves on between items that take minutes.
            bar.enable_steady_tick(Duration::from_secs(1));
            Show::Bar(bar)
        } else {
            Show::Lines(Lines::new(what, unit, total, Instant::now()))
        };
        Progress { unit, show }
    }

    /// One more item done.
    pub fn inc(&mut self) {
        match &mut self.show {
            Show::Bar(bar) => bar.inc(1),
            Show::Lines(lines) => {
                if let Some(line) = lines.advance(lines.done + 1, Instant::now()) {
                    eprintln!("{line}");
                }
            }
        }
    }

    /// The job turned out to be `total` items; `note` says why it may
    /// grow again (empty when the total is final).
    pub fn set_total(&mut self, total: u64, note: &'static str) {
        match &mut self.show {
            Show::Bar(bar) => {
                bar.set_length(total);
                bar.set_message(match note {
                    "" => self.unit.to_string(),
                    note => format!("{} {note}", self.unit),
                });
            }
            Show::Lines(lines) => {
                lines.total = total;
                lines.note = note;
            }
        }
    }

    /// A line on standard error, above the bar.
    pub fn println(&self, line: &str) {
        match &self.show {
            Show::Bar(bar) => bar.println(line),
            Show::Lines(_) => eprintln!("{line}"),
        }
    }

    /// Runs `f` (which prints results on standard output) with the bar
    /// out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.show {
            Show::Bar(bar) => bar.suspend(f),
            Show::Lines(_) => f(),
        }
    }

    /// The job is over: the bar stays, full.
    pub fn finish(self) {
        if let Show::Bar(bar) = self.show {
            bar.finish();
        }
    }
}

/// The plain lines' state.
struct Lines {
    what: &'static str,
    unit: &'static str,
    note: &'static str,
    total: u64,
    done: u64,
    started: Instant,
    /// When the last line was written, and the tenth of the job it showed.
    last: Option<(Instant, u64)>,
}

impl Lines {
    fn new(what: &'static str, unit: &'static str, total: u64, started: Instant) -> Lines {
        Lines {
            what,
            unit,
            note: "",
            total,
            done: 0,
            started,
            last: None,
        }
    }

    fn tenth(&self) -> u64 {
        (self.done * 10).checked_div(self.total).unwrap_or(0)
    }

    /// `done` items are done at `now`: the line to write, when one is due.
    fn advance(&mut self, done: u64, now: Instant) -> Option<String> {
        self.done = done;
        let elapsed = now.saturating_duration_since(self.started);
        if elapsed < QUIET {
            return None;
        }
        let due = match self.last {
            None => true,
            Some((at, tenth)) => self.tenth() > tenth || now.saturating_duration_since(at) >= EVERY,
        };
        if !due {
            return None;
        }
        self.last = Some((now, self.tenth()));
        Some(self.line(elapsed))
    }

    fn line(&self, elapsed: Duration) -> String {
        let (done, total) = (self.done, self.total.max(self.done));
        let percent = (done * 100).checked_div(total).unwrap_or(100);
        let note = match self.note {
            "" => String::new(),
            note => format!(" {note}"),
        };
        let mut line = format!(
            "{}: {done}/{total} {}{note} ({percent}%), {}",
            self.what,
            self.unit,
            rate(done, elapsed)
        );
        if done < total && done > 0 {
            let left = elapsed.mul_f64((total - done) as f64 / done as f64);
            line.push_str(&format!(", about {} left", human(left)));
        }
        line.push_str(&format!(", {} so far", human(elapsed)));
        line
    }
}

/// `42s`, `3m 05s`, `1h 02m`.
fn human(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s / 60 % 60),
    }
}

/// Items per second, or per minute or hour for slow jobs.
fn rate(done: u64, elapsed: Duration) -> String {
    let per_second = done as f64 / elapsed.as_secs_f64().max(1e-9);
    if per_second >= 1.0 {
        format!("{per_second:.1}/s")
    } else if per_second * 60.0 >= 1.0 {
        format!("{:.1}/min", per_second * 60.0)
    } else {
        format!("{:.1}/h", per_second * 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_come_at_each_tenth_and_every_half_minute() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut lines = Lines::new("arena", "games", 20, start);
        assert_eq!(lines.advance(1, at(1)), None, "quiet at first");
        let first = lines.advance(2, at(3)).expect("a first line");
        assert_eq!(
            first,
            "arena: 2/20 games (10%), 40.0/min, about 27s left, 3s so far"
        );
        assert_eq!(lines.advance(3, at(4)), None, "same tenth");
        assert!(lines.advance(4, at(5)).is_some(), "a new tenth");
        assert_eq!(lines.advance(5, at(20)), None);
        let late = lines.advance(5, at(36)).expect("half a minute passed");
        assert!(late.starts_with("arena: 5/20 games (25%), "), "{late}");
        let last = lines.advance(20, at(60)).expect("the end");
        assert_eq!(last, "arena: 20/20 games (100%), 20.0/min, 1m 00s so far");
    }

    #[test]
    fn a_growing_job_says_so() {
        let start = Instant::now();
        let mut lines = Lines::new("book", "positions", 5, start);
        lines.total = 40;
        lines.note = "(more to come)";
        let line = lines.advance(10, start + Duration::from_secs(5)).unwrap();
        assert!(
            line.starts_with("book: 10/40 positions (more to come) (25%), 2.0/s"),
            "{line}"
        );
        // Done before the total is known: never more than 100 %.
        lines.total = 0;
        let line = lines.advance(11, start + Duration::from_secs(50)).unwrap();
        assert!(line.starts_with("book: 11/11 positions"), "{line}");
    }

    #[test]
    fn durations_read_at_any_length() {
        assert_eq!(human(Duration::from_millis(42_900)), "42s");
        assert_eq!(human(Duration::from_secs(185)), "3m 05s");
        assert_eq!(human(Duration::from_secs(3720)), "1h 02m");
    }

    #[test]
    fn rates_read_at_any_speed() {
        assert_eq!(rate(30, Duration::from_secs(10)), "3.0/s");
        assert_eq!(rate(3, Duration::from_secs(60)), "3.0/min");
        assert_eq!(rate(1, Duration::from_secs(1800)), "2.0/h");
    }
}
