//! `kuppet diff OLD NEW --facts DIR`: what a change of the code does to every
//! node's catalog, before it is merged — octocatalog-diff's question. OLD and
//! NEW are manifest files or environment directories; DIR holds one facts
//! file per node (`NODE.yaml` or `NODE.json`). For each node both versions
//! are compiled and compared ([`kuppet_catalog::diff`]): resources added,
//! removed and changed, attribute by attribute, with where they are declared
//! and the text diff of file contents. A fleet summary closes the report.
//!
//! `kuppet diff --kubeconfig PATH NEW...` asks the same of a cluster
//! ([`cluster`]): the candidate Manifests (YAML files) or environment
//! directories, compiled for each node they may change with its NodeFacts,
//! compared with the catalog its NodeCatalog holds.
//!
//! It previews catalogs, not what providers will do on the machines, and it
//! says which facts it used and how old they are. Exit codes: 0 no change,
//! 2 changes, 1 errors (a node whose new catalog does not compile, unreadable
//! input), so a CI pipeline can gate a merge.

mod cluster;

use super::code::Code;
use kuppet_catalog::diff::{AttributeChange, CatalogDiff, DiffOptions, diff};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The JSON schema version `--format json` prints.
const SCHEMA: &str = "kuppet.dev/diff/v1";
/// Compiles run on threads with this stack (as `kuppet parse` does).
const COMPILE_STACK: usize = 64 * 1024 * 1024;

/// Arguments of `kuppet diff`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Offline: OLD NEW, the code as it is and as it would be (manifest
    /// files or environment directories). With --kubeconfig: the candidate
    /// Manifests (YAML files, several documents each, as `kubectl apply -f`
    /// takes) and environment directories (with --manifest).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// A directory of facts files, one per node: `NODE.yaml`, `NODE.yml` or
    /// `NODE.json` (offline mode).
    #[arg(long, conflicts_with = "kubeconfig")]
    pub facts: Option<PathBuf>,
    /// Compare with a cluster: each node's NodeFacts and current NodeCatalog,
    /// the cluster's other Manifests and ManifestGrants.
    #[arg(long)]
    pub kubeconfig: Option<PathBuf>,
    /// The namespace of candidate Manifests whose YAML names none (with --kubeconfig).
    #[arg(long, default_value = "default", requires = "kubeconfig")]
    pub namespace: String,
    /// NAMESPACE/NAME: the Manifest (with spec.code) that an environment
    /// directory among the paths stands for (with --kubeconfig).
    #[arg(long, value_name = "NAMESPACE/NAME", requires = "kubeconfig")]
    pub manifest: Option<String>,
    /// More module directories, searched after each environment's own (colon-separated).
    #[arg(long)]
    pub modulepath: Option<String>,
    /// `text` (octocatalog-diff's shape) or `json` (schema kuppet.dev/diff/v1).
    #[arg(long, default_value = "text")]
    pub format: Format,
    /// Compare resources' tags too.
    #[arg(long)]
    pub tags: bool,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// The facts one node is compiled with, and how old they are.
#[derive(Debug, Clone, Serialize)]
struct FactsSource {
    node: String,
    /// The facts file, or `NodeFacts/NODE` in a cluster.
    file: String,
    /// When the facts were written (RFC 3339; the NodeFacts' last update).
    #[serde(skip_serializing_if = "Option::is_none")]
    updated: Option<String>,
    /// Seconds since the facts were written.
    #[serde(skip_serializing_if = "Option::is_none")]
    age_seconds: Option<u64>,
}

/// What a change does to one node.
#[derive(Debug, Serialize)]
struct NodeReport {
    node: String,
    /// `unchanged`, `changed`, or `error` (the new code does not compile for it).
    status: &'static str,
    /// The old code's compile error (the node had no catalog to compare with).
    #[serde(skip_serializing_if = "Option::is_none")]
    old_error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_error: Option<String>,
    /// Sealed values (in a cluster's catalogs), compared only as `[sealed]`:
    /// whether they change cannot be told.
    #[serde(skip_serializing_if = "is_zero")]
    sealed_values: usize,
    /// Manifests the node's current catalog was compiled from at another
    /// generation than the cluster's: their changes show in this diff too.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    stale_sources: Vec<String>,
    #[serde(flatten)]
    diff: CatalogDiff,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The fleet at a glance.
#[derive(Debug, Serialize)]
struct Summary {
    nodes: usize,
    changed: usize,
    unchanged: usize,
    errors: usize,
    /// The resources changed on the most nodes: (resource, nodes).
    most_changed: Vec<(String, usize)>,
}

/// The whole report (the JSON document of `--format json`).
#[derive(Debug, Serialize)]
struct Report {
    schema: &'static str,
    old: String,
    new: String,
    facts: Vec<FactsSource>,
    nodes: Vec<NodeReport>,
    summary: Summary,
    /// What else the reader should know (nodes left out, and why).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
    limits: &'static str,
}

const LIMITS: &str = "kuppet diff compares compiled catalogs: it shows what each node would be told to manage, not what the providers would change on the machine (that depends on the machine's state), and it uses the facts listed, which may be older than the machines.";

pub fn run(args: Args) -> u8 {
    match run_inner(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("Error: {message}");
            1
        }
    }
}

fn run_inner(args: &Args) -> Result<u8, String> {
    if args.kubeconfig.is_some() {
        return cluster::run(args);
    }
    if args.manifest.is_some() {
        return Err("--manifest names the Manifest an environment directory stands for in a cluster: use it with --kubeconfig".into());
    }
    let [old_path, new_path] = args.paths.as_slice() else {
        return Err(format!(
            "kuppet diff takes OLD and NEW (two paths, {} given) with --facts DIR, or candidate Manifests with --kubeconfig PATH",
            args.paths.len()
        ));
    };
    let Some(facts_dir) = &args.facts else {
        return Err("give --facts DIR (one facts file per node), or --kubeconfig PATH to use each node's NodeFacts from a cluster".into());
    };
    let extra: Vec<PathBuf> = args
        .modulepath
        .as_deref()
        .map(|p| {
            p.split(':')
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
                .collect()
        })
        .unwrap_or_default();
    let old = Code::load(old_path, &extra).map_err(|d| d.render())?;
    let new = Code::load(new_path, &extra).map_err(|d| d.render())?;
    let facts = read_facts_dir(facts_dir)?;
    if facts.is_empty() {
        return Err(format!(
            "{} holds no facts files (NODE.yaml, NODE.yml or NODE.json); give a directory with one per node",
            facts_dir.display()
        ));
    }
    let options = DiffOptions { tags: args.tags };
    let nodes = compare_all(&old, &new, &facts, options);
    let report = Report {
        schema: SCHEMA,
        old: old.label.clone(),
        new: new.label.clone(),
        summary: summarize(&nodes),
        facts: facts.iter().map(|(source, _)| source.clone()).collect(),
        nodes,
        notes: Vec::new(),
        limits: LIMITS,
    };
    print_report(&report, args.format)
}

/// Prints the report; the exit code: 1 when a node fails to compile, 2 when
/// a node changes, else 0.
fn print_report(report: &Report, format: Format) -> Result<u8, String> {
    match format {
        Format::Json => super::print_stdout(&format!(
            "{}\n",
            serde_json::to_string_pretty(report).map_err(|e| e.to_string())?
        )),
        Format::Text => super::print_stdout(&render_text(report)),
    }
    Ok(exit_code(&report.summary))
}

fn exit_code(summary: &Summary) -> u8 {
    if summary.errors > 0 {
        1
    } else if summary.changed > 0 {
        2
    } else {
        0
    }
}

type NodeFacts = (FactsSource, serde_json::Map<String, Value>);

/// Every facts file of the directory, by node name.
fn read_facts_dir(dir: &Path) -> Result<Vec<NodeFacts>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        format!(
            "Could not read the facts directory {}: {e}; give a directory with one facts file per node",
            dir.display()
        )
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|x| x == "yaml" || x == "yml" || x == "json")
        })
        .collect();
    paths.sort();
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let facts = kuppet_facts::read_file(&path).map_err(|e| e.to_string())?;
        let node = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let age_seconds = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .map(|d| d.as_secs());
        out.push((
            FactsSource {
                node,
                file: path.display().to_string(),
                updated: None,
                age_seconds,
            },
            facts,
        ));
    }
    Ok(out)
}

/// Compiles both versions for every node, on as many threads as there are CPUs.
fn compare_all(
    old: &Code,
    new: &Code,
    facts: &[NodeFacts],
    options: DiffOptions,
) -> Vec<NodeReport> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(facts.len().max(1));
    let chunk = facts.len().div_ceil(threads);
    let mut reports: Vec<NodeReport> = std::thread::scope(|s| {
        let handles: Vec<_> = facts
            .chunks(chunk.max(1))
            .map(|part| {
                std::thread::Builder::new()
                    .name("diff".into())
                    .stack_size(COMPILE_STACK)
                    .spawn_scoped(s, move || {
                        part.iter()
                            .map(|(source, f)| compare_node(old, new, &source.node, f, options))
                            .collect::<Vec<_>>()
                    })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.map(|h| h.join()) {
                Ok(Ok(reports)) => reports,
                _ => Vec::new(),
            })
            .collect()
    });
    reports.sort_by(|a, b| a.node.cmp(&b.node));
    reports
}

fn compare_node(
    old: &Code,
    new: &Code,
    node: &str,
    facts: &serde_json::Map<String, Value>,
    options: DiffOptions,
) -> NodeReport {
    let before = old.compile(node, facts.clone());
    let after = new.compile(node, facts.clone());
    let headline = |d: kuppet_syntax::diagnostics::Diagnostic| d.headline();
    match (before, after) {
        (_, Err(e)) => NodeReport {
            node: node.to_string(),
            status: "error",
            old_error: None,
            new_error: Some(headline(e)),
            sealed_values: 0,
            stale_sources: Vec::new(),
            diff: CatalogDiff::default(),
        },
        (Err(e), Ok(after)) => {
            let empty = kuppet_catalog::Catalog {
                resources: Vec::new(),
                ..after.catalog.clone()
            };
            NodeReport {
                node: node.to_string(),
                status: "changed",
                old_error: Some(headline(e)),
                new_error: None,
                sealed_values: 0,
                stale_sources: Vec::new(),
                diff: diff(&empty, &after.catalog, options),
            }
        }
        (Ok(before), Ok(after)) => {
            let mut d = diff(&before.catalog, &after.catalog, options);
            source_changes(old, new, &before.catalog, &after.catalog, &mut d);
            NodeReport {
                node: node.to_string(),
                status: if d.is_empty() { "unchanged" } else { "changed" },
                old_error: None,
                new_error: None,
                sealed_values: 0,
                stale_sources: Vec::new(),
                diff: d,
            }
        }
    }
}

/// Files in both catalogs with a `puppet:///modules/...` source whose file
/// differs between the two versions of the code (the same URL with another
/// content, or another URL: the old URL's file in the old code against the
/// new URL's in the new): a `source content` change, as octocatalog-diff
/// shows it.
fn source_changes(
    old: &Code,
    new: &Code,
    before: &kuppet_catalog::Catalog,
    after: &kuppet_catalog::Catalog,
    d: &mut CatalogDiff,
) {
    for r in after.resources.iter().filter(|r| r.type_name == "File") {
        let Some(url) = r.param_str("source") else {
            continue;
        };
        let reference = r.reference();
        let Some(old_url) = before
            .resources
            .iter()
            .find(|o| o.reference() == reference)
            .and_then(|o| o.param_str("source"))
        else {
            continue;
        };
        let read =
            |code: &Code, url: &str| code.resolve_source(url).and_then(|p| std::fs::read(p).ok());
        let (a, b) = (read(old, old_url), read(new, url));
        if a == b {
            continue;
        }
        let text = |bytes: Option<Vec<u8>>| {
            bytes.map(|b| match String::from_utf8(b) {
                Ok(t) => Value::String(t),
                Err(e) => Value::String(format!("(binary, {} bytes)", e.as_bytes().len())),
            })
        };
        let change = AttributeChange {
            attribute: "source content".into(),
            old: text(a),
            new: text(b),
            sensitive: r
                .sensitive_parameters
                .iter()
                .any(|p| p == "source" || p == "content"),
        };
        match d
            .changed
            .iter_mut()
            .find(|c| c.declared.resource == reference)
        {
            Some(c) => c.attributes.push(change),
            None => d.changed.push(kuppet_catalog::diff::ResourceChange {
                declared: kuppet_catalog::diff::Declared {
                    resource: reference,
                    file: r.file.as_deref().map(String::from),
                    line: r.line,
                },
                attributes: vec![change],
            }),
        }
    }
}

fn summarize(nodes: &[NodeReport]) -> Summary {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for n in nodes {
        for r in n.diff.resources() {
            *counts.entry(r).or_default() += 1;
        }
    }
    let mut most: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(r, n)| (r.to_string(), n))
        .collect();
    most.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    most.truncate(10);
    let count = |s: &str| nodes.iter().filter(|n| n.status == s).count();
    Summary {
        nodes: nodes.len(),
        changed: count("changed"),
        unchanged: count("unchanged"),
        errors: count("error"),
        most_changed: most,
    }
}

// ----- text

fn render_text(report: &Report) -> String {
    let mut out = format!("kuppet diff {} -> {}\n", report.old, report.new);
    for node in &report.nodes {
        let d = &node.diff;
        out.push_str(&format!(
            "\n*** {}: {}{}\n",
            node.node,
            node.status,
            if node.status == "changed" {
                format!(
                    " ({} added, {} removed, {} changed)",
                    d.added.len(),
                    d.removed.len(),
                    d.changed.len()
                )
            } else {
                String::new()
            }
        ));
        if let Some(e) = &node.old_error {
            out.push_str(&format!("  the old code did not compile: {e}\n"));
        }
        if let Some(e) = &node.new_error {
            out.push_str(&format!("  the new code does not compile: {e}\n"));
        }
        for s in &node.stale_sources {
            out.push_str(&format!(
                "  note: its current catalog is not from the cluster's Manifest {s}: that change shows here too\n"
            ));
        }
        if node.sealed_values > 0 {
            out.push_str(&format!(
                "  note: {} sealed value{} compared only as [sealed] (whether a secret changes cannot be told)\n",
                node.sealed_values,
                if node.sealed_values == 1 { "" } else { "s" }
            ));
        }
        for r in &d.added {
            out.push_str(&format!("  + {}{}\n", r.resource, at(&r.file, r.line)));
        }
        for r in &d.removed {
            out.push_str(&format!("  - {}{}\n", r.resource, at(&r.file, r.line)));
        }
        for c in &d.changed {
            out.push_str(&format!(
                "  ~ {}{}\n",
                c.declared.resource,
                at(&c.declared.file, c.declared.line)
            ));
            for a in &c.attributes {
                out.push_str(&render_attribute(a));
            }
        }
    }
    let s = &report.summary;
    out.push_str(&format!(
        "\nSummary: {} nodes, {} changed, {} unchanged, {} failing to compile\n",
        s.nodes, s.changed, s.unchanged, s.errors
    ));
    if !s.most_changed.is_empty() {
        out.push_str("Most changed:\n");
        for (r, n) in &s.most_changed {
            out.push_str(&format!(
                "  {r}: {n} node{}\n",
                if *n == 1 { "" } else { "s" }
            ));
        }
    }
    out.push_str("Facts used:\n");
    for f in &report.facts {
        let updated = f
            .updated
            .as_ref()
            .map(|t| format!(", written {t}"))
            .unwrap_or_default();
        let age = f
            .age_seconds
            .map(|s| format!(", {} old", human_age(s)))
            .unwrap_or_default();
        out.push_str(&format!("  {}: {}{updated}{age}\n", f.node, f.file));
    }
    for n in &report.notes {
        out.push_str(&format!("Note: {n}\n"));
    }
    out.push_str(&format!("Note: {}\n", report.limits));
    out
}

fn at(file: &Option<String>, line: Option<u32>) -> String {
    match (file, line) {
        (Some(f), Some(l)) => format!("  ({f}:{l})"),
        (Some(f), None) => format!("  ({f})"),
        _ => String::new(),
    }
}

fn render_attribute(a: &AttributeChange) -> String {
    if a.sensitive {
        return format!("      {}: [sensitive value changed]\n", a.attribute);
    }
    let text = |v: &Option<Value>| v.as_ref().and_then(Value::as_str).map(str::to_string);
    match (text(&a.old), text(&a.new)) {
        (Some(o), Some(n)) if o.contains('\n') || n.contains('\n') => {
            let mut out = format!("      {}:\n", a.attribute);
            let diff = similar::TextDiff::from_lines(&o, &n);
            for line in diff.unified_diff().context_radius(3).to_string().lines() {
                out.push_str(&format!("        {line}\n"));
            }
            out
        }
        _ => format!(
            "      {}: {} => {}\n",
            a.attribute,
            shown(&a.old),
            shown(&a.new)
        ),
    }
}

fn shown(v: &Option<Value>) -> String {
    match v {
        None => "(absent)".into(),
        Some(v) => v.to_string(),
    }
}

fn human_age(seconds: u64) -> String {
    match seconds {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s if s < 172_800 => format!("{} h", s / 3600),
        s => format!("{} days", s / 86_400),
    }
}
