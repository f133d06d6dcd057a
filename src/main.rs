//! `boardbot` runs one of its offline tools (see `boardbot::cli`) or the bot.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = boardbot::cli::run_tool(&args) {
        return ExitCode::from(code.clamp(0, 255) as u8);
    }
    println!("{}", boardbot::cli::USAGE);
    ExitCode::SUCCESS
}
