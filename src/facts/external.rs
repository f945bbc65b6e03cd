//! External facts, as Facter reads them from `facts.d` directories:
//! `key=value` lines in `.txt`, a map in `.json` or `.yaml`; names in lower
//! case; files in name order, a later file's value winning. Facter also
//! runs executable files there and reads their output; kuppet runs no
//! program and skips them.

use serde_json::{Map, Value};
use std::path::Path;

/// Facter's `key=value` format: the key up to the first `=`, a non-empty value.
fn parse_txt(text: &str) -> Map<String, Value> {
    text.lines()
        .filter_map(|l| {
            let (k, v) = l.split_once('=')?;
            (!k.is_empty() && !v.is_empty()).then(|| (k.to_string(), Value::from(v)))
        })
        .collect()
}

/// The facts of one file, by its extension.
pub(crate) fn parse_file(path: &Path) -> Option<Map<String, Value>> {
    let ext = path.extension()?.to_str()?.to_lowercase();
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let value: Value = match ext.as_str() {
        "txt" => Value::Object(parse_txt(&text)),
        "json" => serde_json::from_str(&text).ok()?,
        "yaml" => serde_yaml::from_str(&text).ok()?,
        _ => return None,
    };
    match value {
        Value::Object(m) => Some(m),
        _ => None,
    }
}

/// Reads the facts of the directories, in order; null values are no fact.
pub(crate) fn read_dirs(dirs: &[std::path::PathBuf]) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<std::path::PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for f in files {
            for (k, v) in parse_file(&f).into_iter().flatten() {
                let k = k.to_lowercase();
                out.retain(|(name, _)| *name != k);
                if !v.is_null() {
                    out.push((k, v));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn files_are_read_like_facter() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::write(
            d.join("a.txt"),
            "dupkey=from_a\nspaced = v a l \nempty=\nMixedCase=1\n",
        )
        .expect("w");
        std::fs::write(d.join("b.txt"), "dupkey=from_b\n").expect("w");
        std::fs::write(
            d.join("c.json"),
            r#"{"JsonKey": {"A": 1}, "n": null, "f": 1.5}"#,
        )
        .expect("w");
        std::fs::write(d.join("d.yml"), "ignored: yes\n").expect("w");
        std::fs::write(d.join("e.yaml"), "when: 2024-01-02 03:04:05\nnum: 5\n").expect("w");
        let facts: Map<String, Value> = read_dirs(&[d.to_path_buf()]).into_iter().collect();
        assert_eq!(facts["dupkey"], "from_b");
        assert_eq!(facts["spaced "], " v a l ");
        assert!(!facts.contains_key("empty"));
        assert_eq!(facts["mixedcase"], "1");
        assert_eq!(facts["jsonkey"], json!({"A": 1}));
        assert!(!facts.contains_key("n"));
        assert_eq!(facts["f"], 1.5);
        assert!(!facts.contains_key("ignored"));
        assert_eq!(facts["when"], "2024-01-02 03:04:05");
        assert_eq!(facts["num"], 5);
    }
}
