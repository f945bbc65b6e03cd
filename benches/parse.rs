//! Parses a corpus of manifests in-process and prints MB/s (a bench harness, not a test).
use std::time::Instant;
fn main() {
    let list = std::env::var("KUPPET_CORPUS").unwrap_or("/work/notes/corpus.txt".into());
    let files: Vec<(String, String)> = std::fs::read_to_string(list)
        .unwrap()
        .lines()
        .map(|f| (f.to_string(), std::fs::read_to_string(f).unwrap()))
        .collect();
    let bytes: usize = files.iter().map(|f| f.1.len()).sum();
    for _ in 0..3 {
        let t = Instant::now();
        let mut ok = 0;
        for (p, s) in &files {
            if kuppet::syntax::parse(p, s).is_ok() {
                ok += 1;
            }
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "{ok}/{} in {:.1} ms, {:.1} MB/s",
            files.len(),
            dt * 1e3,
            bytes as f64 / dt / 1e6
        );
    }
}
