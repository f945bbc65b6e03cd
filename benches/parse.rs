//! Parser benchmark: parses a corpus of manifests in-process (lexing, parsing
//! and validation, as `kuppet parse` does) and compares with Puppet's own
//! parser on the same files in the same run.
//!
//! `cargo bench --bench parse` parses every `.pp` file under
//! `/usr/share/puppet/modules` (Debian's `puppet-module-*` packages), or the
//! files listed one per line in `$KUPPET_BENCH_LIST`. Puppet's time comes from
//! `ruby $PUPPET_PARSE_CHECK` (default `/work/shared/tools/puppet-parse-check.rb`),
//! which parses the same list in one Ruby process and prints its time on
//! stderr; without Ruby/Puppet only kuppet's figures are printed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The production binary's allocator (`src/main.rs`): the bench measures
/// what `kuppet parse` runs.
#[global_allocator]
static ALLOC: kuppet_values::budget::CountingAlloc = kuppet_values::budget::CountingAlloc;

const DEFAULT_TREE: &str = "/usr/share/puppet/modules";
const DEFAULT_CHECK: &str = "/work/shared/tools/puppet-parse-check.rb";
const ROUNDS: usize = 15;

fn main() {
    let files = corpus();
    if files.is_empty() {
        eprintln!(
            "no manifests found: install Debian's puppet-module-* packages or set KUPPET_BENCH_LIST"
        );
        return;
    }
    let sources: Vec<(String, String)> = files
        .iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            Some((p.display().to_string(), text))
        })
        .collect();
    let bytes: usize = sources.iter().map(|(_, s)| s.len()).sum();
    let mb = bytes as f64 / 1e6;

    let mut times = Vec::with_capacity(ROUNDS);
    let mut accepted = 0;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        accepted = 0;
        for (path, text) in &sources {
            if kuppet_syntax::parse(path, text).is_ok() {
                accepted += 1;
            }
        }
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let best = times[0];
    let median = times[ROUNDS / 2];
    println!(
        "kuppet: {} files, {:.2} MB, {accepted} accepted; median {:.1} ms ({:.0} MB/s), best {:.1} ms ({:.0} MB/s)",
        sources.len(),
        mb,
        median * 1e3,
        mb / median,
        best * 1e3,
        mb / best
    );

    match puppet_seconds(&sources) {
        Some((puppet, summary)) => println!(
            "puppet: {summary} in {:.3} s ({:.1} MB/s); kuppet is {:.0}x faster (median), {:.0}x (best)",
            puppet,
            mb / puppet,
            puppet / median,
            puppet / best
        ),
        None => println!(
            "puppet: not available (needs ruby and {DEFAULT_CHECK} or $PUPPET_PARSE_CHECK)"
        ),
    }
}

/// The manifests to parse, sorted.
fn corpus() -> Vec<PathBuf> {
    if let Ok(list) = std::env::var("KUPPET_BENCH_LIST") {
        return std::fs::read_to_string(list)
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(PathBuf::from)
            .collect();
    }
    let mut files = Vec::new();
    walk(Path::new(DEFAULT_TREE), &mut files);
    files.sort();
    files
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        // Debian's module trees are symlinks into /usr/share/puppet/modules.d.
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "pp") {
            out.push(path);
        }
    }
}

/// Puppet's parse time for the same files, and its summary line.
fn puppet_seconds(sources: &[(String, String)]) -> Option<(f64, String)> {
    let check = std::env::var("PUPPET_PARSE_CHECK").unwrap_or_else(|_| DEFAULT_CHECK.into());
    if !Path::new(&check).exists() {
        return None;
    }
    let list: String = sources.iter().map(|(p, _)| format!("{p}\n")).collect();
    let mut child = Command::new("ruby")
        .arg(&check)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    {
        use std::io::Write;
        child.stdin.take()?.write_all(list.as_bytes()).ok()?;
    }
    let out = child.wait_with_output().ok()?;
    // "1927/1927 valid in 2.307 s"
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr.lines().rev().find(|l| l.contains(" valid in "))?;
    let secs: f64 = line
        .split(" valid in ")
        .nth(1)?
        .trim_end_matches(" s")
        .trim()
        .parse()
        .ok()?;
    Some((secs, line.split(" in ").next()?.to_string()))
}
