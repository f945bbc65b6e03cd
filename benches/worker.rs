//! Compile-worker benchmark: one node's compile in this process beside the
//! same compile through a pool of `kuppet compile-worker` processes (the
//! controller's path: the request framed over a pipe, the worker sandboxed
//! and parsing with its cache, the catalog framed back), in the same run.
//!
//! `cargo bench --bench worker` prints the median of each, the worker's
//! overhead, and the worker's peak resident memory. `KUPPET_BENCH_RESOURCES`
//! sets the manifest's size (default 1,000 resources), `KUPPET_BENCH_RUNS`
//! the compiles per side (default 20).

use kuppet_eval::{CompileRequest, ManifestInput, compile};
use kuppet_worker::pool::{Pool, PoolConfig};
use kuppet_worker::protocol::{Outcome, Request, Source};
use kuppet_worker::sandbox::ProcessLimits;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// About `n` resources: classes of files, a defined type, chains.
fn generate(n: usize) -> String {
    let mut out = String::from(
        "define app::vhost (Integer $port) {\n  file { \"/etc/vhosts/${title}.conf\": content => \"port=${port}\\n\" }\n}\n",
    );
    let classes = n.div_ceil(10).max(1);
    for c in 0..classes {
        out.push_str(&format!("class role::c{c} {{\n"));
        for f in 0..8 {
            out.push_str(&format!(
                "  file {{ '/srv/c{c}/f{f}': content => \"c{c} f{f} ${{facts['os']['family']}}\" }}\n"
            ));
        }
        out.push_str(&format!(
            "  app::vhost {{ 'c{c}': port => {} }}\n",
            8000 + c
        ));
        out.push_str(&format!(
            "  File['/srv/c{c}/f0'] -> File['/srv/c{c}/f1']\n}}\ninclude role::c{c}\n"
        ));
    }
    out
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let size = env_usize("KUPPET_BENCH_RESOURCES", 1000);
    let runs = env_usize("KUPPET_BENCH_RUNS", 20).max(1);
    let source = generate(size);
    let facts: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(r#"{"os": {"family": "Debian"}}"#).expect("facts");

    // In process: parse once (the controller's cache), compile each time.
    let parsed = Arc::new(kuppet_syntax::parse("bench/site.pp", &source).expect("parses"));
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: parsed,
            apply_top_level: true,
        }],
        facts: facts.clone(),
        node: "web-1".into(),
        modulepath: Vec::new(),
        allow_generate: false,
        limits: Default::default(),
    };
    let mut resources = 0;
    let local: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            resources = compile(&request).expect("compiles").resources.len();
            t.elapsed()
        })
        .collect();

    let pool = Pool::new(PoolConfig {
        program: env!("CARGO_BIN_EXE_kuppet").into(),
        args: vec!["compile-worker".into()],
        workers: 1,
        limits: ProcessLimits {
            address_space: 2 << 30,
            cpu_seconds: 600,
            open_files: 256,
        },
        deadline: Duration::from_secs(120),
        start_timeout: Duration::from_secs(30),
    });
    let wire = Request {
        node: "web-1".into(),
        manifests: vec![Source {
            path: "bench/site.pp".into(),
            source: source.clone(),
            apply_top_level: true,
        }],
        facts,
        ..Default::default()
    };
    let mut no_secrets = |_: &str, _: &str, _: &str| Err("none".to_string());
    let mut through = |label: &str| {
        let t = Instant::now();
        match pool.compile(&wire, &mut no_secrets) {
            Ok(Outcome::Compiled { catalog, stats, .. }) => {
                assert_eq!(catalog.resources.len(), resources, "{label}");
                (t.elapsed(), stats)
            }
            other => panic!("{label}: {other:?}"),
        }
    };
    // The first compile starts the worker and parses; later ones reuse both.
    let (first, _) = through("first");
    let mut last = None;
    let worker: Vec<Duration> = (0..runs)
        .map(|_| {
            let (d, stats) = through("again");
            last = Some(stats);
            d
        })
        .collect();
    let (local, worker) = (median(local), median(worker));
    println!("worker bench: {resources} resources, {runs} compiles per side (medians)");
    println!(
        "  in process:           {:>8.1} ms",
        local.as_secs_f64() * 1e3
    );
    println!(
        "  through a worker:     {:>8.1} ms  (+{:.1} ms, x{:.2})",
        worker.as_secs_f64() * 1e3,
        (worker.as_secs_f64() - local.as_secs_f64()) * 1e3,
        worker.as_secs_f64() / local.as_secs_f64().max(1e-9)
    );
    println!(
        "  first (spawn, sandbox, parse): {:.1} ms",
        first.as_secs_f64() * 1e3
    );
    if let Some(s) = last {
        println!("  worker peak RSS:      {:>8} KiB", s.max_rss_kib);
    }
}
