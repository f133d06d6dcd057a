//! The binary's start-up: a missing or bad setting stops it at once with one
//! line naming the variable, and no panic or backtrace.

use std::process::Command;

fn boardbot(vars: &[(&str, &str)]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("boardbot-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    // A folder without .env, and no inherited Discord settings.
    command
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    for (k, v) in vars {
        command.env(k, v);
    }
    command.output().expect("run boardbot")
}

#[test]
fn without_a_token_it_names_the_variable_and_exits() {
    let out = boardbot(&[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
}

#[test]
fn a_bad_setting_is_named_and_the_token_is_not_printed() {
    let out = boardbot(&[
        ("DISCORD_TOKEN", "very-secret-token"),
        ("DISCORD_GUILD_ID", "my server"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("DISCORD_GUILD_ID"), "{stderr}");
    assert!(!stderr.contains("very-secret-token"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn an_unknown_command_is_refused_with_the_usage() {
    let out = {
        let mut c = Command::new(env!("CARGO_BIN_EXE_boardbot"));
        c.arg("fly").env_clear();
        c.output().unwrap()
    };
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage"));
}
