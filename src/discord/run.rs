//! Starting and stopping the bot: the store and the restored tables, the
//! Discord client, the publisher of boards, and the metrics probe.

use super::publish;
use super::{Bot, Handler};
use crate::config::Config;
use crate::service::{Notice, SearchPool, Service, SystemClock};
use crate::store::Store;
use serenity::all::{ClientBuilder, GatewayIntents, Http, HttpBuilder, ShardManager};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::{error, info};

/// How long a clean stop waits for the interactions being handled.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// A running bot, for tests and for a clean shutdown.
pub struct Running {
    shard_manager: Arc<ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    service: Arc<Service>,
    bot: Arc<Bot>,
    metrics_addr: Option<std::net::SocketAddr>,
}

/// What `/healthz` and `/metrics` read.
struct Probe {
    service: Arc<Service>,
    shard_manager: Arc<ShardManager>,
}

impl crate::metrics::Probe for Probe {
    fn health(
        &self,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = (bool, String)> + Send + '_>> {
        Box::pin(async move {
            let runners = self.shard_manager.runners.lock().await;
            let connected = runners
                .values()
                .filter(|r| r.stage == serenity::gateway::ConnectionStage::Connected)
                .count();
            let shards = runners.len();
            drop(runners);
            let database = self.service.database_reachable().await;
            let gateway_ok = shards > 0 && connected == shards;
            let text = format!(
                "gateway: {connected}/{shards} shards connected\ndatabase: {}\n",
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
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
        self.service.close().await;
    }

    /// Waits until the client stops by itself (a fatal gateway error).
    pub async fn wait(self) -> Result<(), serenity::Error> {
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
    pub async fn wait_stopped(&mut self) -> Result<(), serenity::Error> {
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
    let started = Instant::now();
    let store = Store::open(&config.database_url)
        .await
        .map_err(StartError::Store)?;
    let (service, notices) = Service::new(
        store,
        Arc::new(SystemClock::new()),
        SearchPool::sized_to_cores(),
        None,
    );
    service.set_idle_ms(config.idle.as_millis() as u64);
    service.set_limits(config.limits);
    let shards = config.shards;
    let restored = service
        .restore_owned(|guild| shards.is_none_or(|s| s.owns(guild)))
        .await
        .map_err(StartError::Store)?;
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
    let mut http = HttpBuilder::new(config.token.expose()).client(client);
    if let Some(base) = &config.api_base {
        // serenity applies the proxy only with its own rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let bot = Arc::new(Bot {
        service: service.clone(),
        boards: Arc::default(),
        guild_id: config.guild_id,
        image_wait: config.image_wait,
        bot_user: AtomicU64::new(0),
        registered: Default::default(),
        draining: Default::default(),
        in_flight: Default::default(),
    });
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
        .event_handler(Handler(bot.clone()))
        .await
        .map_err(StartError::Discord)?;
    spawn_publisher(bot.clone(), client.http.clone(), notices);
    let shard_manager = client.shard_manager.clone();
    let metrics_addr = match config.metrics_addr {
        Some(addr) => {
            let probe = Arc::new(Probe {
                service: service.clone(),
                shard_manager: shard_manager.clone(),
            });
            Some(
                crate::metrics::serve(addr, probe)
                    .await
                    .map_err(|e| StartError::Http(format!("METRICS_ADDR {addr}: {e}")))?,
            )
        }
        None => None,
    };
    let task = tokio::spawn(async move {
        match shards {
            // As many shards as Discord recommends, all in this process.
            None => client.start_autosharded().await,
            // serenity 0.12 reads the range's end as the last shard to run
            // (it starts `end - start + 1` shards): pass `first..last`.
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        }
    });
    Ok(Running {
        shard_manager,
        task,
        service,
        bot,
        metrics_addr,
    })
}

/// Publishes the boards the service asks for, each on its own task.
fn spawn_publisher(
    bot: Arc<Bot>,
    http: Arc<Http>,
    mut notices: tokio::sync::mpsc::UnboundedReceiver<Notice>,
) {
    tokio::spawn(async move {
        while let Some(Notice::Board(no)) = notices.recv().await {
            let bot = bot.clone();
            let http = http.clone();
            tokio::spawn(async move {
                publish::publish(&http, &bot.service, &bot.boards, no).await;
            });
        }
    });
}
