//! Environments from OCI artifacts: `oci://registry/repo:tag` (polled on an
//! interval; the controller reacts only when the digest changes) or pinned
//! `@sha256:...`, pulled through `crate::registry` (every blob verified
//! against its digest) into [`Environments`].

use super::{Environments, Revision, SourceError};
use crate::registry::{self, Access, RegistryError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a tag is polled when the Manifest does not say (Flux's
/// OCIRepository default is also a minute or more).
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(60);

/// The shortest interval accepted: a registry is not polled in a loop.
pub const MIN_INTERVAL: Duration = Duration::from_secs(5);

/// Parses an interval as Flux writes them: `30s`, `1m`, `1h30m`, `500ms`.
pub fn parse_interval(text: &str) -> Result<Duration, String> {
    let bad = || {
        format!(
            "'{text}' is not an interval: write a number and a unit (s, m, h, ms), e.g. 30s, 1m or 1h30m"
        )
    };
    let mut total = Duration::ZERO;
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        if digits == 0 {
            return Err(bad());
        }
        let n: u64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let part = match &rest[..unit_len] {
            "ms" => Duration::from_millis(n),
            "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n.checked_mul(60).ok_or_else(bad)?),
            "h" => Duration::from_secs(n.checked_mul(3600).ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        total = total.checked_add(part).ok_or_else(bad)?;
        rest = &rest[unit_len..];
    }
    if total < MIN_INTERVAL {
        return Err(format!(
            "the interval '{text}' is shorter than {}s; poll a registry at most every {}s",
            MIN_INTERVAL.as_secs(),
            MIN_INTERVAL.as_secs()
        ));
    }
    Ok(total)
}

/// Whether a tag last checked at `last` is due for a poll at `now`.
pub fn due(last: Option<Instant>, interval: Duration, now: Instant) -> bool {
    last.is_none_or(|l| now.saturating_duration_since(l) >= interval)
}

/// The reason a registry error gives the Manifest.
fn classify(url: &str, e: RegistryError) -> SourceError {
    match e {
        RegistryError::Registry(why) => SourceError::Unreachable {
            url: url.to_string(),
            why,
        },
        RegistryError::Artifact(a) => a.into(),
        other => SourceError::ArtifactFailed(other.to_string()),
    }
}

/// `url` pinned to `digest`: `oci://host/repo:tag` → `oci://host/repo@digest`.
pub fn pin(url: &str, digest: &str) -> String {
    let (scheme, bare) = match url.strip_prefix("oci://") {
        Some(rest) => ("oci://", rest),
        None => ("", url),
    };
    let bare = bare.split('@').next().unwrap_or(bare);
    // A tag follows the last ':' after the last '/' (a port comes before it).
    let repo = match (bare.rfind('/'), bare.rfind(':')) {
        (Some(slash), Some(colon)) if colon > slash => &bare[..colon],
        (None, Some(colon)) => &bare[..colon],
        _ => bare,
    };
    format!("{scheme}{repo}@{digest}")
}

/// Pulls the artifact at `url`, verifies it, and gives the environment at
/// `path` inside it (unpacked and parsed once per digest).
pub async fn fetch(
    envs: &Arc<Environments>,
    url: &str,
    access: &Access,
    path: &str,
) -> Result<Revision, SourceError> {
    let reference = registry::parse_reference(url).map_err(|e| classify(url, e))?;
    let pulled = registry::pull(&reference, access, envs.caps.max_bytes)
        .await
        .map_err(|e| classify(url, e))?;
    let envs = envs.clone();
    let path = path.to_string();
    let layer_digest = pulled.layer_digest.clone();
    let code = tokio::task::spawn_blocking(move || envs.load(&layer_digest, &pulled.layer, &path))
        .await
        .map_err(|e| {
            SourceError::ArtifactFailed(format!("loading the environment failed: {e}"))
        })??;
    Ok(Revision {
        revision: pulled.revision.unwrap_or_else(|| pulled.digest.clone()),
        digest: pulled.digest,
        layer_digest: pulled.layer_digest,
        code,
    })
}

/// One poll of `url`: None when it still names `last_digest` (nothing to
/// do), else the new revision, pulled, verified and loaded. A tampered
/// registry cannot slip a new tree under an old digest: the pulled
/// manifest is verified against the digest it is fetched by.
pub async fn poll(
    envs: &Arc<Environments>,
    url: &str,
    access: &Access,
    path: &str,
    last_digest: Option<&str>,
) -> Result<Option<Revision>, SourceError> {
    let reference = registry::parse_reference(url).map_err(|e| classify(url, e))?;
    let digest = registry::resolve(&reference, access)
        .await
        .map_err(|e| classify(url, e))?;
    if last_digest == Some(digest.as_str()) {
        return Ok(None);
    }
    fetch(envs, url, access, path).await.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_as_flux_writes_them() {
        assert_eq!(parse_interval("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_interval("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_interval("5500ms"), Ok(Duration::from_millis(5500)));
        for bad in ["", "m", "10", "1d", "-1m", "1m x", "99999999999999999999h"] {
            assert!(parse_interval(bad).is_err(), "{bad}");
        }
        let err = parse_interval("1s").expect_err("too short");
        assert!(err.contains("at most every 5s"), "{err}");
    }

    #[test]
    fn a_url_pinned_to_a_digest() {
        let d = "sha256:abcd";
        assert_eq!(
            pin("oci://127.0.0.1:5000/puppet/control:production", d),
            "oci://127.0.0.1:5000/puppet/control@sha256:abcd"
        );
        assert_eq!(
            pin("oci://127.0.0.1:5000/control", d),
            "oci://127.0.0.1:5000/control@sha256:abcd"
        );
        assert_eq!(
            pin("oci://ghcr.io/o/env@sha256:old", d),
            "oci://ghcr.io/o/env@sha256:abcd"
        );
        assert_eq!(pin("registry/env:v1", d), "registry/env@sha256:abcd");
    }

    #[test]
    fn a_tag_is_polled_once_per_interval() {
        let start = Instant::now();
        let minute = Duration::from_secs(60);
        assert!(due(None, minute, start));
        assert!(!due(Some(start), minute, start + Duration::from_secs(59)));
        assert!(due(Some(start), minute, start + minute));
    }

    #[tokio::test]
    async fn an_unreachable_registry_is_named() {
        let dir = tempfile::tempdir().expect("tempdir");
        let envs = Arc::new(Environments::new(dir.path(), Default::default()));
        // A loopback port nothing listens on.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        drop(listener);
        let url = format!("oci://127.0.0.1:{port}/control:latest");
        let access = Access {
            insecure: true,
            ..Default::default()
        };
        let err = fetch(&envs, &url, &access, ".")
            .await
            .expect_err("nothing there");
        assert_eq!(err.reason(), "ArtifactUnreachable", "{err}");
        let err = fetch(&envs, "oci://", &access, ".")
            .await
            .expect_err("no reference");
        assert_eq!(err.reason(), "ArtifactFailed", "{err}");
    }

    /// Against a real registry (go-containerregistry's `crane registry
    /// serve`, which the e2e tools build): set KUPPET_CRANE to its path.
    /// Push, poll (a revision), poll again (nothing), push a new tree (the
    /// new revision), push a broken one (ArtifactFailed, reported by the
    /// poll while the last good revision stays the caller's).
    #[tokio::test]
    async fn polls_follow_the_tag_against_a_registry() {
        let Ok(crane) = std::env::var("KUPPET_CRANE") else {
            eprintln!("KUPPET_CRANE is not set: the registry test needs crane");
            return;
        };
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        drop(listener);
        let mut server = std::process::Command::new(crane)
            .args([
                "registry",
                "serve",
                "--address",
                &format!("127.0.0.1:{port}"),
            ])
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("crane runs");
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let access = Access {
            insecure: true,
            ..Default::default()
        };
        let url = format!("oci://127.0.0.1:{port}/control:main");
        let reference = registry::parse_reference(&url).expect("reference");
        let push = |site: &'static str, revision: &'static str| {
            let access = access.clone();
            let reference = reference.clone();
            async move {
                let src = tempfile::tempdir().expect("tempdir");
                std::fs::create_dir_all(src.path().join("manifests")).expect("mkdir");
                std::fs::write(src.path().join("manifests/site.pp"), site).expect("write");
                let layer = kuppet_artifact::pack(src.path()).expect("packs");
                let meta = kuppet_artifact::ArtifactMeta {
                    revision: Some(revision.into()),
                    ..Default::default()
                };
                registry::push(&reference, &layer, &meta, &access)
                    .await
                    .expect("pushes")
            }
        };
        let cache = tempfile::tempdir().expect("tempdir");
        let envs = Arc::new(Environments::new(cache.path(), Default::default()));
        let first = push("notify { 'one': }\n", "main@sha1:1").await;
        let r1 = poll(&envs, &url, &access, ".", None)
            .await
            .expect("polls")
            .expect("a revision");
        assert_eq!(
            (r1.digest.as_str(), r1.revision.as_str()),
            (first.digest.as_str(), "main@sha1:1")
        );
        let unchanged = poll(&envs, &url, &access, ".", Some(&r1.digest)).await;
        assert!(matches!(unchanged, Ok(None)), "{unchanged:?}");
        let second = push("notify { 'two': }\n", "main@sha1:2").await;
        let r2 = poll(&envs, &url, &access, ".", Some(&r1.digest))
            .await
            .expect("polls")
            .expect("a new revision");
        assert_eq!(r2.digest, second.digest);
        let compiled = r2
            .code
            .compile("n1", serde_json::Map::new())
            .expect("compiles");
        assert!(compiled.catalog.resource("Notify[two]").is_some());
        push("notify { 'three':\n", "main@sha1:3").await;
        let broken = poll(&envs, &url, &access, ".", Some(&r2.digest)).await;
        assert!(
            matches!(&broken, Err(e) if e.reason() == "ArtifactFailed"),
            "{broken:?}"
        );
        let _ = server.kill();
        let _ = server.wait();
    }
}
