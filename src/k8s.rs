//! The Kubernetes side: CRDs, controller, agent, status and Events. The only
//! module that imports kube; nothing else depends on it.
//!
//! - [`crd`]: the Manifest, NodeFacts and NodeCatalog resources;
//! - [`controller`]: Manifests + NodeFacts + Nodes → NodeCatalog specs;
//! - [`agent`]: a node's NodeCatalog → a converged host + NodeCatalog status;
//! - [`codec`]: a catalog's digest and its encoding inside a NodeCatalog;
//! - [`sources`]: environments from OCI artifacts, kept and parsed by digest;
//! - [`preview`]: what candidate Manifests would do to each node's catalog
//!   (`kuppet diff --kubeconfig`), through the controller's planner;
//! - [`status`], [`events`], [`metrics`], [`http`], [`leader`], [`selector`]:
//!   kstatus conditions, Events, Prometheus metrics, the probe endpoint,
//!   Lease-based leader election and Node label selectors.

pub mod agent;
pub mod codec;
pub mod content;
pub mod controller;
pub mod crd;
pub mod events;
pub mod http;
pub mod leader;
pub mod metrics;
pub mod preview;
pub mod seal;
pub mod selector;
pub mod sources;
pub mod status;
#[cfg(test)]
pub mod testing;

use std::path::Path;

/// The server-side apply field manager of the controller.
pub const CONTROLLER_MANAGER: &str = "kuppet-controller";
/// The server-side apply field manager of the agents.
pub const AGENT_MANAGER: &str = "kuppet-agent";
/// kuppet's version, reported by agents.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Why no API client could be made.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("could not read kubeconfig {path}: {message}")]
    Kubeconfig { path: String, message: String },
    #[error(
        "no Kubernetes configuration found (not in a pod, no KUBECONFIG, no ~/.kube/config): {0}"
    )]
    Infer(String),
    #[error("could not build the Kubernetes client: {0}")]
    Build(#[from] kube::Error),
}

/// A client from `--kubeconfig`, else the in-cluster service account or KUBECONFIG.
pub async fn client(kubeconfig: Option<&Path>) -> Result<kube::Client, ClientError> {
    let config = match kubeconfig {
        Some(path) => {
            let kc =
                kube::config::Kubeconfig::read_from(path).map_err(|e| ClientError::Kubeconfig {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })?;
            kube::Config::from_custom_kubeconfig(kc, &Default::default())
                .await
                .map_err(|e| ClientError::Kubeconfig {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })?
        }
        None => kube::Config::infer()
            .await
            .map_err(|e| ClientError::Infer(e.to_string()))?,
    };
    Ok(kube::Client::try_from(config)?)
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
