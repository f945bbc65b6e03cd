//! The I/O of Manifests' `spec.code`: the loop that polls each artifact
//! on its interval (OCI registries, Flux sources), the restart path that
//! loads a rollout's stable revision again, and the reads it needs (a Flux
//! source's status, a pull secret). What a poll decides lives in
//! [`super::code`].

use super::{Context, code, plan};
use crate::k8s::crd::Manifest;
use crate::k8s::sources::Environments;
use futures::channel::mpsc;
use kube::api::Api;
use kube::{Client, ResourceExt};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How often the poll loop looks for Manifests whose artifact is due.
const CODE_TICK: Duration = Duration::from_secs(1);

/// Polls each Manifest's `spec.code` artifact on its interval (and at once
/// when its URL or path changes); a new revision recompiles every node, a
/// new failure updates the Manifest's status. Polls run one at a time.
pub(super) async fn poll_code(
    ctx: Arc<Context>,
    envs: Arc<Environments>,
    all_tx: mpsc::UnboundedSender<()>,
) {
    if ctx.stores.ready().await.is_err() {
        return;
    }
    let mut last: HashMap<plan::ManifestKey, (std::time::Instant, String)> = HashMap::new();
    loop {
        let manifests = ctx.stores.manifests.state();
        last.retain(|k, _| {
            manifests
                .iter()
                .any(|m| (m.namespace().unwrap_or_default(), m.name_any()) == *k)
        });
        for m in manifests {
            let Some(spec_key) = code::spec_key(&m) else {
                continue;
            };
            let key = (m.namespace().unwrap_or_default(), m.name_any());
            let prior = last.get(&key);
            let changed = prior.is_none_or(|(_, k)| *k != spec_key);
            if !changed && !code::due(prior.map(|(at, _)| *at), &m) {
                continue;
            }
            last.insert(key.clone(), (std::time::Instant::now(), spec_key.clone()));
            let mut state = ctx.planner.code_state(&key).unwrap_or_default();
            if state.spec_key != spec_key {
                state = code::CodeState {
                    spec_key,
                    ..Default::default()
                };
            }
            let next = match code::interval(&m) {
                Err(why) => {
                    let mut s = state.clone();
                    s.error = Some(("InvalidInterval", format!("spec.code.oci.interval: {why}")));
                    Some(s)
                }
                Ok(_) => {
                    let input = match m.spec.code.as_ref().and_then(|c| c.source_ref.as_ref()) {
                        Some(r) => code::PollInput::Flux(flux_artifact(&ctx.client, &m, r).await),
                        None => code::PollInput::Oci(pull_credentials(&ctx.client, &m).await),
                    };
                    code::poll_one(&envs, &m, input, &state).await
                }
            };
            let Some(next) = next else { continue };
            let new_revision =
                next.loaded.as_ref().map(|l| &l.digest) != state.loaded.as_ref().map(|l| &l.digest);
            match (&next.error, &next.loaded) {
                (Some((reason, message)), _) => {
                    tracing::warn!(manifest = %format!("{}/{}", key.0, key.1), reason, error = %message, "the Manifest's artifact failed; nodes keep the last good revision")
                }
                (None, Some(l)) => {
                    tracing::info!(manifest = %format!("{}/{}", key.0, key.1), revision = %l.revision, digest = %l.digest, "the Manifest's artifact loaded")
                }
                (None, None) => {}
            }
            ctx.planner.set_code_state(key.clone(), next);
            if restore_stable_code(&ctx, &envs, &m, &key).await {
                let _ = all_tx.unbounded_send(());
            }
            if new_revision {
                let _ = all_tx.unbounded_send(());
                // Only the revisions nodes are compiled from stay cached.
                let keep = ctx.planner.loaded_layer_digests();
                let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
                if let Err(e) = envs.retain(&keep) {
                    tracing::warn!(error = %e, "could not clean the artifact cache");
                }
            }
            ctx.status_dirty.notify_one();
        }
        tokio::time::sleep(CODE_TICK).await;
    }
}

/// A restarted controller's rollout of a Manifest with `spec.code`: the
/// stable revision its status names, loaded again from the artifact cache,
/// else (an OCI artifact) pulled again by its digest. Until then the Nodes
/// the rollout has not reached keep the catalogs they hold. Whether it
/// loaded (every node is to be planned again).
async fn restore_stable_code(
    ctx: &Context,
    envs: &Arc<Environments>,
    m: &Manifest,
    key: &plan::ManifestKey,
) -> bool {
    let (Some(code), Some(_)) = (&m.spec.code, &m.spec.rollout) else {
        return false;
    };
    if ctx.planner.stable_code(key).is_some() {
        return false;
    }
    let Some(kept) = m.status.as_ref().and_then(|s| s.rollout.as_ref()) else {
        return false;
    };
    let (Some(digest), Some(layer)) = (&kept.stable_digest, &kept.stable_layer_digest) else {
        return false;
    };
    let path = code.path.as_deref().unwrap_or(".");
    let cached = {
        let (envs, layer, path) = (envs.clone(), layer.clone(), path.to_string());
        tokio::task::spawn_blocking(move || envs.load_cached(&layer, &path))
            .await
            .ok()
            .flatten()
    };
    let loaded = match (cached, &code.oci) {
        (Some(Ok(c)), _) => Ok(c),
        (Some(Err(e)), _) => Err(e.to_string()),
        (None, Some(oci)) => {
            let url = crate::k8s::sources::oci::pin(&oci.url, digest);
            match pull_credentials(&ctx.client, m).await {
                Err(why) => Err(why),
                Ok(creds) => {
                    let access = crate::registry::Access {
                        creds,
                        insecure: oci.insecure,
                    };
                    crate::k8s::sources::oci::fetch(envs, &url, &access, path)
                        .await
                        .map(|rev| rev.code)
                        .map_err(|e| e.to_string())
                }
            }
        }
        (None, None) => Err("a Flux source serves only its latest artifact".to_string()),
    };
    match loaded {
        Ok(code) => {
            tracing::info!(manifest = %format!("{}/{}", key.0, key.1), digest = %digest, "the rollout's stable revision loaded again");
            ctx.planner.record_stable_code(
                m,
                &code::Loaded {
                    revision: kept
                        .stable_revision
                        .clone()
                        .unwrap_or_else(|| digest.clone()),
                    digest: digest.clone(),
                    layer_digest: layer.clone(),
                    code,
                },
            );
            true
        }
        Err(why) => {
            tracing::warn!(manifest = %format!("{}/{}", key.0, key.1), digest = %digest, error = %why, "the rollout's stable revision cannot be loaded again: the nodes not reached keep their catalogs");
            false
        }
    }
}

/// What the Flux source a Manifest's `spec.code.sourceRef` names
/// advertises in its status: read with the controller's `get` on Flux's
/// source kinds.
pub(crate) async fn flux_artifact(
    client: &Client,
    m: &Manifest,
    r: &crate::k8s::crd::FluxSourceRef,
) -> Result<crate::k8s::sources::flux::Artifact, crate::k8s::sources::SourceError> {
    use crate::k8s::sources::{SourceError, flux};
    let own = m.namespace().unwrap_or_default();
    let what = flux::describe(r, &own);
    let (group, version) = flux::group_version(r)?;
    let resource = kube::discovery::ApiResource {
        api_version: format!("{group}/{version}"),
        group,
        version,
        kind: r.kind.as_str().to_string(),
        plural: r.kind.plural().to_string(),
    };
    let ns = r.namespace.clone().unwrap_or(own);
    let api: Api<kube::api::DynamicObject> = Api::namespaced_with(client.clone(), &ns, &resource);
    let object = match api.get_opt(&r.name).await {
        Ok(Some(o)) => o,
        Ok(None) => {
            return Err(SourceError::SourceNotFound(format!(
                "{what} does not exist (or Flux's source CRDs are not installed): create it or fix spec.code.sourceRef"
            )));
        }
        Err(kube::Error::Api(e)) if e.code == 403 => {
            return Err(SourceError::Unreachable {
                url: what,
                why: format!(
                    "the controller may not read it ({}): its ClusterRole needs get on {}.source.toolkit.fluxcd.io",
                    e.message,
                    r.kind.plural()
                ),
            });
        }
        Err(e) => {
            return Err(SourceError::Unreachable {
                url: what,
                why: e.to_string(),
            });
        }
    };
    let value = serde_json::to_value(&object)
        .map_err(|e| SourceError::ArtifactFailed(format!("{what}: {e}")))?;
    flux::artifact_of(&value, &what)
}

/// The pull credentials of a Manifest's `spec.code.oci.secretRef`: read
/// with the controller's own `get` on Secrets, from the Manifest's
/// namespace.
pub(crate) async fn pull_credentials(
    client: &Client,
    m: &Manifest,
) -> Result<Option<String>, String> {
    let Some(code) = &m.spec.code else {
        return Ok(None);
    };
    let Some(oci) = &code.oci else {
        return Ok(None);
    };
    let Some(secret) = &oci.secret_ref else {
        return Ok(None);
    };
    let ns = m.namespace().unwrap_or_default();
    let api: Api<k8s_openapi::api::core::v1::Secret> = Api::namespaced(client.clone(), &ns);
    let got = api
        .get_opt(&secret.name)
        .await
        .map_err(|e| format!("could not read Secret {ns}/{}: {e}", secret.name))?
        .ok_or_else(|| {
            format!(
                "Secret {ns}/{} does not exist: create it or fix spec.code.oci.secretRef",
                secret.name
            )
        })?;
    let bytes = got
        .data
        .as_ref()
        .and_then(|d| d.get(".dockerconfigjson"))
        .ok_or_else(|| format!("Secret {ns}/{} has no .dockerconfigjson: create it with kubectl create secret docker-registry", secret.name))?;
    let text = std::str::from_utf8(&bytes.0).map_err(|_| {
        format!(
            "Secret {ns}/{}'s .dockerconfigjson is not UTF-8",
            secret.name
        )
    })?;
    code::credentials(text, &oci.url).map(Some)
}
