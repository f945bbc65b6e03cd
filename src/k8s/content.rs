//! File content by checksum: the controller's side. A NodeCatalog carries
//! small `puppet:///modules/` files inline (`spec.files`) and lists the
//! larger ones by SHA-256 (`spec.content`, see `controller::files`); the
//! agent fetches those from this HTTPS endpoint, `GET
//! /v1/content/sha256/<hex>` with its ServiceAccount token as a bearer
//! token. The controller authenticates the token with a TokenReview (the
//! answer cached a short while), takes the node from the pod-bound token's
//! `authentication.kubernetes.io/node-name`, and serves only content the
//! current (or the previous) catalog of that node references, read from
//! the environment's unpacked tree where the compile found it (no copies).

use crate::k8s::controller::files::{Bundle, Limits, Located, Stamp};
use futures::future::BoxFuture;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The path prefix of content by SHA-256.
pub const PATH_PREFIX: &str = "/v1/content/sha256/";
/// The token extra the API server puts in a pod-bound token: the node the
/// pod runs on.
pub const NODE_NAME_EXTRA: &str = "authentication.kubernetes.io/node-name";
/// How long a TokenReview's answer is reused.
const REVIEW_TTL: Duration = Duration::from_secs(60);
/// The largest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// How long a client may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; more wait for a turn (a fleet fetching a
/// new large file at once shares the controller's disk and network).
const MAX_CONNECTIONS: usize = 64;

/// The content each node's catalog references, by digest, and where it is.
#[derive(Debug, Clone)]
pub struct Store {
    limits: Limits,
    nodes: Arc<Mutex<HashMap<String, NodeContent>>>,
    metrics: Arc<crate::k8s::metrics::ControllerMetrics>,
}

/// One node's referenced content: its current catalog's, and its previous
/// one's (an agent may still be fetching for the catalog it was sent before
/// the new one is written).
#[derive(Debug, Default)]
struct NodeContent {
    current: HashMap<String, Located>,
    previous: HashMap<String, Located>,
}

impl Default for Store {
    /// No content endpoint: every file travels inline.
    fn default() -> Store {
        Store::new(Limits::INLINE_ONLY)
    }
}

impl Store {
    pub fn new(limits: Limits) -> Store {
        Store {
            limits,
            nodes: Arc::default(),
            metrics: Arc::default(),
        }
    }

    /// Counts the endpoint's answers in `metrics`.
    pub fn with_metrics(mut self, metrics: Arc<crate::k8s::metrics::ControllerMetrics>) -> Store {
        self.metrics = metrics;
        self
    }

    /// What a compile inlines and what it references.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Records the content `node`'s newly compiled catalog references.
    pub fn set_node(&self, node: &str, bundle: Option<&Bundle>) {
        let current: HashMap<String, Located> = bundle
            .map(|b| {
                b.content
                    .iter()
                    .zip(&b.on_disk)
                    .map(|(c, l)| (c.sha256.clone(), l.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let Ok(mut nodes) = self.nodes.lock() else {
            return;
        };
        let entry = nodes.entry(node.to_string()).or_default();
        if entry.current != current {
            entry.previous = std::mem::replace(&mut entry.current, current);
        }
    }

    /// Forgets nodes that no longer exist (their agents read nothing more).
    pub fn retain_nodes(&self, names: &std::collections::HashSet<String>) {
        if let Ok(mut nodes) = self.nodes.lock() {
            nodes.retain(|n, _| names.contains(n));
        }
    }

    /// Where the content `sha256` of `node`'s catalog is.
    pub fn locate(&self, node: &str, sha256: &str) -> Option<Located> {
        let nodes = self.nodes.lock().ok()?;
        let n = nodes.get(node)?;
        n.current
            .get(sha256)
            .or_else(|| n.previous.get(sha256))
            .cloned()
    }

    /// Whether any node's catalog references `sha256`.
    fn known(&self, sha256: &str) -> bool {
        self.nodes.lock().is_ok_and(|nodes| {
            nodes
                .values()
                .any(|n| n.current.contains_key(sha256) || n.previous.contains_key(sha256))
        })
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a file's content, lowercase hex, read in 64 KiB chunks.
pub fn sha256_file(path: &std::path::Path) -> std::io::Result<String> {
    use sha2::Digest;
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut hasher = sha2::Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

/// Who a bearer token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    /// Not a valid token.
    Invalid,
    /// A valid token of someone who is not an agent with a node (another
    /// ServiceAccount, or a token not bound to a pod).
    NotAnAgent(String),
    /// The agent of this node.
    Agent { node: String },
}

/// Authenticates bearer tokens.
pub trait Authenticate: Send + Sync {
    /// Who `token` is; Err when that cannot be told now (the API server
    /// unreachable).
    fn identify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Identity, String>>;
}

/// What the endpoint answers a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The content is at this file.
    Serve(Located),
    /// 401: no token, or not a valid one.
    Unauthenticated,
    /// 403: not an agent, or content of another node's catalog.
    Forbidden(String),
    /// 404: a digest no catalog references (or not a digest).
    NotFound,
    /// 503: the token could not be reviewed now.
    Unavailable(String),
}

/// Whether `who` may read the content `sha256`.
pub fn decide(who: Result<Identity, String>, sha256: &str, store: &Store) -> Decision {
    let valid = sha256.len() == 64
        && sha256
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    match who {
        Err(e) => Decision::Unavailable(e),
        Ok(Identity::Invalid) => Decision::Unauthenticated,
        Ok(Identity::NotAnAgent(user)) => Decision::Forbidden(format!(
            "{user} is not a kuppet agent with a node-bound token"
        )),
        Ok(Identity::Agent { .. }) if !valid => Decision::NotFound,
        Ok(Identity::Agent { node }) => match store.locate(&node, sha256) {
            Some(located) => Decision::Serve(located),
            None if store.known(sha256) => Decision::Forbidden(format!(
                "the catalog of node {node} does not reference this content"
            )),
            None => Decision::NotFound,
        },
    }
}

/// Authenticates tokens with TokenReviews, answers cached for a minute.
pub struct TokenReviewer {
    client: kube::Client,
    /// `system:serviceaccount:NS:NAME` of the agents; None accepts any
    /// ServiceAccount whose token is bound to a pod on a node.
    agent_user: Option<String>,
    /// The audience the agents' tokens are for (None: the API server's;
    /// then the agents send the token they also use with the API server).
    audience: Option<String>,
    cache: Mutex<HashMap<String, (Identity, Instant)>>,
}

impl TokenReviewer {
    pub fn new(
        client: kube::Client,
        agent_user: Option<String>,
        audience: Option<String>,
    ) -> TokenReviewer {
        TokenReviewer {
            client,
            agent_user,
            audience,
            cache: Mutex::default(),
        }
    }

    async fn review(&self, token: &str) -> Result<Identity, String> {
        use k8s_openapi::api::authentication::v1::{TokenReview, TokenReviewSpec};
        let api: kube::Api<TokenReview> = kube::Api::all(self.client.clone());
        let review = TokenReview {
            spec: TokenReviewSpec {
                token: Some(token.to_string()),
                audiences: self.audience.clone().map(|a| vec![a]),
            },
            ..Default::default()
        };
        let answer = api
            .create(&Default::default(), &review)
            .await
            .map_err(|e| format!("TokenReview failed: {e}"))?;
        let status = answer.status.unwrap_or_default();
        if status.authenticated != Some(true) {
            return Ok(Identity::Invalid);
        }
        let user = status.user.unwrap_or_default();
        Ok(identity_of(
            user.username.as_deref().unwrap_or(""),
            user.extra.as_ref().and_then(|e| e.get(NODE_NAME_EXTRA)),
            self.agent_user.as_deref(),
        ))
    }
}

/// The identity of an authenticated user with these extras.
pub fn identity_of(
    username: &str,
    node: Option<&Vec<String>>,
    agent_user: Option<&str>,
) -> Identity {
    let agent = match agent_user {
        Some(expected) => username == expected,
        None => username.starts_with("system:serviceaccount:"),
    };
    match node.and_then(|n| n.first()).filter(|n| !n.is_empty()) {
        Some(node) if agent => Identity::Agent { node: node.clone() },
        _ => Identity::NotAnAgent(username.to_string()),
    }
}

impl Authenticate for TokenReviewer {
    fn identify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Identity, String>> {
        Box::pin(async move {
            let key = kuppet_artifact::sha256_digest(token.as_bytes());
            if let Ok(cache) = self.cache.lock()
                && let Some((who, at)) = cache.get(&key)
                && at.elapsed() < REVIEW_TTL
            {
                return Ok(who.clone());
            }
            let who = self.review(token).await?;
            if let Ok(mut cache) = self.cache.lock() {
                cache.retain(|_, (_, at)| at.elapsed() < REVIEW_TTL);
                cache.insert(key, (who.clone(), Instant::now()));
            }
            Ok(who)
        })
    }
}

/// Why the endpoint cannot start.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("could not read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Pem { path: String, message: String },
    #[error("the content endpoint's certificate and key do not go together: {0}")]
    Config(String),
}

/// A TLS server configuration from a PEM certificate chain and key.
pub fn tls_config(
    cert: &Path,
    key: &Path,
) -> Result<Arc<tokio_rustls::rustls::ServerConfig>, TlsError> {
    use tokio_rustls::rustls;
    use tokio_rustls::rustls::pki_types::pem::PemObject;
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let read = |p: &Path| {
        std::fs::read(p).map_err(|source| TlsError::Read {
            path: p.display().to_string(),
            source,
        })
    };
    let pem = |p: &Path, e: &dyn std::fmt::Display| TlsError::Pem {
        path: p.display().to_string(),
        message: e.to_string(),
    };
    let cert_pem = read(cert)?;
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<_, _>>()
        .map_err(|e| pem(cert, &e))?;
    if chain.is_empty() {
        return Err(pem(cert, &"no CERTIFICATE in it"));
    }
    let key_der = PrivateKeyDer::from_pem_slice(&read(key)?).map_err(|e| {
        pem(
            key,
            &format!("no private key (PEM: PKCS#8, PKCS#1 or SEC1) read from it: {e}"),
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Config(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, key_der)
        .map_err(|e| TlsError::Config(e.to_string()))?;
    Ok(Arc::new(config))
}

/// Serves content on `listener` over TLS until the task is dropped.
pub async fn serve(
    listener: TcpListener,
    tls: Arc<tokio_rustls::rustls::ServerConfig>,
    auth: Arc<dyn Authenticate>,
    store: Store,
) {
    let acceptor = tokio_rustls::TlsAcceptor::from(tls);
    let turns = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(turn) = turns.clone().acquire_owned().await else {
            return;
        };
        match listener.accept().await {
            Ok((stream, peer)) => {
                let (acceptor, auth, store) = (acceptor.clone(), auth.clone(), store.clone());
                tokio::spawn(async move {
                    let _turn = turn;
                    let result = async {
                        let stream = tokio::time::timeout(READ_TIMEOUT, acceptor.accept(stream))
                            .await
                            .map_err(|_| std::io::Error::other("TLS handshake timed out"))??;
                        respond(stream, auth.as_ref(), &store).await
                    }
                    .await;
                    if let Err(err) = result {
                        tracing::debug!(error = %err, %peer, "content connection failed");
                    }
                });
            }
            Err(err) => {
                tracing::warn!(error = %err, "content accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// The method, path and bearer token of a request head.
fn parse_head(head: &[u8]) -> Option<(String, String, Option<String>)> {
    let text = std::str::from_utf8(head).ok()?;
    let mut lines = text.split("\r\n");
    let mut first = lines.next()?.split_whitespace();
    let (method, target) = (first.next()?.to_string(), first.next()?);
    let path = target.split('?').next().unwrap_or(target).to_string();
    let token = lines.find_map(|l| {
        let (name, value) = l.split_once(':')?;
        if !name.trim().eq_ignore_ascii_case("authorization") {
            return None;
        }
        let value = value.trim();
        let (scheme, token) = value.split_once(' ')?;
        scheme
            .eq_ignore_ascii_case("bearer")
            .then(|| token.trim().to_string())
    });
    Some((method, path, token))
}

async fn respond<S>(mut stream: S, auth: &dyn Authenticate, store: &Store) -> std::io::Result<()>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut head = Vec::with_capacity(1024);
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
    if !matches!(read, Ok(Ok(()))) {
        return write_text(&mut stream, 408, "request timeout\n").await;
    }
    let Some((method, path, token)) = parse_head(&head) else {
        return write_text(&mut stream, 400, "bad request\n").await;
    };
    if method != "GET" {
        return write_text(&mut stream, 405, "only GET is served\n").await;
    }
    let Some(sha256) = path.strip_prefix(PATH_PREFIX) else {
        return write_text(&mut stream, 404, "not found\n").await;
    };
    let who = match token {
        None => Ok(Identity::Invalid),
        Some(t) => auth.identify(&t).await,
    };
    let decision = decide(who, sha256, store);
    let m = &store.metrics;
    match &decision {
        // Counted once the file is found unchanged.
        Decision::Serve(_) => {}
        Decision::Unauthenticated => m.content_unauthenticated.inc(),
        Decision::Forbidden(_) => m.content_forbidden.inc(),
        Decision::NotFound => m.content_not_found.inc(),
        Decision::Unavailable(_) => m.content_unavailable.inc(),
    }
    match decision {
        Decision::Serve(located) => serve_file(&mut stream, &located, m).await,
        Decision::Unauthenticated => {
            write_text(&mut stream, 401, "a valid bearer token is required\n").await
        }
        Decision::Forbidden(why) => write_text(&mut stream, 403, &format!("{why}\n")).await,
        Decision::NotFound => {
            write_text(&mut stream, 404, "no catalog references this content\n").await
        }
        Decision::Unavailable(why) => write_text(&mut stream, 503, &format!("{why}\n")).await,
    }
}

/// Sends the file when it is still what was hashed; 404 when it changed
/// (a newer catalog with its new digest follows).
async fn serve_file<S>(
    stream: &mut S,
    located: &Located,
    metrics: &crate::k8s::metrics::ControllerMetrics,
) -> std::io::Result<()>
where
    S: tokio::io::AsyncWrite + Unpin,
{
    let file = tokio::fs::File::open(&located.path).await;
    let file = match file {
        Ok(f) => match f.metadata().await {
            Ok(meta) if Stamp::of(&meta) == located.stamp => Some(f),
            _ => None,
        },
        Err(_) => None,
    };
    let Some(file) = file else {
        metrics.content_not_found.inc();
        return write_text(
            stream,
            404,
            "the content changed or went away since the catalog was compiled\n",
        )
        .await;
    };
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        located.stamp.len
    );
    stream.write_all(head.as_bytes()).await?;
    metrics.content_served.inc();
    let mut limited = file.take(located.stamp.len);
    let sent = tokio::io::copy(&mut limited, stream).await?;
    metrics.content_bytes.add(sent);
    stream.shutdown().await
}

async fn write_text<S>(stream: &mut S, status: u16, body: &str) -> std::io::Result<()>
where
    S: tokio::io::AsyncWrite + Unpin,
{
    let reason = match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        503 => "Service Unavailable",
        _ => "",
    };
    let text = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).await?;
    stream.shutdown().await
}

#[cfg(test)]
mod tests;
