//! What the controller's watch caches keep of each object: what its
//! decisions read, not the whole object. A fleet of thousands of nodes
//! would otherwise hold every NodeCatalog's catalog (and every object's
//! managedFields) in memory twice over.
//!
//! - NodeCatalogs: the spec's digest, noop flag and sources (which Manifest
//!   generations it holds) and the agent's status; never the catalog, the
//!   compressed catalog, the files or the content list.
//! - Nodes: name, uid, labels and the status fields compiles read
//!   (`nodeInfo`, addresses) and `spec.providerID`; not images,
//!   conditions, taints or volumes.
//! - Every kind: no managedFields, no last-applied annotation.
//!
//! [`CatalogId`] is what the controller remembers of a spec it wrote or
//! compiled: enough to tell whether a NodeCatalog holds it.

use crate::k8s::crd::{CatalogSource, NodeCatalog, NodeCatalogSpec};
use k8s_openapi::api::core::v1::{Node, NodeSpec, NodeStatus};
use kube::api::ObjectMeta;

/// What tells one NodeCatalog spec from another: its digest (over the
/// catalog, noop and files) and the Manifest generations it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogId {
    pub digest: String,
    pub sources: Vec<CatalogSource>,
}

impl CatalogId {
    pub fn of(spec: &NodeCatalogSpec) -> CatalogId {
        CatalogId {
            digest: spec.digest.clone(),
            sources: spec.sources.clone(),
        }
    }

    /// Whether the NodeCatalog holds this spec (same catalog, same sources).
    pub fn held_by(&self, c: &NodeCatalog) -> bool {
        c.spec.digest == self.digest && c.spec.sources == self.sources
    }
}

/// Drops what no decision reads from any object's metadata.
pub fn strip_meta(meta: &mut ObjectMeta) {
    meta.managed_fields = None;
    if let Some(a) = meta.annotations.as_mut() {
        a.remove("kubectl.kubernetes.io/last-applied-configuration");
        if a.is_empty() {
            meta.annotations = None;
        }
    }
}

/// A NodeCatalog as the controller's cache keeps it: digest, noop,
/// sources and status; no catalog.
pub fn strip_catalog(c: &mut NodeCatalog) {
    strip_meta(&mut c.metadata);
    c.spec.catalog = None;
    c.spec.compressed_catalog = None;
    c.spec.files = None;
    c.spec.content = Vec::new();
}

/// A Node as the controller's cache keeps it: what compiles and selectors
/// read.
pub fn strip_node(n: &mut Node) {
    strip_meta(&mut n.metadata);
    n.spec = n.spec.take().map(|s| NodeSpec {
        provider_id: s.provider_id,
        ..Default::default()
    });
    n.status = n.status.take().map(|s| NodeStatus {
        node_info: s.node_info,
        addresses: s.addresses,
        ..Default::default()
    });
}

/// Any other kind: only its metadata is trimmed.
pub fn strip_object<K: kube::Resource>(o: &mut K) {
    strip_meta(o.meta_mut());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::controller::fixtures::{self, node};
    use crate::k8s::crd::{Manifest, NodeFacts};
    use futures::StreamExt;
    use kube::ResourceExt;
    use kube::runtime::reflector::{self, ObjectRef};
    use kube::runtime::{WatchStreamExt, watcher};
    use std::collections::BTreeMap;
    use std::sync::Arc;

    fn managed() -> Vec<k8s_openapi::apimachinery::pkg::apis::meta::v1::ManagedFieldsEntry> {
        vec![
            k8s_openapi::apimachinery::pkg::apis::meta::v1::ManagedFieldsEntry {
                manager: Some("kuppet-controller".into()),
                operation: Some("Apply".into()),
                ..Default::default()
            },
        ]
    }

    /// A NodeCatalog as the API server sends it: catalog, files, content,
    /// managedFields.
    fn full_catalog(name: &str) -> NodeCatalog {
        let (planner, _) = fixtures::planner();
        let m = Arc::new(Manifest::test("default", "motd", "file /etc/motd hello"));
        let spec = match planner.plan(&node(name, &[]), Some(&NodeFacts::test(name)), &[m], None) {
            crate::k8s::controller::plan::Plan::Write(spec) => spec,
            other => panic!("expected a catalog, got {other:?}"),
        };
        let mut c = NodeCatalog::test(name, &spec, 1).applied(0);
        assert!(c.spec.catalog.is_some(), "the fixture has its catalog");
        c.spec.files = Some("H4sI...".into());
        c.spec.content = vec![crate::k8s::crd::ContentRef {
            path: "m/files/big".into(),
            sha256: "ab".repeat(32),
            size: 1 << 20,
            mode: 0o644,
        }];
        c.metadata.managed_fields = Some(managed());
        c
    }

    #[tokio::test]
    async fn the_catalog_store_never_holds_a_catalog() {
        let (store, writer) = reflector::store::<NodeCatalog>();
        let objects: Vec<NodeCatalog> = (0..50).map(|i| full_catalog(&format!("n-{i}"))).collect();
        let expected: Vec<(String, String, usize)> = objects
            .iter()
            .map(|c| (c.name_any(), c.spec.digest.clone(), c.spec.sources.len()))
            .collect();
        let status = objects[0].status.clone();
        let mut events = vec![Ok(watcher::Event::Init)];
        events.extend(
            objects
                .iter()
                .cloned()
                .map(|c| Ok(watcher::Event::InitApply(c))),
        );
        events.push(Ok(watcher::Event::InitDone));
        // A later write of one of them, as a watch event.
        events.push(Ok(watcher::Event::Apply(full_catalog("n-7"))));
        let stream = futures::stream::iter(events)
            .modify(strip_catalog)
            .reflect(writer);
        let seen: Vec<_> = stream.collect().await;
        assert_eq!(seen.len(), 53);
        assert_eq!(store.len(), 50);
        for (name, digest, sources) in expected {
            let c = store.get(&ObjectRef::new(&name)).expect("kept");
            assert_eq!(c.spec.digest, digest, "the digest decides writes");
            assert_eq!(c.spec.sources.len(), sources);
            assert!(c.spec.catalog.is_none(), "{name}: no catalog");
            assert!(c.spec.compressed_catalog.is_none());
            assert!(c.spec.files.is_none());
            assert!(c.spec.content.is_empty());
            assert!(c.metadata.managed_fields.is_none());
        }
        let kept = store.get(&ObjectRef::new("n-0")).expect("kept");
        assert_eq!(kept.status, status, "the agent's status stays");
        let held = serde_json::to_string(&*kept).expect("serializes");
        let full = serde_json::to_string(&full_catalog("n-0")).expect("serializes");
        assert!(
            full.contains("/etc/motd") && !held.contains("/etc/motd"),
            "{held}"
        );
        assert!(held.len() < full.len());
    }

    #[test]
    fn a_node_keeps_what_compiles_read() {
        let mut n = node("web-1", &[("role", "web")]);
        n.metadata.managed_fields = Some(managed());
        n.metadata.annotations = Some(BTreeMap::from([(
            "kubectl.kubernetes.io/last-applied-configuration".to_string(),
            "{}".to_string(),
        )]));
        n.spec = Some(NodeSpec {
            provider_id: Some("aws:///i-1".into()),
            pod_cidr: Some("10.0.0.0/24".into()),
            ..Default::default()
        });
        let info = k8s_openapi::api::core::v1::NodeSystemInfo {
            kernel_version: "6.1".into(),
            ..Default::default()
        };
        n.status = Some(NodeStatus {
            node_info: Some(info.clone()),
            addresses: Some(vec![k8s_openapi::api::core::v1::NodeAddress {
                type_: "InternalIP".into(),
                address: "10.0.0.5".into(),
            }]),
            images: Some(vec![k8s_openapi::api::core::v1::ContainerImage {
                names: Some(vec!["registry/x:1".into()]),
                size_bytes: Some(1),
            }]),
            ..Default::default()
        });
        let facts = NodeFacts::test("web-1");
        let before = crate::k8s::controller::plan::merged_facts(&n, &facts);
        strip_node(&mut n);
        assert_eq!(
            crate::k8s::controller::plan::merged_facts(&n, &facts),
            before,
            "a compile sees the same node"
        );
        assert_eq!(n.labels().get("role").map(String::as_str), Some("web"));
        assert!(n.metadata.managed_fields.is_none());
        assert!(n.metadata.annotations.is_none());
        let status = n.status.as_ref().expect("status");
        assert!(status.images.is_none());
        assert_eq!(status.node_info.as_ref(), Some(&info));
        assert_eq!(
            n.spec.as_ref().and_then(|s| s.pod_cidr.as_deref()),
            None,
            "not read"
        );
    }

    #[test]
    fn a_spec_is_held_by_a_catalog_with_its_digest_and_sources() {
        let c = full_catalog("web-1");
        let id = CatalogId::of(&c.spec);
        let mut stripped = c.clone();
        strip_catalog(&mut stripped);
        assert!(
            id.held_by(&stripped),
            "stripping keeps what the comparison reads"
        );
        let mut other = stripped.clone();
        other.spec.sources[0].generation += 1;
        assert!(!id.held_by(&other), "a new generation is not held");
        let mut other = stripped;
        other.spec.digest = "sha256:00".into();
        assert!(!id.held_by(&other));
    }
}
