//! Compile cases: every `tests/compile/**/NAME.pp` is compiled with
//! `kuppet_eval::compile` and checked against what the real Puppet 7 produced
//! (by `tests/compile/regenerate.sh`): `NAME.json` is Puppet's catalog, compared
//! after the normalization of `catalog-diff` (resources keyed by `Type[title]`
//! with parameters and tag sets, relationship metaparameters as sorted lists,
//! sorted containment edges and classes, `Class[Settings]` dropped, exported
//! flag kept); `NAME.error` means Puppet refused the manifest, so kuppet must
//! refuse it too, on the same line when Puppet's message has one.
//!
//! Facts come from `tests/compile/facts.yaml`, the node is
//! `node1.example.com`, a case with a `NAME.modules/` directory uses it as
//! its modulepath (or the subdirectories its `MODULEPATH` file lists, in
//! order), and one with a `NAME.hiera.yaml` uses it as its global
//! Hiera layer (Puppet's `hiera_config`). Cases listed in `tests/compile/KNOWN_FAILURES` (one
//! `NAME  reason` per line) may fail; a listed case that passes fails the
//! test, so the list only shrinks.
//!
//! Environment: `KUPPET_CASES=substring` runs only the matching cases;
//! `KUPPET_CASES_ALL=1` prints the diff of known failures too;
//! `KUPPET_CASES_MESSAGES=1` prints, for refused cases, Puppet's and kuppet's
//! messages when they differ (only the line is asserted; add `-- --nocapture`
//! when the suite passes);
//! `KUPPET_CASES_REPORT=FILE` writes one `NAME<TAB>pass|fail<TAB>first problem`
//! line per case (for triage).

use kuppet_eval::{CompileRequest, ManifestInput};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

const NODE: &str = "node1.example.com";
const RELATIONS: [&str; 4] = ["before", "require", "notify", "subscribe"];
/// A compile that takes longer than this is reported as hung.
const TIMEOUT: Duration = Duration::from_secs(30);

fn cases_dir() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/compile")
}

/// One case: its name (path under tests/compile without `.pp`) and files.
struct Case {
    name: String,
    pp: PathBuf,
}

impl Case {
    fn sibling(&self, ext: &str) -> PathBuf {
        self.pp.with_extension(ext)
    }
}

/// Every `.pp` under `dir`, skipping the modules of cases (`NAME.modules/`).
fn find_cases(root: &Path, dir: &Path, out: &mut Vec<Case>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.extension().is_some_and(|e| e == "modules") {
                continue;
            }
            find_cases(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "pp") {
            let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            out.push(Case {
                name: rel.to_string_lossy().replace('\\', "/"),
                pp: path,
            });
        }
    }
}

fn read_facts() -> Map<String, Value> {
    let path = cases_dir().join("facts.yaml");
    let text = std::fs::read_to_string(&path).expect("tests/compile/facts.yaml is readable");
    let value: Value = serde_yaml::from_str(&text).expect("facts.yaml is YAML");
    match value {
        Value::Object(map) => map,
        _ => panic!("facts.yaml must be a map"),
    }
}

/// What kuppet made of a case.
enum Outcome {
    Catalog(Value),
    Error {
        message: String,
        line: Option<usize>,
        column: Option<usize>,
    },
    Panic(String),
    Hung,
}

/// Compiles a case in its own thread so a panic or a hang is reported, not fatal.
fn run_kuppet(case: &Case, facts: &Map<String, Value>) -> Outcome {
    let pp = case.pp.clone();
    let modules = case.sibling("modules");
    let facts = facts.clone();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(move || compile_file(&pp, &modules, facts));
        let outcome = match result {
            Ok(o) => o,
            Err(e) => Outcome::Panic(
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "panic".into()),
            ),
        };
        let _ = tx.send(outcome);
    });
    rx.recv_timeout(TIMEOUT).unwrap_or(Outcome::Hung)
}

/// A case's modulepath: its `NAME.modules/` directory, or, when that holds a
/// `MODULEPATH` file, the subdirectories it lists, one per line, in order.
fn modulepath_of(modules: &Path) -> Vec<PathBuf> {
    if !modules.is_dir() {
        return Vec::new();
    }
    match std::fs::read_to_string(modules.join("MODULEPATH")) {
        Ok(list) => list
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| modules.join(l))
            .collect(),
        Err(_) => vec![modules.to_path_buf()],
    }
}

fn compile_file(pp: &Path, modules: &Path, facts: Map<String, Value>) -> Outcome {
    let source = match std::fs::read_to_string(pp) {
        Ok(s) => s,
        Err(e) => return Outcome::Panic(format!("cannot read {}: {e}", pp.display())),
    };
    let error = |d: kuppet_syntax::diagnostics::Diagnostic| {
        let message = d.headline();
        let (line, column) = match &d.location {
            Some(loc) => (Some(loc.line), Some(loc.column)),
            None => location_in(&message),
        };
        Outcome::Error {
            message,
            line,
            column,
        }
    };
    let manifest = match kuppet_syntax::parse("", &source) {
        Ok(m) => m,
        Err(d) => return error(d),
    };
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts,
        node: NODE.to_string(),
        modulepath: modulepath_of(modules),
        allow_generate: true,
        limits: Default::default(),
    };
    // A `NAME.hiera.yaml` beside the case is its global Hiera layer.
    let hiera = pp.with_extension("hiera.yaml");
    let data = kuppet_eval::DataConfig {
        hiera_config: hiera.is_file().then_some(hiera),
        ..Default::default()
    };
    match kuppet_eval::compile_with_data(&request, &data).map(|c| c.catalog) {
        Ok(catalog) => match serde_json::from_str(&catalog.to_json()) {
            Ok(v) => Outcome::Catalog(v),
            Err(e) => Outcome::Panic(format!("kuppet's catalog JSON does not parse: {e}")),
        },
        Err(d) => error(d),
    }
}

/// The last `line: L[, column: C]` inside parentheses of a Puppet message
/// (`(line: 2, column: 1)`, `(file: F, line: 2)`): where the error is.
fn location_in(message: &str) -> (Option<usize>, Option<usize>) {
    let digits = |s: &str| -> Option<usize> {
        let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        s[..end].parse().ok()
    };
    let mut found = (None, None);
    let mut rest = message;
    while let Some(open) = rest.find('(') {
        let inside_start = &rest[open + 1..];
        let Some(close) = inside_start.find(')') else {
            break;
        };
        let inside = &inside_start[..close];
        let line = inside
            .split(", ")
            .find_map(|part| part.strip_prefix("line: ").and_then(digits));
        if let Some(line) = line {
            let column = inside
                .split(", ")
                .find_map(|part| part.strip_prefix("column: ").and_then(digits));
            found = (Some(line), column);
        }
        rest = &inside_start[close + 1..];
    }
    found
}

/// The part of an error message that says what went wrong: without `Error:`,
/// Puppet's wrappers (`Evaluation Error:`, `Error while evaluating a ...,`),
/// locations, the node and Ruby object ids.
fn essential_message(message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    let mut s = first.trim().to_string();
    for prefix in ["Error: ", "Could not parse for environment production: "] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.to_string();
        }
    }
    s = s.replace("Evaluation Error: ", "");
    let wrappers = regex::Regex::new(r"Error while evaluating a [^,]*, ").expect("valid regex");
    let locations =
        regex::Regex::new(r" \((file: [^,)]*, )?line: \d+(, column: \d+)?\)").expect("valid regex");
    let objects = regex::Regex::new(r" by #<[^>]*>").expect("valid regex");
    s = wrappers.replace_all(&s, "").into_owned();
    s = locations.replace_all(&s, "").into_owned();
    s = objects.replace_all(&s, "").into_owned();
    if let Some(at) = s.rfind(" on node ") {
        s.truncate(at);
    }
    s.trim().to_string()
}

/// `catalog-diff`'s normal form of a catalog.
fn normalize(cat: &Value) -> Value {
    let mut resources = BTreeMap::new();
    for r in cat["resources"].as_array().into_iter().flatten() {
        let (ty, title) = (
            r["type"].as_str().unwrap_or(""),
            r["title"].as_str().unwrap_or(""),
        );
        if ty == "Class" && title == "Settings" {
            continue;
        }
        let mut params: BTreeMap<String, Value> = BTreeMap::new();
        if let Some(p) = r["parameters"].as_object() {
            for (k, v) in p {
                let v = if RELATIONS.contains(&k.as_str()) {
                    let mut list: Vec<Value> = match v {
                        Value::Array(a) => a.clone(),
                        other => vec![other.clone()],
                    };
                    list.sort_by_key(|x| x.to_string());
                    Value::Array(list)
                } else {
                    v.clone()
                };
                params.insert(k.clone(), v);
            }
        }
        let tags: BTreeSet<String> = r["tags"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t.as_str().map(str::to_string))
            .collect();
        let mut entry = Map::new();
        entry.insert(
            "parameters".into(),
            serde_json::to_value(params).unwrap_or_default(),
        );
        entry.insert(
            "tags".into(),
            serde_json::to_value(tags).unwrap_or_default(),
        );
        if r["exported"].as_bool() == Some(true) {
            entry.insert("exported".into(), Value::Bool(true));
        }
        resources.insert(format!("{ty}[{title}]"), Value::Object(entry));
    }
    let edges: BTreeSet<String> = cat["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["target"] != "Class[Settings]")
        .map(|e| {
            format!(
                "{} -> {}",
                e["source"].as_str().unwrap_or(""),
                e["target"].as_str().unwrap_or("")
            )
        })
        .collect();
    let mut classes: Vec<String> = cat["classes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c.as_str().map(str::to_string))
        .filter(|c| c != "settings")
        .collect();
    classes.sort();
    serde_json::json!({
        "resources": serde_json::to_value(resources).unwrap_or_default(),
        // Kept as a sorted list (not a set) so duplicate edges show up.
        "edges": edges.into_iter().collect::<Vec<_>>(),
        "classes": classes,
    })
}

/// The differences between two normal forms, one line each (empty: equal).
fn diff(want: &Value, got: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let (wr, gr) = (&want["resources"], &got["resources"]);
    let keys: BTreeSet<&String> = wr
        .as_object()
        .into_iter()
        .flatten()
        .chain(gr.as_object().into_iter().flatten())
        .map(|(k, _)| k)
        .collect();
    for key in keys {
        match (wr.get(key), gr.get(key)) {
            (None, Some(_)) => out.push(format!("+ unexpected resource {key}")),
            (Some(_), None) => out.push(format!("- missing resource {key}")),
            (Some(a), Some(b)) if a != b => {
                let (ap, bp) = (&a["parameters"], &b["parameters"]);
                if ap != bp {
                    let names: BTreeSet<&String> = ap
                        .as_object()
                        .into_iter()
                        .flatten()
                        .chain(bp.as_object().into_iter().flatten())
                        .map(|(k, _)| k)
                        .collect();
                    for n in names {
                        if ap.get(n) != bp.get(n) {
                            out.push(format!(
                                "~ {key} parameter {n}: expected {} got {}",
                                show(ap.get(n)),
                                show(bp.get(n))
                            ));
                        }
                    }
                }
                for field in ["tags", "exported"] {
                    if a.get(field) != b.get(field) {
                        out.push(format!(
                            "~ {key} {field}: expected {} got {}",
                            show(a.get(field)),
                            show(b.get(field))
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    let set = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e.as_str().map(str::to_string))
            .collect()
    };
    let (we, ge) = (set(&want["edges"]), set(&got["edges"]));
    for e in we.difference(&ge) {
        out.push(format!("- missing edge {e}"));
    }
    for e in ge.difference(&we) {
        out.push(format!("+ unexpected edge {e}"));
    }
    if want["classes"] != got["classes"] {
        out.push(format!(
            "~ classes: expected {} got {}",
            want["classes"], got["classes"]
        ));
    }
    if out.is_empty() && want != got {
        out.push("~ catalogs differ (duplicate edges?)".into());
    }
    out
}

fn show(v: Option<&Value>) -> String {
    v.map_or_else(|| "(absent)".into(), |v| v.to_string())
}

/// Checks one case; `Err` holds the problems, one line each.
fn check(case: &Case, facts: &Map<String, Value>) -> Result<(), Vec<String>> {
    let expected_json = case.sibling("json");
    let expected_error = case.sibling("error");
    let outcome = run_kuppet(case, facts);
    let outcome = match outcome {
        Outcome::Panic(msg) => return Err(vec![format!("kuppet panicked: {msg}")]),
        Outcome::Hung => return Err(vec![format!("kuppet did not finish in {TIMEOUT:?}")]),
        other => other,
    };
    if expected_error.exists() {
        let puppet = std::fs::read_to_string(&expected_error).unwrap_or_default();
        let puppet = puppet.trim();
        let (want_line, want_col) = location_in(puppet);
        return match outcome {
            Outcome::Catalog(_) => Err(vec![
                "expected an error, kuppet compiled a catalog".into(),
                format!("puppet: {puppet}"),
            ]),
            Outcome::Error {
                message,
                line,
                column,
            } => {
                let mut notes = vec![
                    format!("puppet: {puppet}"),
                    format!("kuppet: {message}"),
                    format!(
                        "line {} vs {}, column {} vs {} (puppet vs kuppet)",
                        opt(want_line),
                        opt(line),
                        opt(want_col),
                        opt(column)
                    ),
                ];
                if std::env::var_os("KUPPET_CASES_MESSAGES").is_some()
                    && essential_message(puppet) != essential_message(&message)
                {
                    println!(
                        "MESSAGE {}\n    puppet: {}\n    kuppet: {}",
                        case.name,
                        essential_message(puppet),
                        essential_message(&message)
                    );
                }
                match want_line {
                    Some(l) if line != Some(l) => {
                        notes.insert(0, "error on the wrong line".into());
                        Err(notes)
                    }
                    _ => Ok(()),
                }
            }
            Outcome::Panic(_) | Outcome::Hung => unreachable!("handled above"),
        };
    }
    let text = std::fs::read_to_string(&expected_json)
        .map_err(|e| vec![format!("no {}: {e}", expected_json.display())])?;
    let want: Value =
        serde_json::from_str(&text).map_err(|e| vec![format!("bad expected JSON: {e}")])?;
    match outcome {
        Outcome::Catalog(got) => {
            let problems = diff(&normalize(&want), &normalize(&got));
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems)
            }
        }
        Outcome::Error { message, .. } => Err(vec![format!("kuppet refused it: {message}")]),
        Outcome::Panic(_) | Outcome::Hung => unreachable!("handled above"),
    }
}

fn opt(v: Option<usize>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

/// `KNOWN_FAILURES`: case name → reason.
fn known_failures() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(cases_dir().join("KNOWN_FAILURES")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((name, reason)) => (name.to_string(), reason.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

#[test]
fn compile_cases_match_puppet() {
    let root = cases_dir();
    let mut cases = Vec::new();
    find_cases(&root, &root, &mut cases);
    assert!(!cases.is_empty(), "no cases under {}", root.display());
    let filter = std::env::var("KUPPET_CASES").ok();
    let show_known = std::env::var_os("KUPPET_CASES_ALL").is_some();
    let known = known_failures();
    let facts = read_facts();

    let mut report = String::new();
    let mut failures = Vec::new();
    let mut fixed = Vec::new();
    let (mut passed, mut known_failed, mut run) = (0, 0, 0);
    for case in &cases {
        if filter
            .as_ref()
            .is_some_and(|f| !case.name.contains(f.as_str()))
        {
            continue;
        }
        run += 1;
        let result = check(case, &facts);
        let is_known = known.contains_key(&case.name);
        report.push_str(&format!(
            "{}\t{}\t{}\n",
            case.name,
            if result.is_ok() { "pass" } else { "fail" },
            result
                .as_ref()
                .err()
                .and_then(|p| p.first())
                .map_or(String::new(), |s| s.replace(['\n', '\t'], " "))
        ));
        match result {
            Ok(()) if is_known => fixed.push(case.name.clone()),
            Ok(()) => passed += 1,
            Err(problems) => {
                if is_known {
                    known_failed += 1;
                    if !show_known {
                        continue;
                    }
                }
                let label = if is_known { "KNOWN FAIL" } else { "FAIL" };
                println!("{label} {}", case.name);
                for p in &problems {
                    println!("    {p}");
                }
                if !is_known {
                    failures.push(case.name.clone());
                }
            }
        }
    }
    if let Some(path) = std::env::var_os("KUPPET_CASES_REPORT") {
        std::fs::write(&path, report).expect("the report file is writable");
    }
    let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    let stale: Vec<&String> = known
        .keys()
        .filter(|k| !names.contains(k.as_str()))
        .collect();
    println!(
        "{run} cases: {passed} passed, {} failed, {known_failed} known failures, {} known failures now pass",
        failures.len(),
        fixed.len()
    );
    let mut msg = Vec::new();
    if !failures.is_empty() {
        msg.push(format!("failing cases:\n  {}", failures.join("\n  ")));
    }
    if !fixed.is_empty() {
        msg.push(format!(
            "these cases pass now: remove them from tests/compile/KNOWN_FAILURES:\n  {}",
            fixed.join("\n  ")
        ));
    }
    if filter.is_none() && !stale.is_empty() {
        msg.push(format!(
            "KNOWN_FAILURES names cases that do not exist: {stale:?}"
        ));
    }
    assert!(msg.is_empty(), "{}", msg.join("\n"));
}

#[test]
fn location_is_the_last_one_of_the_message() {
    let m = "Error: Evaluation Error: Duplicate declaration: File[/tmp/a] is already declared at (line: 1); cannot redeclare (line: 2) (line: 2, column: 1) on node n";
    assert_eq!(location_in(m), (Some(2), Some(1)));
    assert_eq!(
        location_in("Error: no parameter named 'x' (line: 3) on File[/a] (line: 4) on node n"),
        (Some(4), None)
    );
    assert_eq!(
        location_in("Error: Could not find resource 'X' on node n"),
        (None, None)
    );
    assert_eq!(
        location_in(
            "Error: return() from context where this is illegal (file: unknown, line: 2) on node n"
        ),
        (Some(2), None)
    );
    assert_eq!(
        location_in("Error: a (b) c (line: 5, column: 7)"),
        (Some(5), Some(7))
    );
}
