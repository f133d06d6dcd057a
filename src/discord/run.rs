//! Starting and stopping the bot: the store and the restored tables, the
//! Discord client, the publisher of boards, and the metrics probe.

use super::publish;
use super::{Bot, Handler};
use crate::config::Config;
use crate::service::{Clock, ManualClock, Notice, SearchPool, Service, SystemClock};
use crate::store::Store;
use serenity::all::{
    Client, ClientBuilder, GatewayError, GatewayIntents, Http, HttpBuilder, HttpError, ShardManager,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;
use tracing::{error, info, warn};

/// How long a clean stop waits for the interactions being handled.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// The exit code for what a restart cannot fix (an invalid token, refused
/// shards or intents): sysexits' EX_CONFIG, which the README's systemd unit
/// does not restart.
pub const EXIT_CONFIG: u8 = 78;

/// The longest wait between two tries to reach Discord. It bounds the
/// session starts a long outage costs (Discord allows 1000 a day).
pub const RETRY_CAP: Duration = Duration::from_secs(60);

/// The waits between tries to reach Discord: 1 s, doubling up to a cap.
#[derive(Debug, Clone)]
pub struct Backoff {
    next: Duration,
    cap: Duration,
}

impl Backoff {
    pub fn new(cap: Duration) -> Backoff {
        Backoff {
            next: Duration::from_secs(1).min(cap),
            cap,
        }
    }

    /// The wait before the next try.
    pub fn next_wait(&mut self) -> Duration {
        let wait = self.next;
        self.next = (self.next * 2).min(self.cap);
        wait
    }

    /// After a connection that held: the next outage starts at 1 s again.
    pub fn reset(&mut self) {
        *self = Backoff::new(self.cap);
    }
}

/// Why the Discord connection stopped for good: what a restart cannot fix.
#[derive(Debug)]
pub enum Fatal {
    /// Discord refused the token (401 on REST, close code 4004).
    InvalidToken,
    /// The gateway refused the shards or the intents (4010-4014).
    Gateway(GatewayError),
}

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fatal::InvalidToken => {
                write!(f, "Discord refused the bot's token: check DISCORD_TOKEN")
            }
            Fatal::Gateway(e) => write!(
                f,
                "Discord refused the gateway connection ({e}): check SHARD_TOTAL and SHARD_RANGE"
            ),
        }
    }
}

impl std::error::Error for Fatal {}

/// What a restart cannot fix, among the client's errors.
fn fatal(e: &serenity::Error) -> Option<Fatal> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code == 401 => {
            Some(Fatal::InvalidToken)
        }
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => Some(Fatal::InvalidToken),
        serenity::Error::Gateway(
            g @ (GatewayError::InvalidShardData
            | GatewayError::OverloadedShard
            | GatewayError::InvalidGatewayIntents
            | GatewayError::DisallowedGatewayIntents),
        ) => Some(Fatal::Gateway(g.clone())),
        _ => None,
    }
}

/// A running bot, for tests and for a clean shutdown.
pub struct Running {
    shard_manager: Arc<ShardManager>,
    task: tokio::task::JoinHandle<Result<(), Fatal>>,
    /// Tells the connecting task to give up its waits.
    stop: watch::Sender<bool>,
    service: Arc<Service>,
    bot: Arc<Bot>,
    metrics_addr: Option<std::net::SocketAddr>,
}

/// What `/healthz` and `/metrics` read.
struct Probe {
    service: Arc<Service>,
    /// Set once the client is built; the listener answers before.
    shard_manager: Arc<OnceLock<Arc<ShardManager>>>,
}

impl crate::metrics::Probe for Probe {
    fn health(
        &self,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = (bool, String)> + Send + '_>> {
        Box::pin(async move {
            let (connected, shards) = match self.shard_manager.get() {
                Some(manager) => {
                    let runners = manager.runners.lock().await;
                    let connected = runners
                        .values()
                        .filter(|r| r.stage == serenity::gateway::ConnectionStage::Connected)
                        .count();
                    (connected, runners.len())
                }
                None => (0, 0),
            };
            let database = self.service.database_reachable().await;
            let gateway_ok = shards > 0 && connected == shards;
            let gateway = if gateway_ok {
                format!("{connected}/{shards} shards connected")
            } else {
                format!("connecting ({connected}/{shards} shards connected)")
            };
            let text = format!(
                "gateway: {gateway}\ndatabase: {}\n",
                match &database {
                    Ok(()) => "reachable".to_owned(),
                    Err(e) => format!("unreachable ({e})"),
                }
            );
            (gateway_ok && database.is_ok(), text)
        })
    }

    fn refresh(&self) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let counts = self.service.open_tables();
            let games = crate::game::GameKind::ALL_DEFAULTS;
            let all: Vec<(&str, usize)> = games
                .iter()
                .map(|kind| {
                    let n = counts
                        .iter()
                        .find(|(k, _)| k == kind)
                        .map_or(0, |(_, n)| *n);
                    (kind.command(), n)
                })
                .collect();
            crate::metrics::metrics().set_open_tables(&all);
            let (tables, pages) = self.service.watched();
            let metrics = crate::metrics::metrics();
            metrics.watched_tables.set(tables as i64);
            metrics.web_pages.set(pages as i64);
        })
    }
}

impl Running {
    /// Where `/metrics` and `/healthz` answer, when `METRICS_ADDR` is set.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.metrics_addr
    }

    /// A clean stop (SIGTERM, SIGINT): new interactions are answered
    /// "restarting, try again in a moment"; the ones being handled finish
    /// (their changes are stored); then the gateway closes. Every change
    /// is already in the store, so a restart loses nothing.
    pub async fn shutdown(self) {
        self.bot.draining.store(true, Ordering::SeqCst);
        let waited = Instant::now();
        while self.bot.in_flight.load(Ordering::SeqCst) > 0 && waited.elapsed() < DRAIN_LIMIT {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // A moment for interactions already on their way to be answered.
        tokio::time::sleep(Duration::from_millis(300)).await;
        while self.bot.in_flight.load(Ordering::SeqCst) > 0 && waited.elapsed() < DRAIN_LIMIT {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        info!(
            "drained in {} ms; closing the gateway",
            waited.elapsed().as_millis()
        );
        self.stop().await;
    }

    /// Closes the gateway connection and waits for the client to stop.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        self.shard_manager.shutdown_all().await;
        let abort = self.task.abort_handle();
        if tokio::time::timeout(Duration::from_secs(5), self.task)
            .await
            .is_err()
        {
            abort.abort();
        }
        self.service.close().await;
    }

    /// Waits until the client stops by itself: on what a restart cannot
    /// fix (every other failure is retried).
    pub async fn wait(self) -> Result<(), Fatal> {
        match self.task.await {
            Ok(result) => result,
            Err(join) => {
                error!("the Discord client task failed: {join}");
                Ok(())
            }
        }
    }

    /// Waits until the client stops by itself, keeping the handle (a
    /// signal may still ask for [`Running::shutdown`]).
    pub async fn wait_stopped(&mut self) -> Result<(), Fatal> {
        match (&mut self.task).await {
            Ok(result) => result,
            Err(join) => {
                error!("the Discord client task failed: {join}");
                Ok(())
            }
        }
    }

    pub fn shard_manager(&self) -> Arc<ShardManager> {
        self.shard_manager.clone()
    }

    /// The table service, for tests and figures.
    pub fn service(&self) -> Arc<Service> {
        self.service.clone()
    }
}

/// Why the bot could not start.
#[derive(Debug)]
pub enum StartError {
    Store(crate::store::StoreError),
    Discord(serenity::Error),
    Http(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "storage: {e}"),
            StartError::Discord(e) => write!(f, "Discord client: {e}"),
            StartError::Http(e) => write!(f, "HTTP client: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// Opens the store, restores the tables, connects to Discord (or to
/// `DISCORD_API_BASE`) and starts serving.
pub async fn start(config: &Config) -> Result<Running, StartError> {
    let clock: Arc<dyn Clock> = match &config.test_clock {
        Some(path) => ManualClock::following(path.clone()),
        None => Arc::new(SystemClock::new()),
    };
    start_with_clock(config, clock).await
}

/// [`start`] with the tables' clock given: turn timers, invitations, idle
/// closes and tournament rounds run on `clock` (a test's
/// [`ManualClock`](crate::service::ManualClock) moves them at once).
pub async fn start_with_clock(
    config: &Config,
    clock: Arc<dyn Clock>,
) -> Result<Running, StartError> {
    let started = Instant::now();
    let mut store = Store::open(&config.database_url)
        .await
        .map_err(StartError::Store)?;
    if !config.group_commit {
        store = store.without_group_commit();
    }
    let (service, notices) = Service::new(store, clock, SearchPool::sized_to_cores(), None);
    service.set_idle_ms(config.idle.as_millis() as u64);
    service.set_limits(config.limits);
    if let Some((per_position, whole)) = config.review_time {
        service.set_review_time(per_position, whole);
    }
    let shards = config.shards;
    let restored = service
        .restore_owned(|guild| shards.is_none_or(|s| s.owns(guild)))
        .await
        .map_err(StartError::Store)?;
    let tournaments = service
        .restore_tournaments(|guild| shards.is_none_or(|s| s.owns(guild)))
        .await
        .map_err(StartError::Store)?;
    if tournaments > 0 {
        info!("restored {tournaments} tournaments");
    }
    service.spawn_sweeper();
    info!(
        "restored {restored} tables in {} ms",
        started.elapsed().as_millis()
    );
    // serenity sets no timeout of its own: a hung request would hold a
    // board's updates forever.
    let client = reqwest::Client::builder()
        .timeout(config.rest_timeout)
        .connect_timeout(config.rest_timeout)
        .build()
        .map_err(|e| StartError::Http(e.to_string()))?;
    // The board publisher sends on the same client (see `rest`).
    let live = config
        .public_url
        .as_deref()
        .map(|url| Arc::new(crate::web::LiveLinks::new(url, config.token.expose())));
    let boards = Arc::new(publish::Boards::new(
        client.clone(),
        config.publish_backoff,
        live.clone(),
        config.activity,
    ));
    let mut http = HttpBuilder::new(config.token.expose()).client(client);
    if let Some(base) = &config.api_base {
        // serenity applies the proxy only with its own rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let app_id = Arc::new(AtomicU64::new(0));
    let bot = Arc::new(Bot {
        service: service.clone(),
        live: live.clone(),
        activity: config.activity,
        app_id: app_id.clone(),
        boards,
        guild_id: config.guild_id,
        image_wait: config.image_wait,
        draw_pace: Default::default(),
        acknowledge_after: config.acknowledge_after,
        busy_after: config.busy_after,
        bot_user: AtomicU64::new(0),
        registered: Default::default(),
        draining: Default::default(),
        in_flight: Default::default(),
        tournament_posts: Default::default(),
    });
    let built = Arc::new(OnceLock::new());
    // The listener answers ("connecting") while Discord cannot be reached.
    let metrics_addr = match config.metrics_addr {
        Some(addr) => {
            let probe = Arc::new(Probe {
                service: service.clone(),
                shard_manager: built.clone(),
            });
            let served = match &live {
                Some(links) => {
                    let mut web = crate::web::Web::new(
                        service.clone(),
                        links.clone(),
                        config.client_secret.clone(),
                        config.api_base.clone(),
                        app_id.clone(),
                        config.rest_timeout,
                    );
                    if config.activity {
                        web = web.with_activity(config.token.clone());
                    }
                    crate::metrics::serve_pages(addr, probe, Arc::new(web)).await
                }
                None => crate::metrics::serve(addr, probe).await,
            };
            Some(served.map_err(|e| StartError::Http(format!("WEB_BIND {addr}: {e}")))?)
        }
        None => None,
    };
    // GUILDS (not privileged) tells the bot that it left a server or that a
    // channel or thread was deleted: their tables end.
    let client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
        .event_handler(Handler(bot.clone()))
        .await
        .map_err(StartError::Discord)?;
    spawn_publisher(bot.clone(), client.http.clone(), notices);
    let shard_manager = client.shard_manager.clone();
    let _ = built.set(shard_manager.clone());
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn(connect(client, shards, stopped));
    Ok(Running {
        shard_manager,
        task,
        stop,
        service,
        bot,
        metrics_addr,
    })
}

/// Runs the gateway until it is stopped or fails for good. Discord out of
/// reach (refused, no DNS, 5xx from `GET /gateway/bot`) is tried again after
/// [`Backoff`]'s waits; serenity itself reconnects a connection that drops.
async fn connect(
    mut client: Client,
    shards: Option<crate::config::Shards>,
    mut stopped: watch::Receiver<bool>,
) -> Result<(), Fatal> {
    let mut backoff = Backoff::new(RETRY_CAP);
    let mut tries = 0u32;
    loop {
        tries += 1;
        let began = Instant::now();
        let run = async {
            let gateway = client.http.get_bot_gateway().await?;
            // serenity falls back to Discord's own address when it could
            // not ask at build time: use the one just given.
            *client.ws_url.lock().await = gateway.url;
            match shards {
                // As many shards as Discord recommends, all in this process.
                None => client.start_autosharded().await,
                // serenity 0.12 reads the range's end as the last shard to
                // run (it starts `end - start + 1` shards): pass `first..last`.
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
            }
        };
        let result = tokio::select! {
            result = run => result,
            _ = stopped.wait_for(|stop| *stop) => return Ok(()),
        };
        let e = match result {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if let Some(fatal) = fatal(&e) {
            return Err(fatal);
        }
        if began.elapsed() >= RETRY_CAP {
            backoff.reset();
        }
        let wait = backoff.next_wait();
        warn!(
            "could not reach Discord (try {tries}): {e}; trying again in {} s",
            wait.as_secs()
        );
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stopped.wait_for(|stop| *stop) => return Ok(()),
        }
    }
}

/// Publishes the boards the service asks for, each on its own task.
fn spawn_publisher(
    bot: Arc<Bot>,
    http: Arc<Http>,
    mut notices: tokio::sync::mpsc::UnboundedReceiver<Notice>,
) {
    tokio::spawn(async move {
        while let Some(notice) = notices.recv().await {
            let bot = bot.clone();
            let http = http.clone();
            match notice {
                Notice::Board(no) => {
                    tokio::spawn(async move {
                        publish::publish(&http, &bot.service, &bot.boards, no).await;
                    });
                }
                Notice::Tournament(id) => {
                    tokio::spawn(super::tournament::publish(bot, http, id));
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waits_double_from_one_second_to_the_cap() {
        let mut backoff = Backoff::new(RETRY_CAP);
        let waits: Vec<u64> = (0..9).map(|_| backoff.next_wait().as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        backoff.reset();
        assert_eq!(backoff.next_wait(), Duration::from_secs(1));
    }

    #[test]
    fn a_cap_under_a_second_is_the_only_wait() {
        let mut backoff = Backoff::new(Duration::from_millis(300));
        assert_eq!(backoff.next_wait(), Duration::from_millis(300));
        assert_eq!(backoff.next_wait(), Duration::from_millis(300));
    }
}
