//! Strength series that `boardbot arena` (two levels, from the empty
//! board) cannot play: Connect Four for three's hard with each of its
//! searches against two mediums and the two searches against each other,
//! and Connect Four 3D hard against medium from random openings.
//!
//! `cargo bench --bench arena -- [connect4-3p|connect4-3d] [--games N]
//! [--seed N] [--search paranoid|brs]` (both games by default; 24 games a
//! series for three players, 40 for 3D; seed 2026; `--search` limits the
//! three-player series against two mediums to one search). Every move gets
//! the hard level's 1.5 s, so a series takes minutes.

use boardbot::cpu::arena::{Arena, Player};
use boardbot::cpu::connect4_3p::{choose_searching, Search3p};
use boardbot::cpu::{connect4_3d, connect4_3p, Budget, Cpu, Level};
use boardbot::game::{Connect4ThreeD, Connect4ThreePlayer, Move};
use rand::rngs::StdRng;
use std::process::ExitCode;

struct Options {
    games: Vec<&'static str>,
    series: Option<usize>,
    seed: u64,
    searches: Vec<Search3p>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: vec!["connect4-3p", "connect4-3d"],
        series: None,
        seed: 2026,
        searches: vec![Search3p::Paranoid, Search3p::BestReply],
    };
    let mut chosen = Vec::new();
    // `cargo bench` adds `--bench` to a bench's arguments.
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "connect4-3p" => chosen.push("connect4-3p"),
            "connect4-3d" => chosen.push("connect4-3d"),
            "--games" => {
                let v = value("--games")?;
                options.series = Some(v.parse().map_err(|_| format!("--games {v:?}"))?);
            }
            "--seed" => {
                let v = value("--seed")?;
                options.seed = v.parse().map_err(|_| format!("--seed {v:?}"))?;
            }
            "--search" => {
                options.searches = match value("--search")?.as_str() {
                    "paranoid" => vec![Search3p::Paranoid],
                    "brs" => vec![Search3p::BestReply],
                    other => return Err(format!("--search {other:?}: paranoid or brs")),
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if !chosen.is_empty() {
        options.games = chosen;
    }
    Ok(options)
}

/// Hard's series against two mediums (hard in seat 0 of the players, so
/// every seat order is played), then paranoid against BRS against medium.
fn three_players(options: &Options) {
    let games = options.series.unwrap_or(24);
    let arena = |seed| Arena {
        games,
        seed,
        opening_plies: connect4_3p::levels::ARENA_OPENING_PLIES,
        move_time: Budget::HARD,
    };
    let player = |level: Level, search: Search3p| {
        move |p: &Connect4ThreePlayer, b: &Budget, rng: &mut StdRng| -> Option<Move> {
            choose_searching(p, level, search, b, rng)
        }
    };
    let start = Connect4ThreePlayer::new();
    let medium = player(Level::Medium, connect4_3p::HARD_SEARCH);
    for &search in &options.searches {
        let hard = player(Level::Hard, search);
        let players: [Player<'_, Connect4ThreePlayer>; 3] = [&hard, &medium, &medium];
        match arena(options.seed).play(&start, &players, |_, _| {}) {
            Ok(r) => println!("3p hard-{search:?} vs two medium, {games} games: {r:#?}"),
            Err(e) => println!("3p hard-{search:?} vs two medium: {e}"),
        }
    }
    let paranoid = player(Level::Hard, Search3p::Paranoid);
    let brs = player(Level::Hard, Search3p::BestReply);
    let players: [Player<'_, Connect4ThreePlayer>; 3] = [&paranoid, &brs, &medium];
    match arena(options.seed + 1).play(&start, &players, |_, _| {}) {
        Ok(r) => println!("3p paranoid vs BRS vs medium, {games} games: {r:#?}"),
        Err(e) => println!("3p paranoid vs BRS vs medium: {e}"),
    }
}

fn three_d(options: &Options) {
    let games = options.series.unwrap_or(40);
    let arena = Arena {
        games,
        seed: options.seed,
        opening_plies: connect4_3d::levels::ARENA_OPENING_PLIES,
        move_time: Budget::HARD,
    };
    let level = |level: Level| {
        move |p: &Connect4ThreeD, b: &Budget, rng: &mut StdRng| p.choose(level, b, rng)
    };
    let (hard, medium) = (level(Level::Hard), level(Level::Medium));
    match arena.play(&Connect4ThreeD::new(), &[&hard, &medium], |_, _| {}) {
        Ok(r) => println!("3D hard vs medium, {games} games: {r:#?}"),
        Err(e) => println!("3D hard vs medium: {e}"),
    }
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::from(2);
        }
    };
    for game in &options.games {
        match *game {
            "connect4-3p" => three_players(&options),
            _ => three_d(&options),
        }
    }
    ExitCode::SUCCESS
}
