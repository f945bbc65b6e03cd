//! Environments from Flux sources (`spec.code.sourceRef`): a GitRepository,
//! OCIRepository, Bucket or ExternalArtifact whose artifact Flux's
//! source-controller has already fetched. kuppet consumes it as Flux's own
//! kustomize-controller does: it reads the object's `status.artifact`
//! (`url`, `digest` as `algo:hex`, `revision`), downloads the tarball only
//! when the digest changes, refuses more than the size cap, verifies the
//! digest and unpacks it safely into [`Environments`] (files and
//! directories only, nothing outside the tree).

use super::{Environments, Revision, SourceError};
use crate::k8s::crd::FluxSourceRef;
use std::sync::Arc;
use std::time::Duration;

/// How often a Flux source's status is read (a GET; the tarball is only
/// downloaded when its digest changes).
pub const INTERVAL: Duration = Duration::from_secs(5);

/// The API version of the sources when `sourceRef.apiVersion` is absent.
pub const DEFAULT_API_VERSION: &str = "source.toolkit.fluxcd.io/v1";

/// How long a download may take.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(120);

/// The artifact a Flux source advertises in its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// Where source-controller serves the tarball.
    pub url: String,
    /// `algo:hex` of the tarball (from `digest`, or the older `checksum`).
    pub digest: String,
    /// The source's revision (`main@sha1:...`, `latest@sha256:...`).
    pub revision: String,
    /// The tarball's size in bytes, when the status says.
    pub size: Option<u64>,
}

/// `kind ns/name`, as messages name the source.
pub fn describe(r: &FluxSourceRef, default_namespace: &str) -> String {
    format!(
        "{} {}/{}",
        r.kind.as_str(),
        r.namespace.as_deref().unwrap_or(default_namespace),
        r.name
    )
}

/// The (group, version) of a reference's API version.
pub fn group_version(r: &FluxSourceRef) -> Result<(String, String), SourceError> {
    let api_version = r.api_version.as_deref().unwrap_or(DEFAULT_API_VERSION);
    match api_version.split_once('/') {
        Some((group, version)) if group == "source.toolkit.fluxcd.io" && !version.is_empty() => {
            Ok((group.to_string(), version.to_string()))
        }
        _ => Err(SourceError::ArtifactFailed(format!(
            "spec.code.sourceRef.apiVersion '{api_version}' is not a Flux source API version: \
             use source.toolkit.fluxcd.io/v1 (or leave it out)"
        ))),
    }
}

/// The artifact in a Flux source object's `status`, or why there is none
/// yet (the source's own Ready message, when it has one).
pub fn artifact_of(object: &serde_json::Value, what: &str) -> Result<Artifact, SourceError> {
    let status = object.get("status");
    let Some(artifact) = status
        .and_then(|s| s.get("artifact"))
        .filter(|a| !a.is_null())
    else {
        let ready = status
            .and_then(|s| s.get("conditions"))
            .and_then(|c| c.as_array())
            .and_then(|c| {
                c.iter()
                    .find(|c| c.get("type").and_then(|t| t.as_str()) == Some("Ready"))
            })
            .and_then(|c| c.get("message"))
            .and_then(|m| m.as_str())
            .map(|m| format!(" (its Ready condition says: {m})"))
            .unwrap_or_default();
        return Err(SourceError::NotReady(format!(
            "{what} has no artifact yet{ready}: wait for Flux's source-controller to fetch it"
        )));
    };
    let text = |key: &str| {
        artifact
            .get(key)
            .and_then(|v| v.as_str())
            .filter(|s| !s.is_empty())
    };
    let url = text("url").ok_or_else(|| {
        SourceError::ArtifactFailed(format!("{what}'s status.artifact has no url"))
    })?;
    let digest = match (text("digest"), text("checksum")) {
        (Some(d), _) => d.to_string(),
        // Flux before v2.0 wrote the SHA-256 as `checksum`, without the algorithm.
        (None, Some(c)) => format!("sha256:{c}"),
        (None, None) => {
            return Err(SourceError::ArtifactFailed(format!(
                "{what}'s status.artifact has no digest: kuppet takes only artifacts it can verify"
            )));
        }
    };
    let revision = text("revision").unwrap_or(&digest).to_string();
    Ok(Artifact {
        url: url.to_string(),
        digest,
        revision,
        size: artifact.get("size").and_then(|v| v.as_u64()),
    })
}

/// Downloads `artifact`'s tarball, refusing more than `max_bytes`.
pub async fn download(artifact: &Artifact, max_bytes: u64) -> Result<Vec<u8>, SourceError> {
    let too_large = |n: u64| {
        SourceError::ArtifactFailed(format!(
            "the artifact at {} is too large: {n} bytes, more than the cap of {max_bytes}",
            artifact.url
        ))
    };
    if let Some(size) = artifact.size.filter(|s| *s > max_bytes) {
        return Err(too_large(size));
    }
    let unreachable = |why: String| SourceError::Unreachable {
        url: artifact.url.clone(),
        why,
    };
    let client = reqwest::Client::builder()
        .timeout(DOWNLOAD_TIMEOUT)
        .build()
        .map_err(|e| unreachable(e.to_string()))?;
    let mut response = client
        .get(&artifact.url)
        .send()
        .await
        .map_err(|e| unreachable(e.to_string()))?;
    if !response.status().is_success() {
        return Err(unreachable(format!("HTTP {}", response.status())));
    }
    if let Some(len) = response.content_length().filter(|l| *l > max_bytes) {
        return Err(too_large(len));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| unreachable(e.to_string()))?
    {
        body.extend_from_slice(&chunk);
        if body.len() as u64 > max_bytes {
            return Err(too_large(body.len() as u64));
        }
    }
    Ok(body)
}

/// One poll of a source whose status advertises `artifact`: None when
/// nodes already have it (the same digest and revision as `last`), else
/// the environment at `path` inside it, downloaded, verified and loaded.
pub async fn poll(
    envs: &Arc<Environments>,
    artifact: &Artifact,
    path: &str,
    last: Option<(&str, &str)>,
) -> Result<Option<Revision>, SourceError> {
    if last == Some((artifact.digest.as_str(), artifact.revision.as_str())) {
        return Ok(None);
    }
    let body = download(artifact, envs.caps.max_bytes).await?;
    let envs = envs.clone();
    let (digest, path_owned) = (artifact.digest.clone(), path.to_string());
    let code = tokio::task::spawn_blocking(move || envs.load(&digest, &body, &path_owned))
        .await
        .map_err(|e| {
            SourceError::ArtifactFailed(format!("loading the environment failed: {e}"))
        })??;
    Ok(Some(Revision {
        digest: artifact.digest.clone(),
        layer_digest: artifact.digest.clone(),
        revision: artifact.revision.clone(),
        code,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::crd::FluxSourceKind;
    use serde_json::json;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn git_repository(artifact: serde_json::Value) -> serde_json::Value {
        json!({
            "apiVersion": "source.toolkit.fluxcd.io/v1",
            "kind": "GitRepository",
            "metadata": {"name": "control", "namespace": "flux-system"},
            "status": {"artifact": artifact}
        })
    }

    #[test]
    fn the_artifact_is_read_as_flux_writes_it() {
        let obj = git_repository(json!({
            "url": "http://source-controller.flux-system.svc.cluster.local./gitrepository/flux-system/control/abc.tar.gz",
            "digest": "sha256:0123",
            "revision": "main@sha1:abc",
            "size": 1234,
            "lastUpdateTime": "2026-01-01T00:00:00Z",
            "path": "gitrepository/flux-system/control/abc.tar.gz"
        }));
        let a = artifact_of(&obj, "GitRepository flux-system/control").expect("artifact");
        assert_eq!(a.digest, "sha256:0123");
        assert_eq!(a.revision, "main@sha1:abc");
        assert_eq!(a.size, Some(1234));
        // Flux v1's checksum, without the algorithm.
        let old = git_repository(json!({"url": "http://x/a.tar.gz", "checksum": "ff"}));
        let a = artifact_of(&old, "x").expect("artifact");
        assert_eq!(
            (a.digest.as_str(), a.revision.as_str()),
            ("sha256:ff", "sha256:ff")
        );
        // Nothing verifiable, nothing to download.
        let bare = git_repository(json!({"url": "http://x/a.tar.gz"}));
        let err = artifact_of(&bare, "x").expect_err("no digest");
        assert_eq!(err.reason(), "ArtifactFailed");
    }

    #[test]
    fn a_source_without_an_artifact_is_not_ready_and_says_why() {
        let obj = json!({"status": {"conditions": [
            {"type": "Ready", "status": "False", "message": "failed to checkout: auth required"}
        ]}});
        let err = artifact_of(&obj, "GitRepository a/b").expect_err("not ready");
        assert_eq!(err.reason(), "SourceNotReady");
        assert!(err.to_string().contains("auth required"), "{err}");
        let err = artifact_of(&json!({}), "GitRepository a/b").expect_err("no status");
        assert_eq!(err.reason(), "SourceNotReady");
    }

    #[test]
    fn only_flux_source_api_versions_are_taken() {
        let mut r = FluxSourceRef {
            api_version: None,
            kind: FluxSourceKind::OciRepository,
            name: "env".into(),
            namespace: None,
        };
        assert_eq!(
            group_version(&r).expect("default"),
            ("source.toolkit.fluxcd.io".into(), "v1".into())
        );
        r.api_version = Some("source.toolkit.fluxcd.io/v1beta2".into());
        assert_eq!(group_version(&r).expect("beta").1, "v1beta2");
        r.api_version = Some("apps/v1".into());
        assert!(group_version(&r).is_err());
        assert_eq!(describe(&r, "team-a"), "OCIRepository team-a/env");
    }

    /// Serves `body` once per connection on loopback, as source-controller's
    /// file server would.
    async fn serve(body: Vec<u8>) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            while let Ok((mut sock, _)) = listener.accept().await {
                let mut buf = [0u8; 4096];
                let _ = sock.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = sock.write_all(head.as_bytes()).await;
                let _ = sock.write_all(&body).await;
            }
        });
        format!("http://{addr}/gitrepository/flux-system/control/abc.tar.gz")
    }

    fn environment() -> Vec<u8> {
        let src = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(src.path().join("manifests")).expect("mkdir");
        std::fs::write(
            src.path().join("manifests/site.pp"),
            "notify { 'from flux': }\n",
        )
        .expect("write");
        kuppet_artifact::pack(src.path()).expect("packs")
    }

    #[tokio::test]
    async fn a_new_digest_is_downloaded_verified_and_loaded_once() {
        let body = environment();
        let digest = kuppet_artifact::sha256_digest(&body);
        let url = serve(body.clone()).await;
        let cache = tempfile::tempdir().expect("tempdir");
        let envs = Arc::new(Environments::new(cache.path(), Default::default()));
        let artifact = Artifact {
            url: url.clone(),
            digest: digest.clone(),
            revision: "main@sha1:abc".into(),
            size: Some(body.len() as u64),
        };
        let rev = poll(&envs, &artifact, ".", None)
            .await
            .expect("polls")
            .expect("a revision");
        assert_eq!(rev.revision, "main@sha1:abc");
        let compiled = rev
            .code
            .compile("n1", serde_json::Map::new())
            .expect("compiles");
        assert!(compiled.catalog.resource("Notify[from flux]").is_some());
        // The same digest and revision: nothing to do.
        let last = Some((digest.as_str(), "main@sha1:abc"));
        let again = poll(&envs, &artifact, ".", last).await;
        assert!(matches!(again, Ok(None)), "{again:?}");
        // A status whose digest does not match what is served.
        let lying = Artifact {
            digest: format!("sha256:{}", "0".repeat(64)),
            ..artifact.clone()
        };
        let err = poll(&envs, &lying, ".", last).await.expect_err("mismatch");
        assert_eq!(err.reason(), "DigestMismatch", "{err}");
        // A new revision that claims the old digest is fetched and checked.
        let replayed = Artifact {
            revision: "main@sha1:def".into(),
            ..artifact.clone()
        };
        let got = poll(&envs, &replayed, ".", last).await.expect("polls");
        assert_eq!(got.map(|r| r.revision).as_deref(), Some("main@sha1:def"));
        // The size cap, whether the status tells the size or not.
        let small = Arc::new(Environments::new(
            cache.path().join("small"),
            kuppet_artifact::Caps {
                max_bytes: 16,
                max_entries: 100,
            },
        ));
        let err = poll(&small, &artifact, ".", None)
            .await
            .expect_err("too large");
        assert!(err.to_string().contains("too large"), "{err}");
        let unsized_ = Artifact {
            size: None,
            ..artifact.clone()
        };
        let err = poll(&small, &unsized_, ".", None)
            .await
            .expect_err("too large");
        assert!(err.to_string().contains("too large"), "{err}");
    }

    #[tokio::test]
    async fn an_unreachable_server_is_named() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        drop(listener);
        let artifact = Artifact {
            url: format!("http://127.0.0.1:{port}/a.tar.gz"),
            digest: "sha256:00".into(),
            revision: "r".into(),
            size: None,
        };
        let cache = tempfile::tempdir().expect("tempdir");
        let envs = Arc::new(Environments::new(cache.path(), Default::default()));
        let err = poll(&envs, &artifact, ".", None)
            .await
            .expect_err("nothing there");
        assert_eq!(err.reason(), "ArtifactUnreachable", "{err}");
    }
}
