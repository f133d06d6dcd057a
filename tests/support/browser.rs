//! A real browser for the web board's tests: Debian's headless Chromium
//! driven through ChromeDriver's W3C WebDriver protocol (plain HTTP and
//! JSON), so clicks are the browser's own pointer events and screenshots
//! are what it painted.
//!
//! `.ci/run` installs Chromium and sets `BOARDBOT_TEST_BROWSER=require`,
//! which makes a missing browser a failure; without it a test on a machine
//! with no Chromium says it skipped and passes.

use serde_json::{json, Value};
use std::process::Stdio;
use std::time::Duration;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Whether the browser tests can run here; panics when they must
/// (`BOARDBOT_TEST_BROWSER=require`) and cannot.
pub fn available(test: &str) -> bool {
    let found =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    let required = std::env::var("BOARDBOT_TEST_BROWSER").is_ok_and(|v| v == "require");
    if !found {
        assert!(
            !required,
            "BOARDBOT_TEST_BROWSER=require but {CHROMIUM} or {CHROMEDRIVER} is missing \
             (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "{test}: skipped, no headless Chromium here (apt-get install chromium chromium-driver; \
             .ci/run installs them and requires these tests)"
        );
    }
    found
}

/// A ChromeDriver with one browser session.
pub struct Browser {
    driver: tokio::process::Child,
    base: String,
    session: String,
    http: reqwest::Client,
    _profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium `width` × `height` CSS
    /// pixels wide, without any network but loopback.
    pub async fn start(width: u32, height: u32) -> Browser {
        let port = super::free_port();
        let driver = tokio::process::Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        for _ in 0..100 {
            if http.get(format!("{base}/status")).send().await.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = std::env::temp_dir().join(format!("boardbot-chromium-{port}"));
        let args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            &format!("--window-size={width},{height}"),
            &format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
        }}});
        let mut browser = Browser {
            driver,
            base,
            session: String::new(),
            http,
            _profile: TempDir(profile),
        };
        let created = browser.call("POST", "/session", capabilities).await;
        browser.session = created["sessionId"].as_str().expect("a session").to_owned();
        browser
    }

    async fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let request = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self.http.post(url).body(body.to_string()),
        };
        let answer = request
            .header("content-type", "application/json")
            .send()
            .await
            .expect("chromedriver answers");
        let status = answer.status();
        let value: Value = serde_json::from_str(&answer.text().await.unwrap()).expect("JSON");
        assert!(status.is_success(), "WebDriver {method} {path}: {value}");
        value["value"].clone()
    }

    async fn session_call(&self, method: &str, path: &str, body: Value) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
            .await
    }

    pub async fn goto(&self, url: &str) {
        self.session_call("POST", "/url", json!({ "url": url }))
            .await;
    }

    /// Sets a cookie for the page's site (the page must be open).
    pub async fn set_cookie(&self, name: &str, value: &str) {
        let cookie =
            json!({ "cookie": { "name": name, "value": value, "path": "/", "httpOnly": true } });
        self.session_call("POST", "/cookie", cookie).await;
    }

    /// Runs `script` (a function body; `arguments` are `args`) in the page.
    pub async fn run(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": args }),
        )
        .await
    }

    /// Waits until `script` returns something truthy; returns it.
    pub async fn wait_for(&self, script: &str, args: Value, what: &str) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        loop {
            let got = self.run(script, args.clone()).await;
            let truthy =
                !(got.is_null() || got == json!(false) || got == json!("") || got == json!(0));
            if truthy {
                return got;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited in vain for {what}"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The element matching `css`, as WebDriver names it.
    async fn element(&self, css: &str) -> Value {
        let found = self
            .session_call(
                "POST",
                "/element",
                json!({ "using": "css selector", "value": css }),
            )
            .await;
        found
            .as_object()
            .and_then(|o| o.values().next().cloned())
            .unwrap_or_else(|| panic!("no element {css}"))
    }

    /// Clicks the element matching `css` with the browser's pointer (at its
    /// centre, as a person would).
    pub async fn click(&self, css: &str) {
        let id = self.element(css).await;
        let id = id.as_str().expect("an element id");
        self.session_call("POST", &format!("/element/{id}/click"), json!({}))
            .await;
    }

    /// Presses keys (WebDriver key codes: `\u{E012}` left, `\u{E014}`
    /// right, `\u{E007}` Enter) on the element matching `css`.
    pub async fn keys(&self, css: &str, text: &str) {
        let id = self.element(css).await;
        let id = id.as_str().expect("an element id");
        self.session_call(
            "POST",
            &format!("/element/{id}/value"),
            json!({ "text": text }),
        )
        .await;
    }

    /// What the page painted, as an image.
    pub async fn screenshot(&self) -> image::RgbaImage {
        let data = self.session_call("GET", "/screenshot", Value::Null).await;
        let png = base64_decode(data.as_str().expect("base64"));
        image::load_from_memory(&png).expect("a PNG").to_rgba8()
    }

    /// A second window in the same browser; returns its handle and the
    /// current one's.
    pub async fn new_window(&self) -> (String, String) {
        let current = self.session_call("GET", "/window", Value::Null).await;
        let made = self
            .session_call("POST", "/window/new", json!({ "type": "window" }))
            .await;
        (
            made["handle"].as_str().expect("a handle").to_owned(),
            current.as_str().expect("a handle").to_owned(),
        )
    }

    pub async fn switch_to(&self, handle: &str) {
        self.session_call("POST", "/window", json!({ "handle": handle }))
            .await;
    }

    /// The centre of the element matching `css`, in the screenshot's
    /// pixels.
    pub async fn centre(&self, css: &str) -> (u32, u32) {
        let at = self
            .run(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();
                 const k = window.devicePixelRatio || 1;
                 return [Math.round((r.left + r.width / 2) * k), Math.round((r.top + r.height / 2) * k)];",
                json!([css]),
            )
            .await;
        (
            at[0].as_u64().unwrap() as u32,
            at[1].as_u64().unwrap() as u32,
        )
    }

    pub async fn quit(mut self) {
        let session = std::mem::take(&mut self.session);
        if !session.is_empty() {
            self.call("DELETE", &format!("/session/{session}"), Value::Null)
                .await;
        }
        let _ = self.driver.kill().await;
    }
}

/// Standard base64 (WebDriver's screenshots).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, d) in chunk.iter().enumerate() {
            n |= u32::from(*d) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}

/// Whether two colours are within `tolerance` on every channel.
pub fn near(pixel: image::Rgba<u8>, hex: u32, tolerance: u8) -> bool {
    let want = [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8];
    pixel.0[..3]
        .iter()
        .zip(want)
        .all(|(&got, want)| got.abs_diff(want) <= tolerance)
}
