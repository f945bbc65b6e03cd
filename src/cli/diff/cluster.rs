//! `kuppet diff --kubeconfig PATH NEW...`: the preview against a cluster.
//! Reads the candidate Manifests (YAML, several documents per file) and
//! environment directories, reads the cluster ([`preview::read_snapshot`]),
//! compiles each node they may change as the controller would
//! ([`preview::preview`]) and reports in the offline diff's shapes.

use super::{
    Args, DiffOptions, FactsSource, NodeReport, Report, SCHEMA, diff, print_report, source_changes,
    summarize,
};
use crate::cli::code::Code;
use crate::k8s::crd::Manifest;
use crate::k8s::preview::{self, Candidates, NodePreview, Preview, Snapshot};
use kube::ResourceExt;
use kuppet_catalog::diff::CatalogDiff;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What `--kubeconfig` mode says of its limits.
const LIMITS: &str = "kuppet diff compiles each node's catalog as the controller would (in sandboxed compile workers, from the NodeFacts shown) and compares it with the catalog its NodeCatalog holds: it previews catalogs, not what the providers would change on the machines (that depends on their state; a resource whose catalog entry changes may already be in the new state). Sealed (Sensitive) values are compared as [sealed]: no Secret is read, and whether a secret changes cannot be told.";

pub fn run(args: &Args) -> Result<u8, String> {
    let kubeconfig = args.kubeconfig.as_deref().unwrap_or(Path::new(""));
    let candidates = load_candidates(&args.paths, &args.namespace, args.manifest.as_deref())?;
    let skip: HashSet<(String, String)> = candidates
        .environments
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    // Fetched environments are kept by digest, as the controller keeps them.
    let cache = crate::k8s::controller::code::default_cache(None);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    let snapshot = runtime.block_on(async {
        let client = crate::k8s::client(Some(kubeconfig))
            .await
            .map_err(|e| e.to_string())?;
        preview::read_snapshot(&client, &cache, &skip)
            .await
            .map_err(|e| format!("could not read the cluster through {}: {e}; check the kubeconfig and that you may list nodes, manifests, nodefacts, nodecatalogs and manifestgrants", kubeconfig.display()))
    })?;
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let label = args
        .paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    // The cluster's Manifests are other teams' code: compiled in the
    // controller's sandboxed workers, which may read only the environments.
    let mut read_paths = vec![cache.clone()];
    read_paths.extend(
        candidates
            .environments
            .iter()
            .map(|(_, code)| PathBuf::from(&code.label)),
    );
    let program = std::env::current_exe()
        .map_err(|e| format!("could not find the kuppet executable for compile workers: {e}"))?;
    let compile = preview::worker_compile(program, threads, read_paths)
        .map_err(|e| format!("could not start compile workers: {e}"))?;
    let report = build_report(
        &snapshot,
        &candidates,
        &format!("cluster ({})", kubeconfig.display()),
        &label,
        DiffOptions { tags: args.tags },
        threads,
        compile,
    )?;
    print_report(&report, args.format)
}

/// Compiles and compares; the report the offline diff would print.
fn build_report(
    snapshot: &Snapshot,
    candidates: &Candidates,
    old_label: &str,
    new_label: &str,
    options: DiffOptions,
    threads: usize,
    compile: crate::k8s::controller::plan::CompileFn,
) -> Result<Report, String> {
    let now = k8s_openapi::jiff::Timestamp::now();
    let Preview {
        nodes,
        without_facts,
        ungranted,
        environment_pair,
    } = preview::preview(snapshot, candidates, now, threads, compile).map_err(|e| e.to_string())?;
    let facts = nodes
        .iter()
        .map(|n| FactsSource {
            node: n.node.clone(),
            file: format!("NodeFacts/{}", n.node),
            updated: n.facts.updated.clone(),
            age_seconds: n.facts.age_seconds,
        })
        .collect();
    let reports: Vec<NodeReport> = nodes
        .into_iter()
        .map(|n| node_report(n, options, environment_pair.as_ref()))
        .collect();
    let mut notes = Vec::new();
    if !without_facts.is_empty() {
        notes.push(format!(
            "selected but left out (no NodeFacts yet: the controller compiles nothing for them either): {}",
            without_facts.join(", ")
        ));
    }
    for (manifest, node) in &ungranted {
        notes.push(format!(
            "{manifest} selects {node}, but no ManifestGrant lets its namespace configure that node: it does not reach it"
        ));
    }
    if reports.is_empty() {
        notes.push(
            "no node with NodeFacts is selected by the candidates or the Manifests they replace"
                .into(),
        );
    }
    Ok(Report {
        schema: SCHEMA,
        old: old_label.to_string(),
        new: new_label.to_string(),
        summary: summarize(&reports),
        facts,
        nodes: reports,
        notes,
        limits: LIMITS,
    })
}

fn node_report(
    n: NodePreview,
    options: DiffOptions,
    environments: Option<&(Arc<Code>, Arc<Code>)>,
) -> NodeReport {
    let (status, old_error, new_error, d) = match (n.current, n.candidate) {
        (_, Err(e)) => ("error", None, Some(e), CatalogDiff::default()),
        (Err(e), Ok(after)) => {
            let empty = kuppet_catalog::Catalog {
                resources: Vec::new(),
                ..after.clone()
            };
            ("changed", Some(e), None, diff(&empty, &after, options))
        }
        (Ok(before), Ok(after)) => {
            let mut d = diff(&before, &after, options);
            if let Some((old, new)) = environments {
                source_changes(old, new, &before, &after, &mut d);
            }
            let status = if d.is_empty() { "unchanged" } else { "changed" };
            (status, None, None, d)
        }
    };
    NodeReport {
        node: n.node,
        status,
        old_error,
        new_error,
        sealed_values: n.sealed,
        stale_sources: n.stale_sources,
        diff: d,
    }
}

/// Reads the candidates: Manifest YAML files (each document a Manifest;
/// `namespace` for those naming none) and environment directories (the
/// code of the Manifest `manifest` names).
fn load_candidates(
    paths: &[PathBuf],
    namespace: &str,
    manifest: Option<&str>,
) -> Result<Candidates, String> {
    let mut out = Candidates::default();
    let dirs: Vec<&PathBuf> = paths.iter().filter(|p| p.is_dir()).collect();
    if dirs.len() > 1 {
        return Err(format!(
            "{} environment directories given: give one, with --manifest NAMESPACE/NAME naming the Manifest it stands for",
            dirs.len()
        ));
    }
    if let Some(dir) = dirs.first() {
        let Some(target) = manifest else {
            return Err(format!(
                "{} is an environment directory: say which Manifest's spec.code it stands for with --manifest NAMESPACE/NAME",
                dir.display()
            ));
        };
        let Some((ns, name)) = target
            .split_once('/')
            .filter(|(a, b)| !a.is_empty() && !b.is_empty() && !b.contains('/'))
        else {
            return Err(format!(
                "--manifest {target}: give NAMESPACE/NAME, e.g. --manifest default/site"
            ));
        };
        // Absolute, for the compile workers' sandbox and the catalog's paths.
        let dir = dir
            .canonicalize()
            .map_err(|e| format!("Could not read {}: {e}", dir.display()))?;
        let code = Code::load(&dir, &[]).map_err(|d| d.render())?;
        out.environments
            .push(((ns.to_string(), name.to_string()), Arc::new(code)));
    } else if let Some(target) = manifest {
        return Err(format!(
            "--manifest {target} names the Manifest an environment directory stands for, but no directory is given"
        ));
    }
    for path in paths.iter().filter(|p| !p.is_dir()) {
        let text = super::super::read_source(path)?;
        out.manifests.extend(parse_manifests(
            &path.display().to_string(),
            &text,
            namespace,
        )?);
    }
    Ok(out)
}

/// The Manifests of a YAML text (documents separated by `---`; empty
/// documents skipped), in `namespace` when they name none.
pub fn parse_manifests(file: &str, text: &str, namespace: &str) -> Result<Vec<Manifest>, String> {
    use serde::Deserialize;
    let mut out = Vec::new();
    for (i, doc) in serde_yaml::Deserializer::from_str(text).enumerate() {
        let value = serde_yaml::Value::deserialize(doc)
            .map_err(|e| format!("{file}: document {} is not YAML: {e}", i + 1))?;
        if value.is_null() {
            continue;
        }
        let kind = value.get("kind").and_then(|k| k.as_str()).unwrap_or("");
        let api = value
            .get("apiVersion")
            .and_then(|k| k.as_str())
            .unwrap_or("");
        if kind != "Manifest" || !api.starts_with("kuppet.dev/") {
            return Err(format!(
                "{file}: document {} is a {} {}, not a kuppet.dev Manifest: give only Manifests",
                i + 1,
                if api.is_empty() {
                    "(no apiVersion)"
                } else {
                    api
                },
                if kind.is_empty() { "(no kind)" } else { kind },
            ));
        }
        let mut m: Manifest = serde_yaml::from_value(value)
            .map_err(|e| format!("{file}: document {} is not a valid Manifest: {e}", i + 1))?;
        if m.metadata.name.as_deref().unwrap_or("").is_empty() {
            return Err(format!("{file}: document {} has no metadata.name", i + 1));
        }
        if m.namespace().is_none() {
            m.metadata.namespace = Some(namespace.to_string());
        }
        out.push(m);
    }
    if out.is_empty() {
        return Err(format!("{file} holds no Manifest"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
