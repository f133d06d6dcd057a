//! Prometheus metrics and the health check, served on `METRICS_ADDR`
//! (`/metrics`, `/healthz`) when it is set.
//!
//! The counters live in one process-wide [`Metrics`]; the code that does
//! the work bumps them ([`metrics()`]), and the exposition is the
//! `prometheus-client` crate's text encoder.

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, LazyLock};
use std::time::Duration;
use tracing::{info, warn};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct GameLabel {
    pub game: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CpuLabel {
    pub game: String,
    pub level: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct InteractionLabel {
    /// `command`, `component` or `autocomplete`.
    pub kind: String,
    /// `answered` or `missed`.
    pub outcome: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PhaseLabel {
    /// `decode`, `lock`, `apply`, `commit`, `board_wait`, `draw`,
    /// `answer` or `record` (see [`Metrics::phase`]).
    pub phase: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ErrorLabel {
    /// `timeout`, `rate_limited`, `client` (4xx), `server` (5xx) or `other`.
    pub kind: String,
}

type HistogramFamily<L> = Family<L, Histogram, fn() -> Histogram>;

/// Every metric the bot keeps.
pub struct Metrics {
    registry: Registry,
    pub open_tables: Family<GameLabel, Gauge>,
    pub moves: Family<GameLabel, Counter>,
    pub interactions: Family<InteractionLabel, Counter>,
    pub ack_seconds: Histogram,
    pub cpu_move_seconds: HistogramFamily<CpuLabel>,
    pub rest_errors: Family<ErrorLabel, Counter>,
    /// Where a person's action spends its time, phase by phase.
    pub phase_seconds: HistogramFamily<PhaseLabel>,
    /// Tables followed by at least one live web page, and the pages.
    pub watched_tables: Gauge,
    pub web_pages: Gauge,
    /// Writes per group commit (changes and board links of many tables).
    pub commit_batch: Histogram,
}

fn phase_buckets() -> Histogram {
    // 50 µs to about 3 s.
    Histogram::new(exponential_buckets(0.00005, 2.0, 17))
}

fn cpu_buckets() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("boardbot");
        let open_tables = Family::<GameLabel, Gauge>::default();
        registry.register(
            "open_tables",
            "Running tables (invitations, open tables and matches) per game",
            open_tables.clone(),
        );
        let moves = Family::<GameLabel, Counter>::default();
        registry.register(
            "moves",
            "Moves played (people and CPU) per game",
            moves.clone(),
        );
        let interactions = Family::<InteractionLabel, Counter>::default();
        registry.register(
            "interactions",
            "Interactions answered within Discord's window, and missed",
            interactions.clone(),
        );
        // 10 ms to about 5 s.
        let ack_seconds = Histogram::new(exponential_buckets(0.01, 1.5, 16));
        registry.register(
            "ack_seconds",
            "Time from an interaction's arrival to its first answer",
            ack_seconds.clone(),
        );
        let cpu_move_seconds: HistogramFamily<CpuLabel> =
            Family::new_with_constructor(cpu_buckets as fn() -> Histogram);
        registry.register(
            "cpu_move_seconds",
            "Wall time of a CPU move per game and level",
            cpu_move_seconds.clone(),
        );
        let rest_errors = Family::<ErrorLabel, Counter>::default();
        registry.register(
            "rest_errors",
            "Discord REST calls that failed, by kind",
            rest_errors.clone(),
        );
        let phase_seconds: HistogramFamily<PhaseLabel> =
            Family::new_with_constructor(phase_buckets as fn() -> Histogram);
        registry.register(
            "action_phase_seconds",
            "Time a person's action spends in each phase: decode (arrival to the \
             service), lock (waiting for the table), apply (the rules), commit (the \
             store's write, retries included), board_wait (an update of the same board \
             being sent), draw (the image), answer (the reply to Discord), record (where \
             the board is, stored)",
            phase_seconds.clone(),
        );
        let watched_tables = Gauge::default();
        registry.register(
            "watched_tables",
            "Tables followed by at least one live web board page",
            watched_tables.clone(),
        );
        let web_pages = Gauge::default();
        registry.register(
            "web_pages",
            "Live web board pages connected",
            web_pages.clone(),
        );
        // 1 to 128 writes.
        let commit_batch = Histogram::new(exponential_buckets(1.0, 2.0, 8));
        registry.register(
            "commit_batch_writes",
            "Writes (table changes and board links) per group commit",
            commit_batch.clone(),
        );
        Metrics {
            registry,
            commit_batch,
            phase_seconds,
            watched_tables,
            web_pages,
            open_tables,
            moves,
            interactions,
            ack_seconds,
            cpu_move_seconds,
            rest_errors,
        }
    }

    /// Counts `took` in one phase of a person's action.
    pub fn phase(&self, phase: &'static str, took: Duration) {
        self.phase_seconds
            .get_or_create(&PhaseLabel {
                phase: phase.into(),
            })
            .observe(took.as_secs_f64());
    }

    /// Counts one group commit of `writes` writes.
    pub fn commit_batch(&self, writes: usize) {
        self.commit_batch.observe(writes as f64);
    }

    /// Counts a move at a table of `game` (its command name).
    pub fn moved(&self, game: &str) {
        self.moves
            .get_or_create(&GameLabel { game: game.into() })
            .inc();
    }

    /// Counts an interaction's first answer: sent in time, or not.
    pub fn answered(&self, kind: &str, after: Duration, ok: bool) {
        let outcome = if ok && after <= Duration::from_secs(3) {
            "answered"
        } else {
            "missed"
        };
        self.interactions
            .get_or_create(&InteractionLabel {
                kind: kind.into(),
                outcome: outcome.into(),
            })
            .inc();
        if ok {
            self.ack_seconds.observe(after.as_secs_f64());
        }
    }

    /// Records how long a CPU move took.
    pub fn cpu_move(&self, game: &str, level: &str, took: Duration) {
        self.cpu_move_seconds
            .get_or_create(&CpuLabel {
                game: game.into(),
                level: level.into(),
            })
            .observe(took.as_secs_f64());
    }

    /// Counts a failed Discord REST call.
    pub fn rest_error(&self, kind: RestErrorKind) {
        self.rest_errors
            .get_or_create(&ErrorLabel {
                kind: kind.label().into(),
            })
            .inc();
    }

    /// Sets the open tables per game (read at each scrape).
    pub fn set_open_tables(&self, counts: &[(&str, usize)]) {
        for (game, count) in counts {
            self.open_tables
                .get_or_create(&GameLabel {
                    game: (*game).into(),
                })
                .set(*count as i64);
        }
    }

    /// The metrics in the Prometheus text format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            warn!("could not encode the metrics: {e}");
        }
        text
    }
}

/// What kind of failure a Discord REST call met, as the transport
/// classifies it: the ground floor counts it without knowing the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestErrorKind {
    Timeout,
    RateLimited,
    /// Another 4xx.
    Client,
    /// A 5xx.
    Server,
    Other,
}

impl RestErrorKind {
    /// The `kind` label of `boardbot_rest_errors_total`.
    pub fn label(self) -> &'static str {
        match self {
            RestErrorKind::Timeout => "timeout",
            RestErrorKind::RateLimited => "rate_limited",
            RestErrorKind::Client => "client",
            RestErrorKind::Server => "server",
            RestErrorKind::Other => "other",
        }
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// What `/healthz` and `/metrics` need from the running bot.
pub trait Probe: Send + Sync + 'static {
    /// Gateway connected and database reachable, with a line on each
    /// (`name: state`). Whatever follows a state in parentheses is a detail
    /// for the log only: `/healthz` is open to anyone who reaches the port,
    /// and an error's text can name hosts, users or paths.
    fn health(&self) -> Pin<Box<dyn Future<Output = (bool, String)> + Send + '_>>;
    /// Brings the gauges up to date before a scrape.
    fn refresh(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;
}

/// The listener's other routes (the live web board): every request that is
/// not `/metrics` or `/healthz` goes to them.
pub trait Pages: Send + Sync + 'static {
    fn answer(
        self: Arc<Self>,
        request: Request<Incoming>,
    ) -> Pin<Box<dyn Future<Output = Response<Full<Bytes>>> + Send>>;
}

/// What the listener allows a client: nothing a stray or hostile client
/// does should cost more than a few sockets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    /// A connection that has not sent a request's headers by then is closed
    /// (a client that opens sockets and sends nothing holds none for long).
    pub header_timeout: Duration,
    /// Connections served at once; more are closed as they arrive.
    pub max_connections: usize,
    /// The first and the longest wait after a failed `accept` (out of file
    /// descriptors, say), doubling in between, so the loop does not spin.
    pub accept_backoff: (Duration, Duration),
}

/// Connections served at once with the web board: its pages hold a
/// socket each while they are open.
pub const PAGE_CONNECTIONS: usize = 8192;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            max_connections: 64,
            accept_backoff: (Duration::from_millis(10), Duration::from_secs(1)),
        }
    }
}

/// Serves `/healthz` and `/metrics` on `addr` until the process ends.
/// Returns the address it listens on (port 0 picks a free one).
pub async fn serve(addr: SocketAddr, probe: Arc<dyn Probe>) -> std::io::Result<SocketAddr> {
    serve_with(addr, probe, None, Limits::default()).await
}

/// [`serve`] with the live web board's `pages` too, and room for the
/// sockets its pages hold open.
pub async fn serve_pages(
    addr: SocketAddr,
    probe: Arc<dyn Probe>,
    pages: Arc<dyn Pages>,
) -> std::io::Result<SocketAddr> {
    let limits = Limits {
        max_connections: PAGE_CONNECTIONS,
        ..Limits::default()
    };
    serve_with(addr, probe, Some(pages), limits).await
}

/// [`serve`] within `limits`.
pub(crate) async fn serve_with(
    addr: SocketAddr,
    probe: Arc<dyn Probe>,
    pages: Option<Arc<dyn Pages>>,
    limits: Limits,
) -> std::io::Result<SocketAddr> {
    let listener = Arc::new(tokio::net::TcpListener::bind(addr).await?);
    let bound = listener.local_addr()?;
    match pages {
        Some(_) => info!("web board, metrics and health on http://{bound}"),
        None => info!("metrics and health on http://{bound}/metrics and /healthz"),
    }
    let accept = move || {
        let listener = listener.clone();
        async move { listener.accept().await.map(|(stream, _)| stream) }
    };
    tokio::spawn(accept_loop(accept, probe, pages, limits));
    Ok(bound)
}

/// Accepts connections from `accept` forever and serves each on a task of
/// its own, within `limits`.
async fn accept_loop<A, F, S>(
    mut accept: A,
    probe: Arc<dyn Probe>,
    pages: Option<Arc<dyn Pages>>,
    limits: Limits,
) where
    A: FnMut() -> F,
    F: Future<Output = std::io::Result<S>>,
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let slots = Arc::new(tokio::sync::Semaphore::new(limits.max_connections));
    let (first_wait, longest_wait) = limits.accept_backoff;
    let mut wait = first_wait;
    // Said once per stretch at the cap, not once per refused client.
    let mut told_full = false;
    loop {
        let stream = match accept().await {
            Ok(stream) => {
                wait = first_wait;
                stream
            }
            Err(e) => {
                warn!("metrics listener: accept failed, next try in {wait:?}: {e}");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(longest_wait);
                continue;
            }
        };
        // Dropping the stream closes it: a client over the cap learns at
        // once rather than waiting in a queue.
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            if !told_full {
                warn!(
                    "metrics listener: {} connections open, closing new ones",
                    limits.max_connections
                );
                told_full = true;
            }
            continue;
        };
        told_full = false;
        let probe = probe.clone();
        let pages = pages.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                let probe = probe.clone();
                let pages = pages.clone();
                async move {
                    let path = request.uri().path();
                    let response = match pages {
                        Some(pages) if path != "/metrics" && path != "/healthz" => {
                            pages.answer(request).await
                        }
                        _ => answer(&*probe, &request).await,
                    };
                    Ok::<_, std::convert::Infallible>(response)
                }
            });
            let io = hyper_util::rt::TokioIo::new(stream);
            if let Err(e) = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(io, service)
                .with_upgrades()
                .await
            {
                warn!("metrics connection: {e}");
            }
            drop(slot);
        });
    }
}

/// The health text without its details: every ` (…)` after a state goes.
fn public_health(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = match (line.find(" ("), line.ends_with(')')) {
            (Some(at), true) => &line[..at],
            _ => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

async fn answer(probe: &dyn Probe, request: &Request<Incoming>) -> Response<Full<Bytes>> {
    let reply = |status: StatusCode, content_type: &str, body: String| {
        Response::builder()
            .status(status)
            .header("content-type", content_type)
            .body(Full::new(Bytes::from(body)))
            .unwrap_or_default()
    };
    match (request.method().as_str(), request.uri().path()) {
        ("GET", "/healthz") => {
            let (ok, text) = probe.health().await;
            let status = if ok {
                StatusCode::OK
            } else {
                // The details go to the operator's log, not to the client.
                warn!(
                    "health check failing: {}",
                    text.trim_end().replace('\n', "; ")
                );
                StatusCode::SERVICE_UNAVAILABLE
            };
            reply(status, "text/plain; charset=utf-8", public_health(&text))
        }
        ("GET", "/metrics") => {
            probe.refresh().await;
            reply(
                StatusCode::OK,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
                metrics().encode(),
            )
        }
        _ => reply(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            "not found: try /metrics or /healthz\n".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    /// A bot whose database is down, with an error text that must not leak.
    struct DatabaseDown;

    const SECRET: &str = "password authentication failed for user \"boardbot\"";

    impl Probe for DatabaseDown {
        fn health(&self) -> Pin<Box<dyn Future<Output = (bool, String)> + Send + '_>> {
            Box::pin(async {
                let text =
                    format!("gateway: 1/1 shards connected\ndatabase: unreachable ({SECRET})\n");
                (false, text)
            })
        }

        fn refresh(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
            Box::pin(async {})
        }
    }

    async fn start(limits: Limits) -> SocketAddr {
        let addr = "127.0.0.1:0".parse().expect("an address");
        serve_with(addr, Arc::new(DatabaseDown), None, limits)
            .await
            .expect("the listener starts")
    }

    /// The whole answer to a GET of `path`; empty when the listener closed
    /// the connection without one.
    async fn get(addr: SocketAddr, path: &str) -> String {
        let mut stream = TcpStream::connect(addr).await.expect("connects");
        let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
        // A closed connection may refuse the write or the read: no answer.
        if stream.write_all(request.as_bytes()).await.is_err() {
            return String::new();
        }
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        String::from_utf8_lossy(&answer).into_owned()
    }

    /// How long until the server closed `stream` (end of file or a reset),
    /// or `None` when it is still open after `within`.
    async fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<Duration> {
        let start = Instant::now();
        let mut buf = [0u8; 512];
        loop {
            let left = within.checked_sub(start.elapsed())?;
            match tokio::time::timeout(left, stream.read(&mut buf)).await {
                Err(_) => return None,
                Ok(Ok(0) | Err(_)) => return Some(start.elapsed()),
                // Whatever the server says before it closes (a 408).
                Ok(Ok(_)) => {}
            }
        }
    }

    #[tokio::test]
    async fn healthz_says_what_is_down_without_the_error_text() {
        let addr = start(Limits::default()).await;
        let answer = get(addr, "/healthz").await;
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            answer.ends_with("\r\n\r\ngateway: 1/1 shards connected\ndatabase: unreachable\n"),
            "{answer}"
        );
        assert!(!answer.contains("password"), "{answer}");
    }

    #[tokio::test]
    async fn a_connection_that_sends_no_headers_is_closed_after_the_timeout() {
        let timeout = Duration::from_millis(200);
        let addr = start(Limits {
            header_timeout: timeout,
            ..Limits::default()
        })
        .await;
        let mut silent = TcpStream::connect(addr).await.expect("connects");
        let mut slow = TcpStream::connect(addr).await.expect("connects");
        // Slow loris: a request's first bytes, and then nothing.
        slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: te")
            .await
            .expect("writes");
        let took = closed_within(&mut silent, Duration::from_secs(5))
            .await
            .expect("a silent connection is closed");
        assert!(took >= timeout / 2, "closed only by the timeout: {took:?}");
        closed_within(&mut slow, Duration::from_secs(5))
            .await
            .expect("a connection that never ends its headers is closed");
        // A client that does send a request is still answered.
        assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 503"));
    }

    #[tokio::test]
    async fn connections_over_the_cap_are_closed_at_once() {
        let addr = start(Limits {
            max_connections: 2,
            ..Limits::default()
        })
        .await;
        // Two connections that send nothing hold both slots (the listener
        // takes connections in the order they arrive).
        let mut held = [
            TcpStream::connect(addr).await.expect("connects"),
            TcpStream::connect(addr).await.expect("connects"),
        ];
        let mut third = TcpStream::connect(addr).await.expect("connects");
        closed_within(&mut third, Duration::from_secs(5))
            .await
            .expect("the third connection is closed");
        assert_eq!(
            closed_within(&mut held[0], Duration::from_millis(100)).await,
            None,
            "the two within the cap stay open"
        );
        // A slot comes free when a connection ends.
        drop(held);
        let start = Instant::now();
        let mut answer = String::new();
        while answer.is_empty() && start.elapsed() < Duration::from_secs(5) {
            answer = get(addr, "/healthz").await;
        }
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    }

    #[tokio::test]
    async fn a_failing_accept_is_retried_after_a_growing_wait() {
        let tries = Arc::new(AtomicUsize::new(0));
        let counted = tries.clone();
        let accept = move || {
            let tries = counted.clone();
            async move {
                tries.fetch_add(1, Ordering::Relaxed);
                // Lets the test's timer run even if the loop never waited.
                tokio::task::yield_now().await;
                Err::<TcpStream, _>(std::io::Error::other("too many open files"))
            }
        };
        let limits = Limits {
            accept_backoff: (Duration::from_millis(10), Duration::from_millis(40)),
            ..Limits::default()
        };
        let looping = tokio::spawn(accept_loop(accept, Arc::new(DatabaseDown), None, limits));
        tokio::time::sleep(Duration::from_millis(300)).await;
        looping.abort();
        // 10, 20, 40, 40, … ms: about 8 tries in 300 ms; without a wait
        // the loop makes thousands.
        let tries = tries.load(Ordering::Relaxed);
        assert!((2..=12).contains(&tries), "{tries} tries in 300 ms");
    }

    #[test]
    fn only_the_details_in_parentheses_go() {
        assert_eq!(
            public_health("gateway: 0/1 shards connected\ndatabase: unreachable (io: refused)\n"),
            "gateway: 0/1 shards connected\ndatabase: unreachable\n"
        );
    }
}
