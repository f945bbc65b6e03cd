//! Manifests whose code is an environment from an OCI artifact or a Flux
//! source (`spec.code`): what the planner knows of each ([`CodeState`]:
//! the last revision that loaded, the last attempt and its failure) and the
//! poll that keeps it current (`oci::poll` on the Manifest's interval, pull
//! secrets from its `secretRef`; `flux::poll` of the source's advertised
//! artifact). The planner compiles nodes from the last good revision only:
//! a failed one leaves them on it.

use crate::cli::code::Code;
use crate::k8s::crd::Manifest;
use crate::k8s::sources::{Environments, SourceError, flux, oci};
use crate::registry::Access;
use kube::ResourceExt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One revision of a Manifest's environment that loaded.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// `org.opencontainers.image.revision`, else the digest.
    pub revision: String,
    /// The artifact's digest (an OCI manifest's, a Flux tarball's).
    pub digest: String,
    /// The digest of the tarball unpacked in the artifact cache.
    pub layer_digest: String,
    pub code: Arc<Code>,
}

/// What the controller knows of one Manifest's `spec.code`.
#[derive(Debug, Clone, Default)]
pub struct CodeState {
    /// The last revision that loaded: what nodes are compiled from.
    pub loaded: Option<Loaded>,
    /// The revision (or URL, when no revision was had) last tried.
    pub attempted: Option<String>,
    /// The last attempt's failure: (reason, message). Cleared by a success.
    pub error: Option<(&'static str, String)>,
    /// The `spec.code` this state is for (a changed URL or path starts over).
    pub spec_key: String,
}

impl CodeState {
    /// Records a fetched revision.
    pub fn succeeded(&mut self, loaded: Loaded) {
        self.attempted = Some(loaded.revision.clone());
        self.error = None;
        self.loaded = Some(loaded);
    }

    /// Records a failed attempt; the last good revision stays.
    pub fn failed(&mut self, attempted: &str, e: &SourceError) {
        self.attempted = Some(attempted.to_string());
        self.error = Some((e.reason(), e.to_string()));
    }
}

/// What identifies a Manifest's `spec.code` (url or source, and path): a
/// change forgets what was fetched for the old one.
pub fn spec_key(m: &Manifest) -> Option<String> {
    let code = m.spec.code.as_ref()?;
    let path = code.path.as_deref().unwrap_or(".");
    match (&code.oci, &code.source_ref) {
        (Some(oci), _) => Some(format!("{}#{path}#{}", oci.url, oci.insecure)),
        (None, Some(r)) => Some(format!(
            "{}#{}#{path}",
            r.api_version
                .as_deref()
                .unwrap_or(flux::DEFAULT_API_VERSION),
            flux::describe(r, &m.namespace().unwrap_or_default())
        )),
        (None, None) => None,
    }
}

/// The Manifest's poll interval (its `oci.interval`, else a minute; a Flux
/// source's status is read every few seconds); an unparsable one is
/// reported as the Manifest's failure.
pub fn interval(m: &Manifest) -> Result<Duration, String> {
    let Some(code) = m.spec.code.as_ref() else {
        return Ok(oci::DEFAULT_INTERVAL);
    };
    match &code.oci {
        None => Ok(flux::INTERVAL),
        Some(oci) => match oci.interval.as_deref() {
            Some(text) => oci::parse_interval(text),
            None => Ok(oci::DEFAULT_INTERVAL),
        },
    }
}

/// What a poll starts from: the pull credentials of an OCI artifact, or
/// what a Flux source's status advertises.
pub enum PollInput {
    Oci(Result<Option<String>, String>),
    Flux(Result<flux::Artifact, SourceError>),
}

/// The pull credentials of a `kubernetes.io/dockerconfigjson` Secret's
/// `.dockerconfigjson` for `url`'s registry: `user:password`.
pub fn credentials(dockerconfigjson: &str, url: &str) -> Result<String, String> {
    let host = url
        .trim_start_matches("oci://")
        .split('/')
        .next()
        .unwrap_or_default();
    let config: serde_json::Value = serde_json::from_str(dockerconfigjson)
        .map_err(|e| format!("the pull secret's .dockerconfigjson is not JSON: {e}"))?;
    let auths = config
        .get("auths")
        .and_then(|a| a.as_object())
        .ok_or("the pull secret's .dockerconfigjson has no \"auths\"")?;
    let entry = auths
        .iter()
        .find(|(k, _)| {
            let k = k
                .trim_start_matches("https://")
                .trim_start_matches("http://");
            k.split('/').next() == Some(host)
        })
        .map(|(_, v)| v)
        .ok_or_else(|| format!("the pull secret has no credentials for registry {host}"))?;
    if let (Some(u), Some(p)) = (
        entry.get("username").and_then(|v| v.as_str()),
        entry.get("password").and_then(|v| v.as_str()),
    ) {
        return Ok(format!("{u}:{p}"));
    }
    let auth = entry.get("auth").and_then(|v| v.as_str()).ok_or_else(|| {
        format!("the pull secret's entry for {host} has no username/password or auth")
    })?;
    use base64::Engine;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(auth)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .filter(|s| s.contains(':'))
        .ok_or_else(|| {
            format!("the pull secret's auth for {host} is not base64 of user:password")
        })?;
    Ok(decoded)
}

/// One poll of a Manifest's artifact: the new state when something
/// changed (a new revision, or a new failure), None otherwise.
pub async fn poll_one(
    envs: &Arc<Environments>,
    m: &Manifest,
    input: PollInput,
    state: &CodeState,
) -> Option<CodeState> {
    let code = m.spec.code.as_ref()?;
    let path = code.path.as_deref().unwrap_or(".");
    let last = state.loaded.as_ref().map(|l| l.digest.as_str());
    let mut next = state.clone();
    // What a failure names as the attempt: the advertised revision, else
    // the URL or source.
    let (attempt, outcome) = match (input, &code.oci) {
        (PollInput::Oci(creds), Some(oci)) => {
            let url = oci.url.as_str();
            let outcome = match creds {
                Err(why) => Err(SourceError::Unreachable {
                    url: url.to_string(),
                    why: format!("{why} (secretRef of Manifest {})", m.name_any()),
                }),
                Ok(creds) => {
                    let access = Access {
                        creds,
                        insecure: oci.insecure,
                    };
                    oci::poll(envs, url, &access, path, last).await
                }
            };
            (url.to_string(), outcome)
        }
        (PollInput::Flux(artifact), None) => match artifact {
            Ok(a) => {
                // A revision that failed for good (its tarball does not
                // match its digest, or does not load) is not downloaded
                // again until the source advertises another one.
                let failed_for_good = state.attempted.as_deref() == Some(a.revision.as_str())
                    && state.error.as_ref().is_some_and(|(why, _)| {
                        matches!(*why, "DigestMismatch" | "ArtifactFailed")
                    });
                if failed_for_good {
                    return None;
                }
                let last = state
                    .loaded
                    .as_ref()
                    .map(|l| (l.digest.as_str(), l.revision.as_str()));
                (a.revision.clone(), flux::poll(envs, &a, path, last).await)
            }
            Err(e) => {
                let what = code
                    .source_ref
                    .as_ref()
                    .map(|r| flux::describe(r, &m.namespace().unwrap_or_default()))
                    .unwrap_or_default();
                (what, Err(e))
            }
        },
        // The spec changed kind between reading it and polling: next tick.
        _ => return None,
    };
    match outcome {
        Ok(None) => {
            // Nothing new, and no failure to clear.
            state.error.as_ref()?;
            next.error = None;
            next.attempted = state.loaded.as_ref().map(|l| l.revision.clone());
        }
        Ok(Some(rev)) => next.succeeded(Loaded {
            revision: rev.revision,
            digest: rev.digest,
            layer_digest: rev.layer_digest,
            code: rev.code,
        }),
        Err(e) => {
            let same = state.error.as_ref().map(|(_, msg)| msg) == Some(&e.to_string());
            if same {
                return None;
            }
            next.failed(&attempt, &e);
        }
    }
    Some(next)
}

/// The artifact cache directory when none is given: under the state dir,
/// else the system's temporary directory.
pub fn default_cache(state_dir: Option<&std::path::Path>) -> PathBuf {
    state_dir
        .map(|d| d.join("artifacts"))
        .unwrap_or_else(|| std::env::temp_dir().join("kuppet-artifacts"))
}

/// When a Manifest is due for a poll.
pub fn due(last: Option<Instant>, m: &Manifest) -> bool {
    oci::due(
        last,
        interval(m).unwrap_or(oci::DEFAULT_INTERVAL),
        Instant::now(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pull_credentials_from_a_dockerconfigjson() {
        let both = r#"{"auths":{"registry.example:5000":{"username":"u","password":"p"}}}"#;
        assert_eq!(
            credentials(both, "oci://registry.example:5000/env:v1").as_deref(),
            Ok("u:p")
        );
        // `auth` is base64 of user:password, keys may carry a scheme.
        let auth = r#"{"auths":{"https://ghcr.io":{"auth":"dTpw"}}}"#;
        assert_eq!(
            credentials(auth, "oci://ghcr.io/o/env:v1").as_deref(),
            Ok("u:p")
        );
        let err = credentials(both, "oci://ghcr.io/o/env:v1").expect_err("other host");
        assert!(err.contains("no credentials for registry ghcr.io"), "{err}");
        assert!(credentials("{", "oci://x/y:z").is_err());
        let bad = r#"{"auths":{"ghcr.io":{"auth":"!!"}}}"#;
        assert!(credentials(bad, "oci://ghcr.io/o:v").is_err());
    }

    #[test]
    fn a_failure_keeps_the_last_good_revision() {
        let code = Arc::new(Code {
            label: "env".into(),
            manifests: Vec::new(),
            modulepath: Vec::new(),
            hiera_config: None,
        });
        let mut st = CodeState::default();
        st.succeeded(Loaded {
            revision: "r1".into(),
            digest: "sha256:1".into(),
            layer_digest: "sha256:l1".into(),
            code,
        });
        st.failed("oci://x/y:z", &SourceError::ArtifactFailed("broken".into()));
        assert_eq!(st.loaded.as_ref().map(|l| l.revision.as_str()), Some("r1"));
        assert_eq!(st.error.as_ref().map(|e| e.0), Some("ArtifactFailed"));
        assert_eq!(st.attempted.as_deref(), Some("oci://x/y:z"));
    }
}
