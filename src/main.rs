//! `boardbot` runs the bot (default, or `boardbot run`) or one of its
//! offline tools (`boardbot --help` lists them).

use boardbot::cli::{Cli, Command};
use boardbot::config::Config;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Help, the version and usage errors end here, with clap's exit codes.
    let cli = Cli::parse_lazily();
    match cli.command {
        // Offline tools run without the async runtime.
        Some(Command::Tool(tool)) => {
            // Rust ignores SIGPIPE, so a print to a closed pipe would panic;
            // a filter such as `boardbot solve … | head` should just stop.
            // Only the offline tools: the bot's sockets keep their errors.
            // SAFETY: called once, before any thread is started.
            unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
            ExitCode::from(boardbot::cli::run_tool(tool))
        }
        None | Some(Command::Run) => {
            open_files_to_the_limit();
            few_malloc_arenas();
            match tokio::runtime::Runtime::new() {
                Ok(runtime) => runtime.block_on(run()),
                Err(e) => {
                    eprintln!("boardbot: could not start the async runtime: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Each open web board page holds a socket: the soft limit on open files
/// (often 1,024) is raised to the hard one the service manager allows.
fn open_files_to_the_limit() {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: plain system calls on a value owned here.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0
                && limit.rlim_cur < limit.rlim_max
            {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}

/// glibc's allocator gives each thread that allocates an arena of its own,
/// up to eight a core, and memory freed in one arena is not reused by the
/// others: the bot's drawing, search, store and runtime threads each grew
/// theirs under load. Two arenas keep the bot's peak down (see
/// BENCHMARKS.md); `MALLOC_ARENA_MAX`, when set, still decides.
fn few_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: a setting of the allocator, made before any thread starts.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 2);
        }
    }
}

async fn run() -> ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("boardbot: {e}");
            return ExitCode::from(2);
        }
    };
    let (filter, bad) = boardbot::config::log_filter(std::env::var("RUST_LOG").ok().as_deref());
    if let Some(bad) = bad {
        eprintln!("boardbot: {bad}");
    }
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    tracing_subscriber::registry()
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .with(filter)
        .init();
    let running = match boardbot::discord::start(&config).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("boardbot: could not start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut running = running;
    let signal = tokio::select! {
        result = running.wait_stopped() => {
            // Everything else is retried: only what a restart cannot fix
            // ends the process, with a code the service manager leaves be.
            if let Err(fatal) = result {
                eprintln!("boardbot: {fatal}");
                return ExitCode::from(boardbot::discord::EXIT_CONFIG);
            }
            None
        }
        signal = stop_signal() => Some(signal),
    };
    if let Some(signal) = signal {
        tracing::info!("{signal}: finishing what is in flight, then stopping");
        running.shutdown().await;
        tracing::info!("stopped");
    }
    ExitCode::SUCCESS
}

/// SIGTERM (service managers) or SIGINT (Ctrl-C), by name.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
