//! ManifestGrants, the admin's policy of who may configure which nodes:
//! which namespaces' Manifests a node's compile takes (targeting and the
//! visibility of definitions) and whether a compiled catalog stays inside
//! the grants of the namespaces whose code declared its resources.
//!
//! Pure: the planner asks, tests build grants with [`ManifestGrant::test`].

use super::plan::{ManifestKey, source_path};
use crate::k8s::crd::{CatalogSource, ManifestGrant};
use kube::ResourceExt;
use kuppet_catalog::{Catalog, Resource};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The `Stalled` reason of a Manifest refused by its grants.
pub const GRANT_EXCEEDED: &str = "GrantExceeded";
/// The `Stalled` reason of a Manifest selecting nodes no grant gives its namespace.
pub const NOT_GRANTED: &str = "NotGranted";

/// Every ManifestGrant of the cluster, or (tests of other concerns only) no
/// policy at all.
#[derive(Clone, Default)]
pub struct Grants {
    grants: Vec<Arc<ManifestGrant>>,
    unrestricted: bool,
}

/// A resource its grants do not allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The Manifest whose code declared the resource.
    pub manifest: ManifestKey,
    /// What was refused, where, and by which grant's rule.
    pub message: String,
}

impl Grants {
    /// The policy made of these grants (sorted by name, so that messages
    /// and fingerprints do not depend on the watch's order).
    pub fn new(mut grants: Vec<Arc<ManifestGrant>>) -> Grants {
        grants.sort_by_key(|g| g.name_any());
        Grants {
            grants,
            unrestricted: false,
        }
    }

    /// No policy: every namespace may do anything anywhere, and definitions
    /// are shared (what kuppet did before grants; for tests of other parts).
    #[cfg(test)]
    pub fn unrestricted() -> Grants {
        Grants {
            grants: Vec::new(),
            unrestricted: true,
        }
    }

    /// The grants of `namespace` that select a node with these labels.
    fn covering<'a>(
        &'a self,
        namespace: &'a str,
        labels: &'a BTreeMap<String, String>,
    ) -> impl Iterator<Item = &'a ManifestGrant> + 'a {
        self.grants
            .iter()
            .map(|g| g.as_ref())
            .filter(move |g| g.spec.namespaces.iter().any(|n| n == namespace))
            .filter(move |g| g.spec.node_selector.matches(labels))
    }

    /// Whether `namespace`'s Manifests may configure a node with these labels.
    pub fn may_target(&self, namespace: &str, labels: &BTreeMap<String, String>) -> bool {
        self.unrestricted || self.covering(namespace, labels).next().is_some()
    }

    /// Whether `namespace`'s definitions are visible to every namespace.
    pub fn shares(&self, namespace: &str) -> bool {
        self.unrestricted
            || self.grants.iter().any(|g| {
                g.spec.share_definitions && g.spec.namespaces.iter().any(|n| n == namespace)
            })
    }

    /// Whether `namespace`'s Manifests may read the Secret `name` of their
    /// own namespace with `kuppet::secret` on a node with these labels: one
    /// grant of the namespace that selects the node names it in `secrets`
    /// (a name or a glob). The error names the grants consulted.
    pub fn may_read_secret(
        &self,
        namespace: &str,
        labels: &BTreeMap<String, String>,
        name: &str,
    ) -> Result<(), String> {
        if self.unrestricted {
            return Ok(());
        }
        let covering: Vec<&ManifestGrant> = self.covering(namespace, labels).collect();
        let allowed = covering.iter().any(|g| {
            g.spec
                .secrets
                .iter()
                .any(|p| p == name || glob::Pattern::new(p).is_ok_and(|pat| pat.matches(name)))
        });
        if allowed {
            return Ok(());
        }
        let names: Vec<String> = covering.iter().map(|g| g.name_any()).collect();
        Err(if names.is_empty() {
            format!("no ManifestGrant gives namespace {namespace} this node")
        } else {
            format!(
                "no ManifestGrant of namespace {namespace} for this node ({}) lists Secret {name} \
                 in spec.secrets: an admin adds it (or a glob matching it) to allow it",
                names.join(", ")
            )
        })
    }

    /// Feeds what the policy decides to a compile's input key: a changed
    /// grant recompiles the nodes.
    pub fn hash_into(&self, hasher: &mut impl Hasher) {
        self.unrestricted.hash(hasher);
        for g in &self.grants {
            g.name_any().hash(hasher);
            serde_json::to_string(&g.spec)
                .unwrap_or_default()
                .hash(hasher);
        }
    }

    /// The resources of a node's catalog that the grants of the namespace
    /// that declared them (by their `file`, `<namespace>/<name>.pp`) do not
    /// allow. A resource is allowed when one grant of its namespace that
    /// selects the node allows both its type and its path.
    #[cfg(test)]
    pub fn check(
        &self,
        catalog: &Catalog,
        node: &str,
        labels: &BTreeMap<String, String>,
        sources: &[CatalogSource],
    ) -> Vec<Violation> {
        self.check_owned(catalog, node, labels, sources, None)
    }

    /// [`Grants::check`] where `environment` (an index into `sources`) is
    /// the Manifest whose `spec.code` supplies the compile's environment:
    /// every resource declared in a file that is no inline Manifest's
    /// (the environment's manifests and modules) answers to its grants.
    pub fn check_owned(
        &self,
        catalog: &Catalog,
        node: &str,
        labels: &BTreeMap<String, String>,
        sources: &[CatalogSource],
        environment: Option<usize>,
    ) -> Vec<Violation> {
        if self.unrestricted {
            return Vec::new();
        }
        let mut out: Vec<Violation> = Vec::new();
        for r in &catalog.resources {
            let file = r.file.as_deref().unwrap_or("<unknown>");
            let Some(s) = sources
                .iter()
                .find(|s| s.revision.is_none() && source_path(&s.namespace, &s.name) == file)
                .or_else(|| environment.and_then(|i| sources.get(i)))
            else {
                continue;
            };
            let manifest = (s.namespace.clone(), s.name.clone());
            if out.iter().any(|v| v.manifest == manifest) {
                continue;
            }
            let grants: Vec<&ManifestGrant> = self.covering(&s.namespace, labels).collect();
            let refusals: Vec<String> = grants
                .iter()
                .filter_map(|g| refusal(g, r).map(|why| format!("{}: {why}", rule_name(g))))
                .collect();
            if !grants.is_empty() && refusals.len() < grants.len() {
                continue;
            }
            let at = match r.line {
                Some(line) => format!("(file: {file}, line: {line})"),
                None => format!("(file: {file})"),
            };
            let why = if grants.is_empty() {
                format!(
                    "no ManifestGrant gives namespace {} node {node}",
                    s.namespace
                )
            } else {
                refusals.join("; ")
            };
            out.push(Violation {
                manifest,
                message: format!(
                    "{} on node {node} is outside the grants of namespace {}: {why}; ask an admin to extend a ManifestGrant, or remove the resource {at}",
                    r.reference(),
                    s.namespace
                ),
            });
        }
        out
    }
}

fn rule_name(g: &ManifestGrant) -> String {
    format!("ManifestGrant {}", g.name_any())
}

/// Why one grant does not allow a resource, naming the rule; none when it does.
fn refusal(g: &ManifestGrant, r: &Resource) -> Option<String> {
    let spec = &g.spec;
    // Classes, defined types and stages are containers: what they declare
    // is checked on its own.
    let native = r.kind.as_deref() == Some("compilable_type") && r.type_name != "Stage";
    let type_name = r.type_name.to_ascii_lowercase();
    if native
        && !spec.resource_types.is_empty()
        && !spec
            .resource_types
            .iter()
            .any(|t| t.eq_ignore_ascii_case(&type_name))
    {
        return Some(format!(
            "spec.resourceTypes allows {}, not {type_name}",
            spec.resource_types.join(", ")
        ));
    }
    if native && !spec.path_prefixes.is_empty() && matches!(type_name.as_str(), "file" | "tidy") {
        let path = r
            .parameters
            .get("path")
            .and_then(|v| v.as_str())
            .unwrap_or(&r.title);
        if !spec.path_prefixes.iter().any(|p| under(path, p)) {
            return Some(format!(
                "spec.pathPrefixes allows {}, not {path}",
                spec.path_prefixes.join(", ")
            ));
        }
    }
    None
}

/// Whether `path` is `prefix` or inside it, component by component; a path
/// with `.` or `..` components, or a relative one, is inside nothing.
fn under(path: &str, prefix: &str) -> bool {
    let components = |p: &str| -> Option<Vec<String>> {
        if !p.starts_with('/') {
            return None;
        }
        let parts: Vec<String> = p
            .split('/')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        (!parts.iter().any(|c| c == "." || c == "..")).then_some(parts)
    };
    match (components(path), components(prefix)) {
        (Some(path), Some(prefix)) => path.starts_with(&prefix),
        _ => false,
    }
}

#[cfg(test)]
impl ManifestGrant {
    /// A grant named `name` for `namespaces`, on every node, of everything.
    pub fn test(name: &str, namespaces: &[&str]) -> ManifestGrant {
        ManifestGrant::new(
            name,
            crate::k8s::crd::ManifestGrantSpec {
                namespaces: namespaces.iter().map(|n| n.to_string()).collect(),
                node_selector: Default::default(),
                resource_types: Vec::new(),
                path_prefixes: Vec::new(),
                secrets: Vec::new(),
                share_definitions: false,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::crd::ManifestGrant;

    fn file(path: &str, source: &str) -> Resource {
        serde_json::from_value(serde_json::json!({
            "type": "File", "title": path, "file": source, "line": 3, "kind": "compilable_type",
        }))
        .expect("a resource")
    }

    fn catalog(resources: Vec<Resource>) -> Catalog {
        serde_json::from_value(serde_json::json!({"name": "n1", "resources": resources}))
            .expect("a catalog")
    }

    fn source(ns: &str, name: &str) -> CatalogSource {
        CatalogSource {
            namespace: ns.into(),
            name: name.into(),
            generation: 1,
            selected: true,
            revision: None,
        }
    }

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn paths_are_compared_by_component() {
        assert!(under("/etc/team-a", "/etc/team-a"));
        assert!(under("/etc/team-a/x.conf", "/etc/team-a/"));
        assert!(!under("/etc/team-ab", "/etc/team-a"));
        assert!(!under("/etc/team-a/../passwd", "/etc/team-a"));
        assert!(!under("etc/team-a/x", "/etc/team-a"));
        assert!(under("/anything", "/"));
    }

    #[test]
    fn a_namespace_targets_only_the_nodes_its_grants_select() {
        let mut g = ManifestGrant::test("team-a", &["team-a"]);
        g.spec.node_selector.match_labels = labels(&[("team", "a")]);
        let grants = Grants::new(vec![Arc::new(g)]);
        assert!(grants.may_target("team-a", &labels(&[("team", "a")])));
        assert!(!grants.may_target("team-a", &labels(&[("team", "b")])));
        assert!(!grants.may_target("team-b", &labels(&[("team", "a")])));
        assert!(!Grants::new(Vec::new()).may_target("admin", &BTreeMap::new()));
        assert!(!grants.shares("team-a"));
    }

    #[test]
    fn resources_beyond_every_grant_are_refused_naming_the_rules() {
        let mut paths = ManifestGrant::test("team-a-files", &["team-a"]);
        paths.spec.path_prefixes = vec!["/etc/team-a".into()];
        paths.spec.resource_types = vec!["file".into()];
        let grants = Grants::new(vec![Arc::new(paths)]);
        let sources = [source("team-a", "m"), source("admin", "base")];
        let mut exec = file("/bin/true", "team-a/m.pp");
        exec.type_name = "Exec".into();
        let mut class = file("Team_a", "team-a/m.pp");
        class.type_name = "Class".into();
        class.kind = None;
        let ok = catalog(vec![class, file("/etc/team-a/x.conf", "team-a/m.pp")]);
        assert_eq!(grants.check(&ok, "n1", &BTreeMap::new(), &sources), vec![]);

        let v = grants.check(
            &catalog(vec![file("/etc/passwd", "team-a/m.pp")]),
            "n1",
            &BTreeMap::new(),
            &sources,
        );
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].manifest, ("team-a".into(), "m".into()));
        assert!(
            v[0].message.contains(
                "ManifestGrant team-a-files: spec.pathPrefixes allows /etc/team-a, not /etc/passwd"
            ),
            "{}",
            v[0].message
        );
        assert!(v[0].message.contains("(file: team-a/m.pp, line: 3)"));

        let v = grants.check(&catalog(vec![exec]), "n1", &BTreeMap::new(), &sources);
        assert!(
            v[0].message
                .contains("spec.resourceTypes allows file, not exec"),
            "{}",
            v[0].message
        );

        // The admin namespace has no grant: nothing it declares passes.
        let v = grants.check(
            &catalog(vec![file("/etc/motd", "admin/base.pp")]),
            "n1",
            &BTreeMap::new(),
            &sources,
        );
        assert!(
            v[0].message
                .contains("no ManifestGrant gives namespace admin node n1")
        );
    }

    #[test]
    fn one_grant_allowing_the_resource_is_enough() {
        let mut narrow = ManifestGrant::test("narrow", &["team-a"]);
        narrow.spec.path_prefixes = vec!["/etc/team-a".into()];
        let mut wide = ManifestGrant::test("wide", &["team-a"]);
        wide.spec.node_selector.match_labels = labels(&[("role", "lab")]);
        let grants = Grants::new(vec![Arc::new(narrow), Arc::new(wide)]);
        let catalog = catalog(vec![file("/etc/passwd", "team-a/m.pp")]);
        let sources = [source("team-a", "m")];
        let lab = labels(&[("role", "lab")]);
        assert!(grants.check(&catalog, "lab", &lab, &sources).is_empty());
        assert_eq!(
            grants
                .check(&catalog, "prod", &BTreeMap::new(), &sources)
                .len(),
            1
        );
    }

    #[test]
    fn secrets_are_readable_only_as_a_grant_for_the_node_lists_them() {
        let mut g = ManifestGrant::test("team-a", &["team-a"]);
        g.spec.node_selector.match_labels = labels(&[("team", "a")]);
        g.spec.secrets = vec!["db-password".into(), "app-*".into()];
        let mut other = ManifestGrant::test("team-a-everywhere", &["team-a"]);
        other.spec.secrets = vec!["shared".into()];
        let grants = Grants::new(vec![Arc::new(g), Arc::new(other)]);
        let a = labels(&[("team", "a")]);
        assert_eq!(grants.may_read_secret("team-a", &a, "db-password"), Ok(()));
        assert_eq!(grants.may_read_secret("team-a", &a, "app-tls"), Ok(()));
        assert_eq!(grants.may_read_secret("team-a", &a, "shared"), Ok(()));
        let denied = grants
            .may_read_secret("team-a", &a, "root-ca")
            .expect_err("not listed");
        assert!(denied.contains("team-a, team-a-everywhere"), "{denied}");
        assert!(denied.contains("root-ca"), "{denied}");
        // The grant listing db-password does not select team b's nodes.
        let b = labels(&[("team", "b")]);
        assert!(grants.may_read_secret("team-a", &b, "db-password").is_err());
        assert_eq!(grants.may_read_secret("team-a", &b, "shared"), Ok(()));
        // Another namespace: none of these grants.
        let err = grants
            .may_read_secret("team-b", &a, "shared")
            .expect_err("not its grant");
        assert!(
            err.contains("no ManifestGrant gives namespace team-b"),
            "{err}"
        );
        // The default: a grant without `secrets` allows none.
        let none = Grants::new(vec![Arc::new(ManifestGrant::test("x", &["x"]))]);
        assert!(none.may_read_secret("x", &a, "anything").is_err());
    }
}
