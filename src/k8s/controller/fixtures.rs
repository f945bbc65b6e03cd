//! Test objects, built the way the API server would return them, and a fake
//! parser and compiler that understand a tiny line language:
//!
//! - `file PATH CONTENT...` declares `File[PATH]` with that content;
//! - `SYNTAX` anywhere makes the parse fail at line 2, column 5;
//! - `FAIL` makes the compile fail in this Manifest at line 1;
//! - `BUDGET` makes it fail with the compiler's `BUDGET_EXCEEDED` there;
//! - `CRASH` crashes the worker when this Manifest's top-level code runs;
//!   `DEFCRASH` when any compile registers it (its classes crash);
//! - `cycle A B` declares `File[A]` and `File[B]` requiring each other, which
//!   the fake graph check reports as Puppet words a dependency cycle.

use super::plan::{CompileFailure, CompileFn, CompileScope, GraphCheckFn, ParseFn, Planner};
use crate::k8s::codec;
use crate::k8s::crd::{
    LabelSelector, LastRun, Manifest, ManifestSpec, NodeCatalog, NodeCatalogSpec,
    NodeCatalogStatus, NodeFacts, NodeFactsSpec, ResourceCounts,
};
use crate::k8s::metrics::ControllerMetrics;
use crate::k8s::status::{self, Wanted, kind};
use k8s_openapi::api::core::v1::{Node, NodeAddress, NodeStatus, NodeSystemInfo};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kuppet_catalog::{Catalog, Resource};
use kuppet_eval::CompileRequest;
use kuppet_syntax as syntax;
use kuppet_syntax::diagnostics::Diagnostic;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A Node named `name` with `labels`, as the API server returns it.
pub fn node(name: &str, labels: &[(&str, &str)]) -> Node {
    Node {
        metadata: ObjectMeta {
            name: Some(name.into()),
            uid: Some(format!("uid-node-{name}")),
            resource_version: Some("1".into()),
            labels: Some(
                labels
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            ),
            ..Default::default()
        },
        spec: None,
        status: Some(NodeStatus {
            addresses: Some(vec![NodeAddress {
                type_: "InternalIP".into(),
                address: "10.0.0.1".into(),
            }]),
            node_info: Some(NodeSystemInfo {
                architecture: "amd64".into(),
                kernel_version: "6.1.0".into(),
                os_image: "Debian GNU/Linux 12 (bookworm)".into(),
                operating_system: "linux".into(),
                ..Default::default()
            }),
            ..Default::default()
        }),
    }
}

impl Manifest {
    /// A Manifest at generation 1 selecting every node.
    pub fn test(namespace: &str, name: &str, source: &str) -> Manifest {
        let mut m = Manifest::new(
            name,
            ManifestSpec {
                source: source.into(),
                code: None,
                node_selector: LabelSelector::default(),
                noop: false,
                rollout: None,
            },
        );
        m.metadata.namespace = Some(namespace.into());
        m.metadata.uid = Some(format!("uid-{namespace}-{name}"));
        m.metadata.generation = Some(1);
        m
    }

    /// Selects only nodes labelled `key=value`.
    pub fn selecting(mut self, key: &str, value: &str) -> Manifest {
        self.spec
            .node_selector
            .match_labels
            .insert(key.into(), value.into());
        self
    }

    /// The next generation, with a new source.
    pub fn edited(mut self, source: &str) -> Manifest {
        self.spec.source = source.into();
        self.metadata.generation = Some(self.metadata.generation.unwrap_or(1) + 1);
        self
    }

    pub fn noop(mut self) -> Manifest {
        self.spec.noop = true;
        self
    }
}

impl NodeFacts {
    /// Facts an agent on a Debian host would report.
    pub fn test(node: &str) -> NodeFacts {
        let facts = serde_json::json!({
            "os": {"family": "Debian", "name": "Debian"},
            "kubernetes": "an agent may not set this",
        });
        let mut f = NodeFacts::new(
            node,
            NodeFactsSpec {
                facts: facts.as_object().cloned().unwrap_or_default(),
                agent_version: "0.1.0".into(),
                seal_key: String::new(),
            },
        );
        f.metadata.uid = Some(format!("uid-facts-{node}"));
        f
    }
}

impl NodeCatalog {
    /// The NodeCatalog the API server returns after the controller wrote `spec`.
    pub fn test(node: &str, spec: &NodeCatalogSpec, generation: i64) -> NodeCatalog {
        let mut c = NodeCatalog::new(node, spec.clone());
        c.metadata.generation = Some(generation);
        c.metadata.uid = Some(format!("uid-catalog-{node}"));
        c
    }

    /// As after the agent applied the current spec, with `failed` failures.
    pub fn applied(mut self, failed: i64) -> NodeCatalog {
        let generation = self.metadata.generation;
        let wanted = vec![Wanted::new(
            kind::READY,
            failed == 0,
            if failed == 0 {
                "Applied"
            } else {
                "ResourcesFailed"
            },
            "",
        )];
        self.status = Some(NodeCatalogStatus {
            observed_generation: generation,
            conditions: status::merge(&[], wanted, generation, "2024-05-01T12:00:00Z"),
            last_run: Some(LastRun {
                time: "2024-05-01T12:00:00Z".into(),
                duration_seconds: 0.5,
                digest: self.spec.digest.clone(),
                outcome: if failed == 0 { "Changed" } else { "Failed" }.into(),
                ..Default::default()
            }),
            resources: Some(ResourceCounts {
                total: 1,
                failed,
                ..Default::default()
            }),
            failed_resources: vec![],
        });
        self
    }
}

/// The fake parser: fails on `SYNTAX`.
pub fn fake_parse() -> ParseFn {
    Arc::new(|path: &str, source: &str| {
        if source.contains("SYNTAX") {
            return Err(Diagnostic::message(format!(
                "Syntax error at '}}' (file: {path}, line: 2, column: 5)"
            )));
        }
        Ok(syntax::Manifest {
            path: path.to_string(),
            source: source.to_string(),
            lines: syntax::span::LineIndex::new(source),
            program: syntax::ast::Program { body: Vec::new() },
            warnings: Vec::new(),
        })
    })
}

/// The fake compiler, counting its calls.
pub fn fake_compile(calls: Arc<AtomicUsize>) -> CompileFn {
    Arc::new(move |scope: &CompileScope, req: &CompileRequest| {
        calls.fetch_add(1, Ordering::SeqCst);
        let mut resources = Vec::new();
        for input in &req.manifests {
            let m = &input.manifest;
            if m.source.contains("FAIL") {
                return Err(CompileFailure::from_diagnostic(&Diagnostic::message(
                    format!(
                        "Evaluation Error: Unknown variable: '$nope'. (file: {}, line: 1, column: 9) on node {}",
                        m.path, req.node
                    ),
                )));
            }
            if m.source.contains("BUDGET") {
                return Err(CompileFailure::Error {
                    code: "BUDGET_EXCEEDED".into(),
                    message: format!(
                        "Evaluation Error: the compile took more than 1000 evaluation steps (file: {}, line: 1, column: 1) on node {}",
                        m.path, req.node
                    ),
                });
            }
            if m.source.contains("DEFCRASH")
                || (input.apply_top_level && m.source.contains("CRASH"))
            {
                return Err(CompileFailure::Crashed(
                    "the compile worker was killed by signal 6 (SIGABRT: abort, or a stack overflow)"
                        .into(),
                ));
            }
            if !input.apply_top_level {
                continue;
            }
            for (i, line) in m.source.lines().enumerate() {
                let mut words = line.split_whitespace();
                let file = |title: &str, parameters: kuppet_catalog::Parameters| Resource {
                    type_name: "File".into(),
                    title: title.into(),
                    tags: vec!["file".into()],
                    file: Some(m.path.as_str().into()),
                    line: Some(i as u32 + 1),
                    exported: false,
                    kind: Some("compilable_type".into()),
                    parameters,
                    sensitive_parameters: Vec::new(),
                };
                match words.next() {
                    Some("file") => {}
                    // `secret /path NAME`: content is kuppet::secret(NAME, 'key').
                    Some("secret") => {
                        let path = words.next().unwrap_or("/nowhere");
                        let secret = words.next().unwrap_or("none");
                        let ns = m.path.split('/').next().unwrap_or_default();
                        if let Err(why) = scope.check_secret(ns, secret) {
                            return Err(CompileFailure::Error {
                                code: "SECRET_DENIED".into(),
                                message: format!(
                                    "Evaluation Error: kuppet::secret('{secret}', 'key'): {why} (file: {}, line: {}, column: 1) on node {}",
                                    m.path,
                                    i + 1,
                                    req.node
                                ),
                            });
                        }
                        let mut parameters = kuppet_catalog::Parameters::default();
                        parameters.insert(
                            "content".into(),
                            serde_json::Value::from(format!("value of {ns}/{secret}")),
                        );
                        let mut r = file(path, parameters);
                        r.sensitive_parameters = vec!["content".into()];
                        resources.push(r);
                        continue;
                    }
                    // `source /path URL`: a file from a puppet:/// source.
                    Some("source") => {
                        let path = words.next().unwrap_or("/nowhere");
                        let url = words.next().unwrap_or("puppet:///modules/m/f");
                        let mut parameters = kuppet_catalog::Parameters::default();
                        parameters.insert("source".into(), serde_json::Value::from(url));
                        resources.push(file(path, parameters));
                        continue;
                    }
                    Some("cycle") => {
                        let a = words.next().unwrap_or("/a");
                        let b = words.next().unwrap_or("/b");
                        for (x, y) in [(a, b), (b, a)] {
                            let mut p = kuppet_catalog::Parameters::default();
                            p.insert(
                                "require".into(),
                                serde_json::Value::from(format!("File[{y}]")),
                            );
                            resources.push(file(x, p));
                        }
                        continue;
                    }
                    _ => continue,
                }
                let path = words.next().unwrap_or("/nowhere");
                let content: Vec<&str> = words.collect();
                let mut parameters = kuppet_catalog::Parameters::default();
                parameters.insert("content".into(), serde_json::Value::from(content.join(" ")));
                resources.push(file(path, parameters));
            }
        }
        Ok(Catalog {
            tags: vec!["settings".into()],
            name: req.node.clone(),
            version: serde_json::Value::from(calls.load(Ordering::SeqCst) as u64),
            code_id: None,
            catalog_uuid: format!("uuid-{}", calls.load(Ordering::SeqCst)),
            catalog_format: 2,
            environment: "production".into(),
            resources,
            edges: vec![],
            classes: vec!["settings".into()],
        })
    })
}

/// The fake graph check: two resources requiring each other are a cycle,
/// reported in Puppet's words (which name no file).
pub fn fake_graph_check() -> GraphCheckFn {
    Arc::new(|catalog: &Catalog| {
        for r in &catalog.resources {
            for target in r.relationship_targets("require") {
                let back = catalog
                    .resource(&target)
                    .is_some_and(|t| t.relationship_targets("require").contains(&r.reference()));
                if back {
                    return Err(Diagnostic::message(format!(
                        "Found 1 dependency cycle:\n({} => {target} => {})\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz",
                        r.reference(),
                        r.reference()
                    )));
                }
            }
        }
        Ok(())
    })
}

/// A planner with the fake parser, compiler and graph check; the counter counts compiles.
pub fn planner() -> (Planner, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let planner = Planner::new(
        fake_parse(),
        fake_compile(calls.clone()),
        Arc::new(ControllerMetrics::default()),
    )
    .with_graph_check(fake_graph_check());
    (planner, calls)
}

/// Decodes the catalog a spec holds (checking its digest).
pub fn catalog_of(spec: &NodeCatalogSpec) -> Catalog {
    match codec::decode(spec) {
        Ok(c) => c,
        Err(e) => panic!("the controller wrote an undecodable catalog: {e}"),
    }
}
