//! The cost of crossing into Ruby: a manifest calling a module's Ruby
//! function N times against the same manifest calling a native function.
//!
//! `cargo bench -p kuppet-eval --bench ruby` compiles, for N in 1,000 and
//! 10,000 (`KUPPET_BENCH_SIZES=...`), `notify` resources whose message is
//! `rubyfn::shape($i)` (a 4.x function: dispatch by kuppet's types, one
//! round trip to the Ruby thread), `rubyfn_upper($i)` (a legacy function),
//! `rubyfn::calls($i)` (Ruby calling back into two native functions and a
//! Ruby one) and `abs($i)` (native), and prints each compile's time and the
//! time per call beyond the native one. The fixture module is the one of
//! `tests/compile/ruby_functions/`.

use kuppet_eval::{CompileRequest, ManifestInput, compile};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn manifest(call: &str, n: usize) -> String {
    format!("range(1, {n}).each |$i| {{ notify {{ \"n${{i}}\": message => {call} }} }}\n")
}

fn time(source: &str) -> Duration {
    let modules = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/compile/ruby_functions/shared.modules"
    ));
    let manifest = kuppet_syntax::parse("bench.pp", source).expect("parses");
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts: Default::default(),
        node: "bench.example.com".into(),
        modulepath: vec![modules],
        allow_generate: false,
        limits: Default::default(),
    };
    // Best of three.
    (0..3)
        .map(|_| {
            let t = Instant::now();
            compile(&request).expect("compiles");
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let sizes: Vec<usize> = std::env::var("KUPPET_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000]);
    // Start the VM outside the measurements.
    time(&manifest("rubyfn::shape($i)", 1));
    for n in sizes {
        let native = time(&manifest("abs($i)", n));
        println!(
            "N={n:>6} native abs():            {:>9.1} ms",
            native.as_secs_f64() * 1e3
        );
        for (label, call) in [
            ("4.x rubyfn::shape()", "rubyfn::shape($i)"),
            ("legacy rubyfn_upper()", "rubyfn_upper($i)"),
            ("rubyfn::calls() (3 callbacks)", "rubyfn::calls($i)"),
        ] {
            let t = time(&manifest(call, n));
            let per_call = (t.as_secs_f64() - native.as_secs_f64()) / n as f64 * 1e6;
            println!(
                "N={n:>6} {label:<30} {:>9.1} ms  ({per_call:.1} µs per call beyond native)",
                t.as_secs_f64() * 1e3
            );
        }
    }
}
