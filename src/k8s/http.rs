//! A tiny HTTP/1.1 endpoint for `/metrics`, `/healthz` and `/readyz`: GET
//! only, one response per connection. Enough for Prometheus and kubelet probes
//! without pulling a web framework into the binary.

use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The largest request head read; probes and scrapes send a few hundred bytes.
const MAX_HEAD: usize = 8 * 1024;
/// How long a client may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// A response: status code, content type, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Response {
    pub fn text(status: u16, body: impl Into<String>) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.into(),
        }
    }

    /// Prometheus' text exposition format.
    pub fn metrics(body: String) -> Response {
        Response {
            status: 200,
            content_type: "text/plain; version=0.0.4; charset=utf-8",
            body,
        }
    }
}

/// Maps a request path (query stripped) to a response.
pub type Handler = Arc<dyn Fn(&str) -> Response + Send + Sync>;

/// Serves `handler` on `listener` until the task is dropped.
pub async fn serve(listener: TcpListener, handler: Handler) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let handler = handler.clone();
                tokio::spawn(async move {
                    if let Err(err) = respond(stream, handler).await {
                        tracing::debug!(error = %err, "http connection failed");
                    }
                });
            }
            Err(err) => {
                tracing::warn!(error = %err, "http accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn respond(mut stream: TcpStream, handler: Handler) -> std::io::Result<()> {
    let mut head = Vec::with_capacity(512);
    let mut buf = [0u8; 1024];
    let read = tokio::time::timeout(READ_TIMEOUT, async {
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_HEAD {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            head.extend_from_slice(&buf[..n]);
        }
        Ok::<(), std::io::Error>(())
    })
    .await;
    let response = match read {
        Ok(Ok(())) => route(&head, &handler),
        Ok(Err(err)) => return Err(err),
        Err(_) => Response::text(408, "request timeout\n"),
    };
    stream.write_all(render(&response).as_bytes()).await?;
    stream.shutdown().await
}

/// Parses the request line and dispatches.
fn route(head: &[u8], handler: &Handler) -> Response {
    let line = head.split(|b| *b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut parts = line.split_whitespace();
    match (parts.next(), parts.next()) {
        (Some("GET") | Some("HEAD"), Some(target)) => {
            let path = target.split('?').next().unwrap_or(target);
            handler(path)
        }
        (Some(_), Some(_)) => Response::text(405, "only GET is served\n"),
        _ => Response::text(400, "bad request\n"),
    }
}

fn render(r: &Response) -> String {
    let reason = match r.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        503 => "Service Unavailable",
        _ => "",
    };
    format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        r.status,
        reason,
        r.content_type,
        r.body.len(),
        r.body
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handler() -> Handler {
        Arc::new(|path: &str| match path {
            "/healthz" => Response::text(200, "ok\n"),
            _ => Response::text(404, "not found\n"),
        })
    }

    async fn get(addr: std::net::SocketAddr, request: &str) -> String {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        s.write_all(request.as_bytes()).await.expect("writes");
        let mut out = String::new();
        s.read_to_string(&mut out).await.expect("reads");
        out
    }

    #[tokio::test]
    async fn serves_paths_and_refuses_other_methods() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
        let addr = listener.local_addr().expect("addr");
        let server = tokio::spawn(serve(listener, handler()));
        let ok = get(addr, "GET /healthz?verbose HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(ok.starts_with("HTTP/1.1 200 OK\r\n"), "{ok}");
        assert!(ok.ends_with("\r\n\r\nok\n"));
        let missing = get(addr, "GET /nope HTTP/1.1\r\n\r\n").await;
        assert!(missing.starts_with("HTTP/1.1 404"));
        let post = get(addr, "POST /healthz HTTP/1.1\r\n\r\n").await;
        assert!(post.starts_with("HTTP/1.1 405"));
        let junk = get(addr, "\r\n\r\n").await;
        assert!(junk.starts_with("HTTP/1.1 400"));
        server.abort();
    }
}
