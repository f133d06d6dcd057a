//! A small hand-written HTTP/1.1 server: request line, headers, `Content-Length`
//! and chunked bodies, keep-alive connections, and a multipart/form-data parser.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One parsed HTTP request.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// Path without the query string, e.g. `/api/v10/gateway`.
    pub path: String,
    pub query: HashMap<String, String>,
    /// Header names are lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A response; `body == None` means no body at all (204).
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Option<Vec<u8>>,
    /// Extra headers (a 429's rate-limit headers, say).
    pub headers: Vec<(String, String)>,
}

impl Response {
    pub fn json(status: u16, value: &serde_json::Value) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: Some(serde_json::to_vec(value).expect("serialize json")),
            headers: vec![],
        }
    }

    pub fn no_content() -> Response {
        Response {
            status: 204,
            content_type: "application/json",
            body: None,
            headers: vec![],
        }
    }

    pub fn bytes(content_type: &'static str, body: Vec<u8>) -> Response {
        Response {
            status: 200,
            content_type,
            body: Some(body),
            headers: vec![],
        }
    }
}

/// Answers a request; `None` leaves it unanswered (the connection stays open
/// without a response until the client closes it).
pub type Handler = Arc<dyn Fn(Request) -> Option<Response> + Send + Sync>;

/// Accepts connections forever, one task per connection.
pub async fn serve(listener: TcpListener, handler: Handler) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let handler = handler.clone();
        tokio::spawn(async move {
            let _ = connection(stream, handler).await;
        });
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Reads more bytes into `buf`; returns false at end of stream.
async fn fill(stream: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    let mut chunk = [0u8; 16 * 1024];
    let n = stream.read(&mut chunk).await?;
    buf.extend_from_slice(&chunk[..n]);
    Ok(n > 0)
}

async fn read_line(stream: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<Option<String>> {
    loop {
        if let Some(p) = find(buf, b"\r\n") {
            let line = String::from_utf8_lossy(&buf[..p]).into_owned();
            buf.drain(..p + 2);
            return Ok(Some(line));
        }
        if !fill(stream, buf).await? {
            return Ok(None);
        }
    }
}

async fn read_exact_into(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    n: usize,
) -> std::io::Result<Option<Vec<u8>>> {
    while buf.len() < n {
        if !fill(stream, buf).await? {
            return Ok(None);
        }
    }
    Ok(Some(buf.drain(..n).collect()))
}

fn parse_query(q: &str) -> HashMap<String, String> {
    q.split('&')
        .filter(|s| !s.is_empty())
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (kv.to_string(), String::new()),
        })
        .collect()
}

pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Unknown",
    }
}

async fn connection(mut stream: TcpStream, handler: Handler) -> std::io::Result<()> {
    let mut buf: Vec<u8> = Vec::new();
    loop {
        // Head.
        let head_end = loop {
            if let Some(p) = find(&buf, b"\r\n\r\n") {
                break p;
            }
            if !fill(&mut stream, &mut buf).await? {
                return Ok(());
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        buf.drain(..head_end + 4);
        let mut lines = head.split("\r\n");
        let request_line = lines.next().unwrap_or_default();
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or_default().to_string();
        let target = parts.next().unwrap_or_default().to_string();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let header = |name: &str| {
            headers
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };

        // Body.
        let chunked = header("transfer-encoding")
            .map(|v| v.to_ascii_lowercase().contains("chunked"))
            .unwrap_or(false);
        let body = if chunked {
            let mut body = Vec::new();
            loop {
                let Some(line) = read_line(&mut stream, &mut buf).await? else {
                    return Ok(());
                };
                let size_str = line.split(';').next().unwrap_or("0").trim();
                let size = usize::from_str_radix(size_str, 16).unwrap_or(0);
                if size == 0 {
                    // Trailers, up to an empty line.
                    loop {
                        match read_line(&mut stream, &mut buf).await? {
                            None => return Ok(()),
                            Some(l) if l.is_empty() => break,
                            Some(_) => {}
                        }
                    }
                    break;
                }
                let Some(data) = read_exact_into(&mut stream, &mut buf, size + 2).await? else {
                    return Ok(());
                };
                body.extend_from_slice(&data[..size]);
            }
            body
        } else {
            let len: usize = header("content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            match read_exact_into(&mut stream, &mut buf, len).await? {
                Some(b) => b,
                None => return Ok(()),
            }
        };

        let close = header("connection")
            .map(|v| v.eq_ignore_ascii_case("close"))
            .unwrap_or(false);
        let (path, query) = match target.split_once('?') {
            Some((p, q)) => (p.to_string(), parse_query(q)),
            None => (target.clone(), HashMap::new()),
        };
        let request = Request {
            method,
            path,
            query,
            headers,
            body,
        };
        let Some(response) = handler(request) else {
            // Hung on purpose: never answer, keep the socket open until the
            // client gives up (other connections have their own tasks).
            let mut sink = [0u8; 4096];
            while stream.read(&mut sink).await.unwrap_or(0) > 0 {}
            return Ok(());
        };

        let mut out = format!(
            "HTTP/1.1 {} {}\r\n",
            response.status,
            reason(response.status)
        );
        match &response.body {
            Some(b) => {
                out.push_str(&format!("Content-Type: {}\r\n", response.content_type));
                out.push_str(&format!("Content-Length: {}\r\n", b.len()));
            }
            None if response.status != 204 => out.push_str("Content-Length: 0\r\n"),
            None => {}
        }
        for (name, value) in &response.headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str(if close {
            "Connection: close\r\n\r\n"
        } else {
            "Connection: keep-alive\r\n\r\n"
        });
        let mut bytes = out.into_bytes();
        if let Some(b) = response.body {
            bytes.extend_from_slice(&b);
        }
        stream.write_all(&bytes).await?;
        stream.flush().await?;
        if close {
            return Ok(());
        }
    }
}

/// One part of a multipart/form-data body.
#[derive(Debug, Clone)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

/// The boundary of a `multipart/form-data; boundary=...` content type.
pub fn multipart_boundary(content_type: &str) -> Option<String> {
    if !content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return None;
    }
    content_type.split(';').map(str::trim).find_map(|p| {
        p.strip_prefix("boundary=")
            .map(|b| b.trim_matches('"').to_string())
    })
}

fn disposition_params(value: &str) -> HashMap<String, String> {
    value
        .split(';')
        .skip(1)
        .filter_map(|p| p.trim().split_once('='))
        .map(|(k, v)| {
            (
                k.trim().to_ascii_lowercase(),
                v.trim().trim_matches('"').to_string(),
            )
        })
        .collect()
}

/// Parses a multipart/form-data body.
pub fn parse_multipart(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delim = format!("--{boundary}").into_bytes();
    let mut next_delim = b"\r\n".to_vec();
    next_delim.extend_from_slice(&delim);

    let mut pos = find(body, &delim).ok_or("multipart: no opening boundary")? + delim.len();
    let mut parts = Vec::new();
    loop {
        let rest = &body[pos..];
        if rest.starts_with(b"--") {
            return Ok(parts);
        }
        let rest = rest
            .strip_prefix(b"\r\n")
            .ok_or("multipart: no CRLF after boundary")?;
        let start = body.len() - rest.len();
        let head_end = find(rest, b"\r\n\r\n").ok_or("multipart: part without headers end")?;
        let head = String::from_utf8_lossy(&rest[..head_end]).into_owned();
        let data_start = start + head_end + 4;
        let data_len = find(&body[data_start..], &next_delim)
            .ok_or("multipart: part without closing boundary")?;
        let data = body[data_start..data_start + data_len].to_vec();
        pos = data_start + data_len + next_delim.len();

        let mut name = String::new();
        let mut filename = None;
        let mut content_type = None;
        for line in head.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            match k.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    let params = disposition_params(v);
                    name = params.get("name").cloned().unwrap_or_default();
                    filename = params.get("filename").cloned();
                }
                "content-type" => content_type = Some(v.trim().to_string()),
                _ => {}
            }
        }
        parts.push(Part {
            name,
            filename,
            content_type,
            data,
        });
    }
}
