//! Benchmark of `kuppet diff --kubeconfig`'s work without the API server:
//! the preview (`k8s::preview::preview`) of a candidate Manifest over a
//! cluster of N nodes (default 30) built in memory, whose NodeCatalogs the
//! controller's planner compiled from the current Manifest. Prints the
//! time per preview (every node compiled with the candidate, its current
//! catalog decoded) and the compile threads used, compiling in this process.
//! The list calls to the API server and the compile workers' start come on
//! top (e2e scenario 29 measures the whole command).
//!
//! `cargo bench --bench diff_cluster [-- --nodes N --runs R]`

use k8s_openapi::api::core::v1::Node;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kuppet::k8s::controller::grant::Grants;
use kuppet::k8s::controller::plan::{Plan, Planner};
use kuppet::k8s::crd::{
    LabelSelector, Manifest, ManifestGrant, ManifestGrantSpec, ManifestSpec, NodeCatalog,
    NodeFacts, NodeFactsSpec,
};
use kuppet::k8s::metrics::ControllerMetrics;
use kuppet::k8s::preview::{self, Candidates, Snapshot};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// A site Manifest of some size: 40 files, a template-like content per node.
fn site(version: &str) -> String {
    let mut s = String::from("$tier = $facts['kubernetes']['labels']['tier']\n");
    for i in 0..40 {
        s.push_str(&format!(
            "file {{ '/etc/app/{i}.conf': ensure => file, mode => '0644', content => \"{version} ${{trusted['certname']}} {i} ${{tier}}\\n\" }}\n"
        ));
    }
    s.push_str("if $tier == 'b' { package { 'htop': ensure => installed } }\n");
    s
}

fn manifest(source: &str) -> Manifest {
    let mut m = Manifest::new(
        "site",
        ManifestSpec {
            source: source.into(),
            code: None,
            node_selector: LabelSelector::default(),
            noop: false,
            rollout: None,
        },
    );
    m.metadata.namespace = Some("ops".into());
    m.metadata.uid = Some("uid-site".into());
    m.metadata.generation = Some(1);
    m
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let count = arg("--nodes", 30);
    let runs = arg("--runs", 3);
    let nodes: Vec<Arc<Node>> = (0..count)
        .map(|i| {
            let tier = ["a", "b", "c"][i % 3];
            Arc::new(Node {
                metadata: ObjectMeta {
                    name: Some(format!("node-{i:03}")),
                    uid: Some(format!("uid-node-{i}")),
                    labels: Some([("tier".to_string(), tier.to_string())].into()),
                    ..Default::default()
                },
                ..Default::default()
            })
        })
        .collect();
    let facts: Vec<Arc<NodeFacts>> = nodes
        .iter()
        .map(|n| {
            let name = n.metadata.name.clone().unwrap_or_default();
            let facts = serde_json::json!({"os": {"family": "Debian", "name": "Debian"}, "networking": {"hostname": name}});
            Arc::new(NodeFacts::new(
                &name,
                NodeFactsSpec {
                    facts: facts.as_object().cloned().unwrap_or_default(),
                    agent_version: "bench".into(),
                    seal_key: String::new(),
                },
            ))
        })
        .collect();
    let grants = vec![Arc::new(ManifestGrant::new(
        "ops",
        ManifestGrantSpec {
            namespaces: vec!["ops".into()],
            node_selector: LabelSelector::default(),
            resource_types: Vec::new(),
            path_prefixes: Vec::new(),
            secrets: Vec::new(),
            share_definitions: false,
        },
    ))];
    let current = Arc::new(manifest(&site("v1")));
    let controller = Planner::production(
        preview::in_process_compile(),
        Arc::new(ControllerMetrics::default()),
    );
    let policy = Grants::new(grants.clone());
    let catalogs: Vec<Arc<NodeCatalog>> = nodes
        .iter()
        .zip(&facts)
        .map(|(n, f)| {
            match controller.plan_granted(n, Some(f), std::slice::from_ref(&current), &policy, None)
            {
                Plan::Write(spec) => Arc::new(NodeCatalog::new(
                    n.metadata.name.as_deref().unwrap_or_default(),
                    spec.as_ref().clone(),
                )),
                other => panic!("the current catalog does not compile: {other:?}"),
            }
        })
        .collect();
    let snapshot = Snapshot {
        nodes,
        manifests: vec![current],
        facts,
        catalogs,
        grants,
        environments: HashMap::new(),
    };
    let candidates = Candidates {
        manifests: vec![manifest(&site("v2"))],
        environments: Vec::new(),
    };
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let now = k8s_openapi::jiff::Timestamp::now();
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let p = preview::preview(
            &snapshot,
            &candidates,
            now,
            threads,
            preview::in_process_compile(),
        )
        .expect("previews");
        times.push(started.elapsed().as_secs_f64());
        assert_eq!(p.nodes.len(), count);
        assert!(p.nodes.iter().all(|n| n.candidate.is_ok()));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "diff_cluster: {count} nodes, 41-42 resources each, {threads} threads: median {:.3} s per preview (min {:.3}, max {:.3}, {} runs)",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        times.len()
    );
}
