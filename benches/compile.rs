//! Compile benchmark: kuppet next to Puppet on the same generated manifests.
//!
//! `cargo bench --bench compile` generates manifests of 1,000, 10,000 and 50,000
//! resources (classes with parameters, defined types, resource defaults,
//! collectors with overrides, virtual resources and realize, chaining arrows)
//! and one of 1,000 classes x 15 resources (`1000x15`: files, packages,
//! services, defined types, `require`/`subscribe` and chains; ~15,000),
//! compiles each with kuppet in this process and with the real Puppet
//! (`../shared/tools/puppet-catalog`, or `$PUPPET_CATALOG`) in the same run, and
//! prints both times and the ratio. It then compiles one manifest for 1,000
//! different fact sets in one process and prints catalogs per second.
//! It ends with a fleet of 5 roles compiled with and without compile reuse
//! (`kuppet_eval::reuse`), in catalogs per second.
//! `KUPPET_BENCH_SIZES=1000,1000x15` picks sizes (`Nx15`: N classes of 15); `KUPPET_BENCH_NO_PUPPET=1` skips Puppet;
//! `KUPPET_BENCH_RUNS` (fact sets, default 1,000), `KUPPET_BENCH_THREADS` (default:
//! the cores) and `KUPPET_BENCH_NO_FLEET=1` shape the throughput runs (for profiling:
//! `KUPPET_BENCH_SIZES= KUPPET_BENCH_RUNS=3 KUPPET_BENCH_THREADS=1 KUPPET_BENCH_NO_FLEET=1
//! valgrind --tool=callgrind <the bench binary>`).

use kuppet_eval::{CompileRequest, ManifestInput, compile};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The production binary's allocator (`src/main.rs`): the bench measures
/// what `kuppet` runs, counting included.
#[global_allocator]
static ALLOC: kuppet_eval::budget::CountingAlloc = kuppet_eval::budget::CountingAlloc;

/// A manifest with about `n` resources exercising the compiler's features.
fn generate(n: usize) -> String {
    let mut out = String::new();
    out.push_str("File { owner => 'root', group => 'root' }\n");
    out.push_str("define app::vhost (Integer $port, String $docroot = \"/var/www/${title}\") {\n");
    out.push_str("  file { \"/etc/vhosts/${title}.conf\": ensure => file, content => \"port=${port} root=${docroot}\\n\", tag => 'vhost' }\n");
    out.push_str("  file { $docroot: ensure => directory }\n}\n");
    // Each class holds ~20 resources: 10 files, 3 defines (6 resources), 2 packages,
    // 2 virtual users (realized by a collector) and chains between them.
    let classes = n.div_ceil(20).max(1);
    for c in 0..classes {
        out.push_str(&format!(
            "class role::c{c} (String $mode = '0644', Array[String] $pkgs = ['pkg{c}a', 'pkg{c}b']) {{\n"
        ));
        out.push_str("  Package { ensure => installed }\n");
        out.push_str("  package { $pkgs: }\n");
        for f in 0..10 {
            out.push_str(&format!(
                "  file {{ '/srv/c{c}/f{f}': ensure => file, mode => $mode, content => \"c{c} f{f} ${{facts['networking']['hostname']}}\" }}\n"
            ));
        }
        for d in 0..3 {
            out.push_str(&format!(
                "  app::vhost {{ 'c{c}-site{d}': port => {} }}\n",
                8000 + d
            ));
        }
        out.push_str(&format!(
            "  @user {{ ['u{c}a', 'u{c}b']: ensure => present, tag => 'team{}' }}\n",
            c % 7
        ));
        out.push_str(&format!(
            "  File['/srv/c{c}/f0'] -> File['/srv/c{c}/f1'] ~> Package['pkg{c}a']\n"
        ));
        out.push_str("}\n");
    }
    for c in 0..classes {
        if c == 0 {
            out.push_str(&format!("class {{ 'role::c{c}': mode => '0600' }}\n"));
        } else {
            out.push_str(&format!("include role::c{c}\n"));
        }
    }
    out.push_str("User <| tag == 'team1' or tag == 'team3' |> { shell => '/bin/bash' }\n");
    out.push_str("File <| tag == 'vhost' |> { mode => '0640' }\n");
    out.push_str("Class['role::c0'] -> Class['role::c1']\n");
    out
}

/// Issue 16's large manifest: `classes` classes of 15 resources each (the
/// class, 2 packages, a directory, 6 files, 2 defined types with a file each,
/// a service) tied by `require`, `subscribe` and chaining arrows.
fn generate_classes(classes: usize) -> String {
    let mut out = String::new();
    out.push_str("define prof::conf (String $value) {\n");
    out.push_str(
        "  file { \"/etc/conf.d/${title}\": ensure => file, content => \"${value}\\n\" }\n}\n",
    );
    for c in 0..classes {
        out.push_str(&format!(
            "class prof::c{c} (String $ver = 'latest', String $mode = '0644') {{\n"
        ));
        out.push_str(&format!(
            "  package {{ ['p{c}a', 'p{c}b']: ensure => $ver }}\n  file {{ '/etc/p{c}': ensure => directory }}\n"
        ));
        for f in 0..6 {
            out.push_str(&format!(
                "  file {{ '/etc/p{c}/f{f}': ensure => file, mode => $mode, content => \"${{facts['networking']['hostname']}} {f}\", require => Package['p{c}a'] }}\n"
            ));
        }
        for d in 0..2 {
            out.push_str(&format!(
                "  prof::conf {{ 'c{c}-{d}': value => \"${{ver}} {d}\" }}\n"
            ));
        }
        out.push_str(&format!(
            "  service {{ 's{c}': ensure => running, enable => true, subscribe => File['/etc/p{c}/f0'] }}\n"
        ));
        out.push_str(&format!(
            "  File['/etc/p{c}'] -> File['/etc/p{c}/f1'] -> Prof::Conf['c{c}-0']\n  Package['p{c}b'] ~> Service['s{c}']\n}}\n"
        ));
    }
    for c in 0..classes {
        out.push_str(&format!("include prof::c{c}\n"));
    }
    out
}

fn facts(hostname: &str, cpus: u64) -> serde_json::Map<String, serde_json::Value> {
    let v = serde_json::json!({
        "hostname": hostname,
        "fqdn": format!("{hostname}.example.com"),
        "networking": { "hostname": hostname, "fqdn": format!("{hostname}.example.com"), "ip": "10.0.0.1" },
        "processors": { "count": cpus },
        "os": { "family": "Debian", "name": "Debian", "release": { "major": "12", "full": "12.7" } },
        "kernel": "Linux",
    });
    match v {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

fn kuppet_compile(
    source: &str,
    facts: serde_json::Map<String, serde_json::Value>,
    node: &str,
) -> (Duration, usize) {
    let start = Instant::now();
    let manifest = kuppet_syntax::parse("bench.pp", source).expect("generated manifest parses");
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts,
        node: node.to_string(),
        modulepath: Vec::new(),
        allow_generate: false,
        limits: Default::default(),
    };
    let catalog = compile(&request).expect("generated manifest compiles");
    (start.elapsed(), catalog.resources.len())
}

fn puppet_catalog_tool() -> Option<PathBuf> {
    if std::env::var_os("KUPPET_BENCH_NO_PUPPET").is_some() {
        return None;
    }
    let candidates = [
        std::env::var("PUPPET_CATALOG").ok().map(PathBuf::from),
        Some(
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("../shared/tools/puppet-catalog"),
        ),
        // A worktree elsewhere (`/work/wt/NAME`) uses the shared tools too.
        Some(PathBuf::from("/work/shared/tools/puppet-catalog")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.is_file() && Path::new("/usr/lib/ruby/vendor_ruby/puppet.rb").exists())
}

fn puppet_compile(tool: &Path, source: &str) -> Option<Duration> {
    let dir = tempfile::tempdir().ok()?;
    let pp = dir.path().join("bench.pp");
    let facts_file = dir.path().join("facts.json");
    std::fs::write(&pp, source).ok()?;
    std::fs::write(
        &facts_file,
        serde_json::Value::Object(facts("node1", 2)).to_string(),
    )
    .ok()?;
    let start = Instant::now();
    let out = Command::new(tool)
        .arg(&pp)
        .arg("--facts")
        .arg(&facts_file)
        .arg("--node")
        .arg("node1.example.com")
        .output()
        .ok()?;
    let elapsed = start.elapsed();
    if !out.status.success() {
        eprintln!(
            "puppet-catalog failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        );
        return None;
    }
    Some(elapsed)
}

fn main() {
    // `N`: `generate(N)`; `Nx15`: `generate_classes(N)` (issue 16's ~15k).
    let sizes: Vec<(String, String)> = std::env::var("KUPPET_BENCH_SIZES")
        .unwrap_or_else(|_| "1000,1000x15,10000,50000".to_string())
        .split(',')
        .filter_map(|x| {
            let x = x.trim();
            match x.strip_suffix("x15") {
                Some(classes) => Some((x.to_string(), generate_classes(classes.parse().ok()?))),
                None => Some((x.to_string(), generate(x.parse().ok()?))),
            }
        })
        .collect();
    let tool = puppet_catalog_tool();
    if tool.is_none() {
        println!("(the reference Puppet is not installed: kuppet times only)");
    }
    println!(
        "{:>8} {:>10} {:>12} {:>12} {:>9} {:>14}",
        "size", "resources", "kuppet", "puppet", "ratio", "kuppet µs/res"
    );
    for (n, source) in &sizes {
        // Best of three in-process runs.
        let mut best = Duration::MAX;
        let mut count = 0;
        for _ in 0..3 {
            let (t, c) = kuppet_compile(source, facts("node1", 2), "node1.example.com");
            best = best.min(t);
            count = c;
        }
        let puppet = tool.as_ref().and_then(|t| puppet_compile(t, source));
        let (puppet_s, ratio) = match puppet {
            Some(p) => (
                format!("{:.3}s", p.as_secs_f64()),
                format!("{:.0}x", p.as_secs_f64() / best.as_secs_f64()),
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        println!(
            "{:>8} {:>10} {:>11.4}s {:>12} {:>9} {:>14.2}",
            n,
            count,
            best.as_secs_f64(),
            puppet_s,
            ratio,
            best.as_secs_f64() * 1e6 / count.max(1) as f64
        );
    }

    fleet_throughput();
}

/// The CPU time this process used so far (user + system, Linux's
/// `/proc/self/stat`), for rates that do not depend on a shared machine's
/// load; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    // Linux reports clock ticks of 1/100 s (USER_HZ).
    Some((utime + stime) / 100.0)
}

/// `runs` catalogs in `wall` and `cpu` seconds, as rates.
fn rates(runs: usize, wall: Duration, cpu: Option<f64>) -> String {
    let per_cpu = cpu
        .filter(|c| *c > 0.0)
        .map(|c| format!(", {:.0} catalogs per CPU-second", runs as f64 / c))
        .unwrap_or_default();
    format!(
        "{:.2}s, {:.0} catalogs/s{per_cpu}",
        wall.as_secs_f64(),
        runs as f64 / wall.as_secs_f64()
    )
}

/// The environment variable `name` as a number, or `default`.
fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Catalogs per second for one 1,000-resource manifest over many fact sets
/// (`KUPPET_BENCH_RUNS`, default 1,000), on `KUPPET_BENCH_THREADS` threads
/// (default: the machine's cores): every node with distinct facts, then a
/// fleet of 5 roles compiled with and without reuse.
fn fleet_throughput() {
    let runs = env_number("KUPPET_BENCH_RUNS", 1_000);
    let threads = env_number(
        "KUPPET_BENCH_THREADS",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    )
    .max(1);
    let source = generate(1_000);
    let manifest = Arc::new(kuppet_syntax::parse("bench.pp", &source).expect("parses"));
    let request = |i: usize| {
        let host = format!("node{i}");
        CompileRequest {
            manifests: vec![ManifestInput {
                manifest: manifest.clone(),
                apply_top_level: true,
            }],
            facts: facts(&host, (i % 16 + 1) as u64),
            node: format!("{host}.example.com"),
            ..CompileRequest::default()
        }
    };
    let start = Instant::now();
    let cpu = cpu_seconds();
    std::thread::scope(|s| {
        for t in 0..threads {
            let request = &request;
            s.spawn(move || {
                for i in (t..runs).step_by(threads) {
                    compile(&request(i)).expect("compiles");
                }
            });
        }
    });
    let cpu = cpu_seconds().zip(cpu).map(|(b, a)| b - a);
    println!(
        "{runs} fact sets x 1,000-resource manifest (parsed once, {threads} threads): {}",
        rates(runs, start.elapsed(), cpu)
    );

    if std::env::var_os("KUPPET_BENCH_NO_FLEET").is_some() {
        return;
    }
    // A fleet of 5 roles: the catalog depends on the role and the OS family
    // only; every node has its own name, address and uptime.
    let roles = role_manifest();
    let roles = Arc::new(kuppet_syntax::parse("roles.pp", &roles).expect("parses"));
    let fleet: Vec<CompileRequest> = (0..runs)
        .map(|i| {
            let host = format!("node{i}");
            let mut f = facts(&host, (i % 16 + 1) as u64);
            f.insert("role".into(), serde_json::json!(ROLES[i % ROLES.len()]));
            f.insert("uptime_seconds".into(), serde_json::json!(i * 37));
            CompileRequest {
                manifests: vec![ManifestInput {
                    manifest: roles.clone(),
                    apply_top_level: true,
                }],
                facts: f,
                node: format!("{host}.example.com"),
                ..CompileRequest::default()
            }
        })
        .collect();
    // Reuse: 0 none, 1 an owned copy of each catalog, 2 shared catalogs.
    let per_thread = |reuse: u8| {
        let start = Instant::now();
        let cpu = cpu_seconds();
        let compiled = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for t in 0..threads {
                let (fleet, compiled) = (&fleet, &compiled);
                s.spawn(move || {
                    // One cache per thread: no lock in the measurement.
                    let mut cache = kuppet_eval::reuse::ReuseCache::new(0);
                    for r in fleet.iter().skip(t).step_by(threads) {
                        match reuse {
                            0 => {
                                compile(r).expect("compiles");
                                cache.stats.compiled += 1;
                            }
                            1 => {
                                kuppet_eval::reuse::compile_reusing(
                                    &mut cache,
                                    r,
                                    &Default::default(),
                                )
                                .expect("compiles");
                            }
                            _ => {
                                if cache.get_shared(&r.node, &r.facts).is_none() {
                                    kuppet_eval::reuse::compile_reusing(
                                        &mut cache,
                                        r,
                                        &Default::default(),
                                    )
                                    .expect("compiles");
                                }
                            }
                        }
                    }
                    compiled.fetch_add(cache.stats.compiled, std::sync::atomic::Ordering::Relaxed);
                });
            }
        });
        let cpu = cpu_seconds().zip(cpu).map(|(b, a)| b - a);
        (start.elapsed(), cpu, compiled.into_inner())
    };
    for (reuse, how) in [
        (0, "without reuse"),
        (1, "with reuse, each catalog copied"),
        (2, "with reuse, catalogs shared"),
    ] {
        let (elapsed, cpu, compiled) = per_thread(reuse);
        println!(
            "fleet of {runs} nodes, 5 roles, {how} ({threads} threads): {}, {compiled} compiles",
            rates(runs, elapsed, cpu)
        );
    }
}

const ROLES: [&str; 5] = ["web", "db", "cache", "lb", "worker"];

/// Five roles of ~1,000 resources each (the generated manifest's classes,
/// split among them), chosen by the `role` fact, reading the OS family.
fn role_manifest() -> String {
    let base = generate(1_000);
    // `generate` ends with its includes: keep the definitions only.
    let defs: String = base
        .lines()
        .filter(|l| !l.starts_with("include ") && !l.starts_with("class {"))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        // Files name the OS release, not the host.
        .replace(
            "facts['networking']['hostname']",
            "facts['os']['release']['major']",
        );
    let mut out = defs;
    for (r, role) in ROLES.iter().enumerate() {
        out.push_str(&format!("class role::{role} {{\n"));
        for c in 0..50 {
            out.push_str(&format!("  include role::c{c}\n"));
        }
        out.push_str(&format!(
            "  file {{ '/etc/role': content => \"{role} {r} ${{facts['os']['family']}}\" }}\n}}\n"
        ));
    }
    out.push_str("include \"role::${facts['role']}\"\n");
    out
}
