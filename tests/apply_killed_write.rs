//! Kills `kuppet apply` at random moments while it rewrites large files, many
//! times over, and checks every file is whole afterwards: the old content or
//! the new one, never a torn mix and never missing.

use serde_json::json;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const FILES: usize = 4;
const SIZE: usize = 2 << 20;
const ROUNDS: usize = 30;

fn catalog(dir: &Path, fill: char) -> String {
    let content: String = std::iter::repeat_n(fill, SIZE).collect();
    let mut resources = vec![
        json!({"type": "Stage", "title": "main", "tags": ["stage"], "kind": "compilable_type"}),
        json!({"type": "Class", "title": "main", "tags": ["class"], "kind": "unknown"}),
    ];
    let mut edges = vec![json!({"source": "Stage[main]", "target": "Class[main]"})];
    for i in 0..FILES {
        let path = dir.join(format!("big{i}")).to_string_lossy().into_owned();
        resources.push(json!({"type": "File", "title": path, "tags": ["file"],
            "kind": "compilable_type", "parameters": {"ensure": "file", "content": content, "mode": "0640"}}));
        edges.push(json!({"source": "Class[main]", "target": format!("File[{path}]")}));
    }
    json!({"name": "node1", "version": 1, "resources": resources, "edges": edges}).to_string()
}

/// A cheap pseudo-random sequence (no dependency needed for spreading kills).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

fn check_whole(dir: &Path) -> Result<char, String> {
    let mut seen = None;
    for i in 0..FILES {
        let p = dir.join(format!("big{i}"));
        let data = std::fs::read(&p).map_err(|e| format!("{} is missing: {e}", p.display()))?;
        if data.len() != SIZE {
            return Err(format!("{} is torn: {} bytes", p.display(), data.len()));
        }
        let first = data[0];
        if data.iter().any(|b| *b != first) {
            return Err(format!("{} is torn: mixed content", p.display()));
        }
        seen = Some(first as char);
    }
    seen.ok_or_else(|| "no files".to_string())
}

#[test]
fn a_killed_run_never_leaves_a_torn_or_missing_file() {
    let work = tempfile::tempdir().expect("tempdir");
    let dir = work.path().join("sandbox");
    std::fs::create_dir(&dir).expect("sandbox");
    let cat_a = work.path().join("a.json");
    let cat_b = work.path().join("b.json");
    std::fs::write(&cat_a, catalog(&dir, 'a')).expect("write");
    std::fs::write(&cat_b, catalog(&dir, 'b')).expect("write");
    let run = |cat: &Path| {
        Command::new(env!("CARGO_BIN_EXE_kuppet"))
            .args(["apply", "--catalog"])
            .arg(cat)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("kuppet starts")
    };
    // A full run first: the files exist, and we learn how long a run takes.
    let started = Instant::now();
    let status = run(&cat_a).wait().expect("waits");
    assert!(status.success());
    let full = started.elapsed().max(Duration::from_millis(5));
    assert_eq!(check_whole(&dir), Ok('a'));

    let mut rng = Lcg(std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(7));
    let mut killed_mid_run = 0;
    for round in 0..ROUNDS {
        let cat = if round % 2 == 0 { &cat_b } else { &cat_a };
        let mut child = run(cat);
        let delay = full.mul_f64((rng.next() % 1000) as f64 / 1000.0);
        std::thread::sleep(delay);
        if child.try_wait().expect("try_wait").is_none() {
            killed_mid_run += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        if let Err(e) = check_whole(&dir) {
            panic!("round {round}, killed after {delay:?}: {e}");
        }
    }
    assert!(
        killed_mid_run >= ROUNDS / 4,
        "most kills should land during a run ({killed_mid_run} of {ROUNDS})"
    );
    // A clean run afterwards rewrites every file and clears what killed
    // runs left beside them.
    let (cat, want) = match check_whole(&dir) {
        Ok('a') => (&cat_b, 'b'),
        _ => (&cat_a, 'a'),
    };
    let _ = run(if want == 'a' { &cat_b } else { &cat_a }).wait();
    assert!(run(cat).wait().expect("waits").success());
    assert_eq!(check_whole(&dir), Ok(want));
    let left: Vec<String> = std::fs::read_dir(&dir)
        .expect("readdir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("big"))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}
