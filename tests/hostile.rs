//! Hostile cases: every `tests/hostile/NAME.pp` is an input meant to take the
//! compiler down (extreme integers in access and arithmetic, huge `sprintf`
//! widths, ranges of 10^13 elements, values that double in a loop, unbounded
//! recursion, deep nesting, ERB through `inline_template`, EPP through
//! `inline_epp`, Hiera data whose interpolation loops or explodes through
//! `NAME.hiera.yaml` and `NAME.data/`). Each must end in a located error, the
//! one in `NAME.error` (the diagnostic's code, then its headline): never a
//! panic (`INTERNAL_ERROR`), an abort, a stack overflow or a hang.
//!
//! Where Puppet 7.23 gives a message, the expected error carries it (cases
//! that compute a result end in `fail("got ${result}")`, so Puppet's result is
//! the message); where Puppet hangs, exhausts memory or dies, it is kuppet's
//! located budget message. `tests/hostile/README.md` says which is which.
//!
//! The compiles run under a small budget ([`limits`]) so that runaway cases
//! end quickly in a debug build; the messages name those limits.
//! Environment: `KUPPET_HOSTILE=substring` runs only the matching cases;
//! `KUPPET_HOSTILE_BLESS=1` writes each case's `NAME.error` from kuppet's
//! result (review the diff against Puppet's before committing).

use kuppet_eval::{CompileRequest, Limits, ManifestInput};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

fn cases_dir() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/hostile")
}

/// The budget of every case: small enough that a runaway case ends in well
/// under a second of a debug build, large enough for every finite case.
fn limits() -> Limits {
    Limits {
        max_steps: 200_000,
        max_time: Duration::from_secs(60),
        max_bytes: 1 << 20,
        max_memory: 512 << 20,
    }
}

fn facts() -> serde_json::Map<String, serde_json::Value> {
    let path =
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/compile/facts.yaml");
    let text = std::fs::read_to_string(&path).expect("tests/compile/facts.yaml is readable");
    match serde_yaml::from_str(&text).expect("facts.yaml is YAML") {
        serde_json::Value::Object(m) => m,
        _ => panic!("facts.yaml is not a map"),
    }
}

/// What kuppet made of a case: `CODE: headline`, or why that is wrong.
fn run(pp: &Path, facts: serde_json::Map<String, serde_json::Value>) -> Result<String, String> {
    let name = pp
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string();
    let source = std::fs::read_to_string(pp).map_err(|e| format!("cannot read: {e}"))?;
    let describe = |d: kuppet_syntax::diagnostics::Diagnostic| -> Result<String, String> {
        if d.code == "INTERNAL_ERROR" {
            return Err(format!("a panic: {}", d.headline()));
        }
        match &d.location {
            Some(loc) if loc.line > 0 => Ok(format!("{}: {}", d.code, d.headline())),
            _ => Err(format!("an error without a location: {}", d.headline())),
        }
    };
    let manifest = match kuppet_syntax::parse(&name, &source) {
        Ok(m) => m,
        Err(d) => return describe(d),
    };
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts,
        node: "node1.example.com".to_string(),
        modulepath: Vec::new(),
        allow_generate: false,
        limits: limits(),
    };
    let hiera = pp.with_extension("hiera.yaml");
    let data = kuppet_eval::DataConfig {
        hiera_config: hiera.is_file().then_some(hiera),
        ..Default::default()
    };
    match kuppet_eval::compile_with_data(&request, &data) {
        Ok(_) => Err("compiled without an error".to_string()),
        Err(d) => describe(d),
    }
}

#[test]
fn hostile_inputs_give_located_errors() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/hostile exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 100, "only {} hostile cases", cases.len());
    let only = std::env::var("KUPPET_HOSTILE").ok();
    let bless = std::env::var_os("KUPPET_HOSTILE_BLESS").is_some();
    let facts = facts();
    let mut failures = Vec::new();
    for pp in &cases {
        let name = pp
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let expected_file = pp.with_extension("error");
        // On a main thread's 8 MiB, as `kuppet` parses: a debug build
        // needs ~2.7 MiB at the parser's depth limit (`kuppet_syntax::MAX_DEPTH`),
        // more than a test thread's 2 MiB.
        let got = {
            let (pp, facts) = (pp.clone(), facts.clone());
            std::thread::Builder::new()
                .stack_size(8 << 20)
                .spawn(move || run(&pp, facts))
                .expect("a thread")
                .join()
                .unwrap_or_else(|_| Err("a panic in the test".to_string()))
        };
        match got {
            Err(why) => failures.push(format!("{name}: {why}")),
            Ok(got) => {
                if bless {
                    std::fs::write(&expected_file, format!("{got}\n")).expect("writes .error");
                    continue;
                }
                let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
                if expected.trim_end() != got {
                    failures.push(format!(
                        "{name}:\n  expected: {}\n  got:      {got}",
                        expected.trim_end()
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} hostile case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
