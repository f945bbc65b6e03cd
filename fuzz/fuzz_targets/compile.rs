//! Fuzz target: any text through the front end, the compiler and the run
//! graph must give a catalog and a graph (or a cycle), or a located error —
//! never a panic, a stack overflow or a hang. Seed it with the compile cases:
//! `mkdir -p fuzz/corpus/compile && cp tests/compile/*/*.pp fuzz/corpus/compile/`,
//! then `cargo +nightly fuzz run compile -- -dict=fuzz/compile.dict -timeout=10`.
//! The dictionary has extreme integers, huge widths, iterators over huge
//! ranges, deep nesting and recursion.
#![no_main]

use kuppet_catalog::graph::RunGraph;
use kuppet_eval::{CompileRequest, Limits, ManifestInput, compile};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;
use std::time::Duration;

fn facts() -> serde_json::Map<String, serde_json::Value> {
    let v = serde_json::json!({
        "os": {"family": "Debian", "name": "Debian", "release": {"major": "12", "full": "12.5"}},
        "hostname": "node1", "fqdn": "node1.example.com", "kernel": "Linux",
        "networking": {"ip": "10.0.0.1", "interfaces": {"eth0": {"ip": "10.0.0.1"}}},
        "processors": {"count": 2}, "memory": {"system": {"total_bytes": 1073741824}},
    });
    match v {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(manifest) = kuppet_syntax::parse("fuzz.pp", source) else {
        return;
    };
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts: facts(),
        node: "node1.example.com".into(),
        modulepath: Vec::new(),
        allow_generate: false,
        // Small enough that a runaway input ends in a budget error well
        // within libFuzzer's timeout.
        limits: Limits {
            max_steps: 200_000,
            max_time: Duration::from_secs(3),
            max_bytes: 1 << 20,
            max_memory: 256 << 20,
        },
    };
    match compile(&request) {
        Ok(catalog) => {
            let _ = serde_json::to_string(&catalog);
            let _ = RunGraph::build(&catalog, &kuppet_resources::autorequire);
        }
        Err(d) => {
            let _ = d.render();
        }
    }
});
