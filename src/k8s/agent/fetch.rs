//! The agent's side of content by checksum: the files a NodeCatalog lists in
//! `spec.content` are fetched from the controller's content endpoint
//! (`--content-url`, its CA `--content-ca`) with the agent's ServiceAccount
//! token, checked against their SHA-256 while they are written, and kept by
//! digest in the agent's state directory (`content/sha256/<hex>`), so an
//! unchanged file is fetched once.

use crate::k8s::crd::ContentRef;
use sha2::Digest;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where a pod's ServiceAccount token is.
pub const TOKEN_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount/token";
/// Attempts per file, with backoff between them.
const ATTEMPTS: u32 = 4;
const FIRST_BACKOFF: Duration = Duration::from_millis(500);

/// Why a file could not be fetched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("the agent has no --content-url to fetch {path} (sha256 {sha256}) from")]
    NoEndpoint { path: String, sha256: String },
    #[error("could not fetch {path} (sha256 {sha256}) from the controller: {reason}")]
    Failed {
        path: String,
        sha256: String,
        reason: String,
    },
}

/// Why a content reference of a catalog is unusable: not a SHA-256, or a
/// path outside the modulepath layout (`MODULE/files/...`, no `.`, `..` or
/// empty segment).
pub fn check_ref(r: &ContentRef) -> Option<String> {
    let hex = r.sha256.len() == 64
        && r.sha256
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !hex {
        return Some(format!(
            "spec.content lists {:?} with {:?}, not a lowercase SHA-256",
            r.path, r.sha256
        ));
    }
    let segments: Vec<&str> = r.path.split('/').collect();
    let sane = segments.len() >= 3
        && segments[1] == "files"
        && !segments
            .iter()
            .any(|s| s.is_empty() || *s == "." || *s == "..");
    (!sane).then(|| {
        format!(
            "spec.content lists a file at {:?}, not MODULE/files/PATH",
            r.path
        )
    })
}

/// Fetches content from the controller.
#[derive(Debug, Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    base: String,
    token_path: PathBuf,
    cache: PathBuf,
    attempts: u32,
    backoff: Duration,
}

impl Fetcher {
    /// A fetcher of `base` (`https://host:port`), trusting only `ca` (PEM)
    /// when given, reading its token from `token_path` at each request
    /// (the kubelet rotates it), caching under `cache`.
    pub fn new(
        base: &str,
        ca: Option<&[u8]>,
        token_path: PathBuf,
        cache: PathBuf,
    ) -> Result<Fetcher, String> {
        let mut builder = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(600));
        if let Some(pem) = ca {
            let certs = reqwest::Certificate::from_pem_bundle(pem)
                .map_err(|e| format!("--content-ca is not PEM certificates: {e}"))?;
            builder = builder.tls_built_in_root_certs(false);
            for c in certs {
                builder = builder.add_root_certificate(c);
            }
        }
        Ok(Fetcher {
            client: builder
                .build()
                .map_err(|e| format!("could not build the content client: {e}"))?,
            base: base.trim_end_matches('/').to_string(),
            token_path,
            cache,
            attempts: ATTEMPTS,
            backoff: FIRST_BACKOFF,
        })
    }

    /// Tries each file `attempts` times, waiting `backoff` (doubling)
    /// between tries.
    pub fn with_retries(mut self, attempts: u32, backoff: Duration) -> Fetcher {
        self.attempts = attempts.max(1);
        self.backoff = backoff;
        self
    }

    /// The cached file of `sha256`.
    pub fn cached(&self, sha256: &str) -> PathBuf {
        self.cache.join("sha256").join(sha256)
    }

    /// The file of `r`, from the cache or fetched (with retries).
    pub async fn fetch(&self, r: &ContentRef) -> Result<PathBuf, FetchError> {
        let fail = |reason: String| FetchError::Failed {
            path: r.path.clone(),
            sha256: r.sha256.clone(),
            reason,
        };
        if let Some(why) = check_ref(r) {
            return Err(fail(why));
        }
        let target = self.cached(&r.sha256);
        if target.is_file() {
            // The cache is re-checked at each use: a file changed on disk
            // since it was fetched is fetched again, never used.
            match crate::k8s::content::sha256_file(&target) {
                Ok(actual) if actual == r.sha256 => return Ok(target),
                Ok(actual) => {
                    tracing::warn!(path = %r.path, sha256 = %r.sha256, actual = %actual,
                        "cached content no longer matches its checksum; fetching it again");
                    let _ = std::fs::remove_file(&target);
                }
                Err(e) => {
                    tracing::warn!(path = %r.path, error = %e, "cached content unreadable; fetching it again");
                    let _ = std::fs::remove_file(&target);
                }
            }
        }
        let mut backoff = self.backoff;
        let mut last = String::new();
        for attempt in 1..=self.attempts {
            match self.once(r, &target).await {
                Ok(()) => return Ok(target),
                Err(e) => {
                    tracing::warn!(path = %r.path, sha256 = %r.sha256, attempt, error = %e, "content fetch failed");
                    last = e;
                }
            }
            if attempt < self.attempts {
                tokio::time::sleep(backoff).await;
                backoff *= 2;
            }
        }
        Err(fail(format!("{last} (after {} attempts)", self.attempts)))
    }

    async fn once(&self, r: &ContentRef, target: &Path) -> Result<(), String> {
        let token = std::fs::read_to_string(&self.token_path).map_err(|e| {
            format!(
                "could not read the token {}: {e}",
                self.token_path.display()
            )
        })?;
        let url = format!("{}/v1/content/sha256/{}", self.base, r.sha256);
        let mut response = self
            .client
            .get(&url)
            .bearer_auth(token.trim())
            .send()
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            return Err(format!("{url}: {status}: {}", body.trim()));
        }
        let dir = target.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut staged =
            tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut hasher = sha2::Sha256::new();
        let mut got = 0u64;
        while let Some(chunk) = response.chunk().await.map_err(|e| format!("{url}: {e}"))? {
            got += chunk.len() as u64;
            if got > r.size {
                return Err(format!("{url}: more than the {} bytes listed", r.size));
            }
            hasher.update(&chunk);
            std::io::Write::write_all(&mut staged, &chunk)
                .map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let actual = crate::k8s::content::hex(&hasher.finalize());
        if actual != r.sha256 {
            return Err(format!(
                "{url}: the content's SHA-256 is {actual}, not the catalog's"
            ));
        }
        staged
            .persist(target)
            .map_err(|e| format!("{}: {e}", target.display()))?;
        Ok(())
    }

    /// Removes cached content no longer in `keep`.
    pub fn prune(&self, keep: &[ContentRef]) {
        let Ok(entries) = std::fs::read_dir(self.cache.join("sha256")) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            if !keep
                .iter()
                .any(|k| name.to_str() == Some(k.sha256.as_str()))
            {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_outside_the_layout_or_without_a_digest_are_refused() {
        let ok = ContentRef {
            path: "m/files/big".into(),
            sha256: "a".repeat(64),
            size: 1,
            mode: 0o644,
        };
        assert_eq!(check_ref(&ok), None);
        for path in [
            "m/files/../../etc/shadow",
            "m/files/",
            "m/manifests/x",
            "/m/files/x",
            "m",
        ] {
            let bad = ContentRef {
                path: path.into(),
                ..ok.clone()
            };
            assert!(check_ref(&bad).is_some(), "{path}");
        }
        for sha in [
            "A".repeat(64),
            "a".repeat(63),
            format!("{}/", "a".repeat(63)),
        ] {
            let bad = ContentRef {
                sha256: sha.clone(),
                ..ok.clone()
            };
            assert!(check_ref(&bad).is_some(), "{sha}");
        }
    }
}
