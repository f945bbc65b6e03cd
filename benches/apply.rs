//! Benchmark of a no-change run: 1,000 file resources and 100 guarded execs,
//! `kuppet apply` next to `puppet apply` on the same manifest, in the same run.
//! Prints both times, the ratio and each one's peak memory.
//!
//! `cargo bench --bench apply [-- --runs N --skip-puppet]`
//!
//! kuppet applies Puppet's own catalog of the manifest (compiled with
//! `../shared/tools/puppet-catalog`) until `kuppet compile` exists; when
//! `kuppet compile` works, kuppet compiles the manifest itself, like Puppet.
//! Without the reference Puppet the catalog is generated here and only
//! kuppet is timed.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const FILES: usize = 1000;
const EXECS: usize = 100;

/// Runs a command, returns (seconds, peak RSS in KiB, exit code, stdout).
/// The child is reaped by `wait4`, which also gives its peak memory.
#[allow(clippy::zombie_processes)]
fn measure(cmd: &mut Command) -> (f64, i64, i32, String) {
    let started = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("command starts");
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        use std::io::Read;
        let _ = stdout.read_to_string(&mut out);
    }
    let mut status = 0;
    // SAFETY: wait4 on our own child, with zeroed out-parameters.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    unsafe {
        libc::wait4(pid, &mut status, 0, &mut usage);
    }
    let secs = started.elapsed().as_secs_f64();
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (secs, usage.ru_maxrss, code, out)
}

fn manifest(sandbox: &Path) -> String {
    let s = sandbox.display();
    let mut m = String::new();
    m.push_str(&format!("file {{ '{s}/files': ensure => directory }}\n"));
    for i in 0..FILES {
        m.push_str(&format!(
            "file {{ '{s}/files/f{i}': ensure => file, content => \"file {i}\\n\", mode => '0644' }}\n"
        ));
    }
    for i in 0..EXECS {
        if i % 2 == 0 {
            m.push_str(&format!(
                "exec {{ 'guarded-{i}': command => '/usr/bin/touch {s}/m{i}', unless => '/usr/bin/test -f {s}/m{i}' }}\n"
            ));
        } else {
            m.push_str(&format!(
                "exec {{ 'guarded-{i}': command => '/usr/bin/touch {s}/m{i}', onlyif => '/usr/bin/test ! -f {s}/m{i}' }}\n"
            ));
        }
    }
    m
}

/// The catalog Puppet compiles for the manifest, written here when the
/// reference Puppet is not installed.
fn generated_catalog(sandbox: &Path) -> Value {
    let s = sandbox.display().to_string();
    let mut resources = vec![
        json!({"type": "Stage", "title": "main", "tags": ["stage"], "exported": false, "kind": "compilable_type", "parameters": {"name": "main"}}),
        json!({"type": "Class", "title": "main", "tags": ["class"], "exported": false, "kind": "unknown", "parameters": {"name": "main"}}),
    ];
    let mut edges = vec![json!({"source": "Stage[main]", "target": "Class[main]"})];
    let mut add = |ty: &str, title: String, params: Value| {
        edges.push(json!({"source": "Class[main]", "target": format!("{ty}[{title}]")}));
        resources.push(
            json!({"type": ty, "title": title, "tags": [ty.to_lowercase(), "class"],
            "exported": false, "kind": "compilable_type", "parameters": params}),
        );
    };
    add("File", format!("{s}/files"), json!({"ensure": "directory"}));
    for i in 0..FILES {
        add(
            "File",
            format!("{s}/files/f{i}"),
            json!({"ensure": "file", "content": format!("file {i}\n"), "mode": "0644"}),
        );
    }
    for i in 0..EXECS {
        let guard = if i % 2 == 0 {
            ("unless", format!("/usr/bin/test -f {s}/m{i}"))
        } else {
            ("onlyif", format!("/usr/bin/test ! -f {s}/m{i}"))
        };
        add(
            "Exec",
            format!("guarded-{i}"),
            json!({"command": format!("/usr/bin/touch {s}/m{i}"), guard.0: guard.1}),
        );
    }
    json!({"tags": ["settings"], "name": "bench.example.com", "version": 1, "code_id": null,
           "catalog_uuid": "bench", "catalog_format": 2, "environment": "production",
           "resources": resources, "edges": edges, "classes": ["settings"]})
}

fn shared_tools() -> Option<PathBuf> {
    let candidates = [
        std::env::var("KUPPET_SHARED").ok().map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")),
        Some(PathBuf::from("/work/shared")),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|p| p.join("tools"))
        .find(|p| p.join("puppet-catalog").exists())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn applied_in(out: &str) -> Option<f64> {
    out.lines()
        .find_map(|l| l.strip_prefix("Notice: Applied catalog in "))
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    let skip_puppet = args.iter().any(|a| a == "--skip-puppet");
    let kuppet = env!("CARGO_BIN_EXE_kuppet");
    let work = std::env::temp_dir().join(format!("kuppet-bench-{}", std::process::id()));
    let sandbox = work.join("sandbox");
    std::fs::create_dir_all(&sandbox).expect("sandbox");
    let pp = work.join("bench.pp");
    std::fs::write(&pp, manifest(&sandbox)).expect("manifest");

    let puppet = !skip_puppet
        && Command::new("puppet")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    let tools = shared_tools();

    // How kuppet gets its catalog.
    let compiles = Command::new(kuppet)
        .args(["compile"])
        .arg(&pp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let catalog = work.join("catalog.json");
    let source = if compiles {
        "kuppet apply bench.pp (compiles the manifest)".to_string()
    } else if let (true, Some(tools)) = (puppet, &tools) {
        let out = Command::new(tools.join("puppet-catalog"))
            .arg(&pp)
            .output()
            .expect("puppet-catalog runs");
        assert!(out.status.success(), "puppet-catalog failed");
        std::fs::write(&catalog, &out.stdout).expect("catalog");
        "kuppet apply --catalog <Puppet's catalog of bench.pp> (kuppet compile is not built yet)"
            .to_string()
    } else {
        std::fs::write(&catalog, generated_catalog(&sandbox).to_string()).expect("catalog");
        "kuppet apply --catalog <catalog generated for bench.pp> (no reference Puppet, no kuppet compile)"
            .to_string()
    };
    let kuppet_cmd = || {
        let mut c = Command::new(kuppet);
        c.arg("apply").arg("--detailed-exitcodes");
        if compiles {
            c.arg(&pp);
        } else {
            c.arg("--catalog").arg(&catalog);
        }
        c
    };

    // Converge once, so the timed runs change nothing.
    let (_, _, code, _) = measure(&mut kuppet_cmd());
    assert!(
        code == 2 || code == 0,
        "first kuppet run failed with {code}"
    );

    let mut times = Vec::new();
    let mut transaction = Vec::new();
    let mut rss = 0;
    for _ in 0..runs {
        let (secs, peak, code, out) = measure(&mut kuppet_cmd());
        assert_eq!(code, 0, "a no-change kuppet run must exit 0");
        times.push(secs);
        transaction.extend(applied_in(&out));
        rss = rss.max(peak);
    }
    let k = median(times);
    println!("no-change run: {FILES} file resources + {EXECS} guarded execs (unless/onlyif)");
    println!("kuppet: {source}");
    println!(
        "  kuppet  {k:8.3} s wall (median of {runs}), peak RSS {:6.1} MiB, transaction {:.3} s",
        rss as f64 / 1024.0,
        transaction.first().copied().unwrap_or(f64::NAN)
    );

    if puppet {
        let state = work.join("puppet-state");
        let puppet_cmd = || {
            let mut c = Command::new("puppet");
            c.arg("apply")
                .arg(&pp)
                .args(["--detailed-exitcodes", "--color=false"])
                .arg("--confdir")
                .arg(state.join("conf"))
                .arg("--vardir")
                .arg(state.join("var"))
                .arg("--codedir")
                .arg(state.join("code"))
                .arg("--logdir")
                .arg(state.join("log"))
                .arg("--rundir")
                .arg(state.join("run"));
            c
        };
        let puppet_runs = runs.clamp(1, 3);
        let mut ptimes = Vec::new();
        let mut prss = 0;
        let mut papplied = Vec::new();
        for _ in 0..puppet_runs {
            let (secs, peak, code, out) = measure(&mut puppet_cmd());
            assert_eq!(code, 0, "a no-change puppet run must exit 0 (got {code})");
            ptimes.push(secs);
            prss = prss.max(peak);
            papplied.extend(applied_in(&out));
        }
        let p = median(ptimes);
        println!(
            "  puppet  {p:8.3} s wall (median of {puppet_runs}), peak RSS {:6.1} MiB, transaction {:.3} s (puppet apply bench.pp)",
            prss as f64 / 1024.0,
            papplied.first().copied().unwrap_or(f64::NAN)
        );
        println!("  ratio   {:.1}x faster (wall clock)", p / k);
        if let (Some(pa), Some(ka)) = (papplied.first(), transaction.first())
            && *ka > 0.0
        {
            println!("          {:.1}x faster (transaction only)", pa / ka);
        }
        println!(
            "  memory  {:.1}x less (peak RSS)",
            prss as f64 / rss.max(1) as f64
        );
    } else {
        println!("  puppet  not run (--skip-puppet or no `puppet` installed)");
    }
    let _ = std::fs::remove_dir_all(&work);
}
