//! `boardbot book`: the Connect Four opening book and opening database,
//! generated and checked.

use super::*;
use crate::cpu::connect4::book;

/// `book generate`: the opening book, with its progress on standard error.
pub(super) fn book_generate(args: &BookArgs) -> ToolResult {
    let known = match &args.extend {
        None => Vec::new(),
        Some(path) => {
            let name = path.display();
            let bytes =
                std::fs::read(path).map_err(|e| failed(format!("cannot read {name}: {e}")))?;
            book::parse(&bytes).ok_or_else(|| failed(format!("{name} is not a book file")))?
        }
    };
    let settings = book::Settings {
        depth: args.depth,
        time_limit: (args.limit > 0).then(|| Duration::from_secs(args.limit.into())),
        table_log2: args.table_log2,
        known,
    };
    const MORE: &str = "(more as they are solved)";
    let pending = book::pending(&settings);
    let mut progress = Progress::new("book", "positions", pending.positions as u64);
    if pending.more {
        progress.set_total(pending.positions as u64, MORE);
    }
    let started = Instant::now();
    let mut done = 0;
    let image = book::generate(&settings, |p| {
        let result = match p.result {
            Some((column, score)) => format!("best {column} score {score:>3}"),
            None => "gave up (time limit)".to_string(),
        };
        progress.println(&format!(
            "ply {:>2} {:<12} {result}  {:.1?} ({} in book, {} given up, {:.1?} in all)",
            p.plies, p.moves, p.this_one, p.solved, p.given_up, p.elapsed
        ));
        done += 1;
        let note = if p.pending.more { MORE } else { "" };
        progress.set_total((done + p.pending.positions) as u64, note);
        progress.inc();
    });
    progress.finish();
    let out = args.out.display();
    std::fs::write(&args.out, &image).map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!(
        "wrote {} positions to {out} in {:.1?}",
        (image.len() - book::MAGIC.len()) / 8,
        started.elapsed()
    );
    Ok(())
}

/// `book openings`: builds the opening database, going on from the
/// output file when it holds a stopped run's work.
pub(super) fn book_openings(args: &OpeningsArgs) -> ToolResult {
    use cpu::connect4::openings::{self, Database, WeakSolver};
    use std::sync::atomic::{AtomicBool, Ordering};
    let out = args.out.clone();
    let name = out.display().to_string();
    let earlier = match std::fs::read(&out) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(format!("cannot read {name}: {e}"))),
    };
    if let Some(bytes) = &earlier {
        let db = Database::parse(bytes).map_err(|e| failed(format!("{name}: {e}")))?;
        if db.depth() == args.depth && db.complete() {
            println!(
                "{name} is complete: {} positions of depth {}",
                db.len(),
                db.depth()
            );
            return Ok(());
        }
    }
    let settings = openings::Settings {
        depth: args.depth,
        threads: args.threads as usize,
        table_log2: args.table_log2,
    };
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let mut progress: Option<Progress> = None;
    let mut this_run = 0u32;
    let save = |image: &[u8]| {
        // Written beside, then renamed: a kill never leaves half a file.
        let partial = out.with_extension("partial");
        if let Err(e) =
            std::fs::write(&partial, image).and_then(|()| std::fs::rename(&partial, &out))
        {
            eprintln!("error: cannot write {name}: {e}");
        }
    };
    let image = openings::generate(
        &settings,
        earlier.as_deref(),
        || WeakSolver::new(settings.table_log2),
        Duration::from_secs(args.save_every.into()),
        save,
        |p| {
            // This run's share: what was left when it started.
            let left = (p.total + 1).saturating_sub(p.solved) as u64;
            let bar = progress.get_or_insert_with(|| Progress::new("openings", "positions", left));
            bar.inc();
            this_run += 1;
            if args.stop_after > 0 && this_run >= args.stop_after {
                stop.store(true, Ordering::Relaxed);
            }
        },
        &stop,
    )
    .map_err(|e| failed(format!("{name}: {e}")))?;
    if let Some(bar) = progress {
        bar.finish();
    }
    let db = Database::parse(&image).map_err(failed)?;
    println!(
        "wrote {} positions of depth {} to {name} in {:.1?} ({})",
        db.len(),
        db.depth(),
        started.elapsed(),
        if db.complete() {
            "complete"
        } else {
            "stopped: run it again to go on"
        }
    );
    Ok(())
}
