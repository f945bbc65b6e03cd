//! kuppet's verdicts on broken manifests against Puppet 7's.
//!
//! `tests/parse/mutants/` holds mutants of the Debian corpus's manifests and of
//! its regexes (tokens and characters deleted, duplicated, inserted, swapped)
//! with Puppet's verdict for each in `expected.jsonl`; they were made and
//! labelled by `tests/parse/mutate.py` (see its doc to regenerate them). For
//! every mutant this checks that kuppet accepts or rejects it as Puppet does,
//! that every rejection is located, and that the first error's location (where
//! Puppet gives one), message and the number of validation errors match.
//! Known disagreements are listed in `known_disagreements.txt`; any other
//! disagreement fails the test, and so does verdict agreement under 98%.

use kuppet_syntax::diagnostics::Severity;
use kuppet_syntax::{lexer, parser, validate};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Puppet's verdict on one mutant.
struct Expected {
    file: String,
    ok: bool,
    message: String,
    line: Option<u64>,
    column: Option<u64>,
    errors: u64,
}

fn dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/parse/mutants")
}

fn expectations() -> Vec<Expected> {
    let text = std::fs::read_to_string(dir().join("expected.jsonl")).expect("expected.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            Expected {
                file: v["file"].as_str().expect("file").to_string(),
                ok: v["ok"].as_bool().expect("ok"),
                message: v["message"].as_str().unwrap_or("").to_string(),
                line: v["line"].as_u64(),
                column: v["column"].as_u64(),
                errors: v["errors"].as_u64().unwrap_or(0),
            }
        })
        .collect()
}

/// `(file, kind)` pairs that are known not to agree, with the reason.
fn known_disagreements() -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(dir().join("known_disagreements.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            Some((parts.next()?.to_string(), parts.next()?.to_string()))
        })
        .collect()
}

/// The number of validation errors kuppet finds (0 when it fails to parse).
fn validation_errors(source: &str) -> u64 {
    let lexed = lexer::lex(source);
    match parser::parse(&lexed) {
        Ok(program) => validate::validate(&program)
            .iter()
            .filter(|i| i.severity == Severity::Error)
            .count() as u64,
        Err(_) => 0,
    }
}

#[test]
fn mutants_agree_with_puppet() {
    let cases = expectations();
    assert!(cases.len() > 2000, "the fixture set is missing");
    let mut found: BTreeSet<(String, String)> = BTreeSet::new();
    let (mut verdicts, mut rejected, mut located, mut same_place, mut same_message) =
        (0, 0, 0, 0, 0);
    for case in &cases {
        let source = std::fs::read_to_string(dir().join(&case.file)).expect("mutant");
        let result = kuppet_syntax::parse(&case.file, &source);
        let mut disagree = |kind: &str| found.insert((case.file.clone(), kind.to_string()));
        match (&result, case.ok) {
            (Ok(_), true) => verdicts += 1,
            (Err(d), false) => {
                verdicts += 1;
                rejected += 1;
                let loc = d.location.as_ref();
                assert!(
                    loc.is_some_and(|l| l.line > 0 && l.column > 0),
                    "{}: rejected without a location: {}",
                    case.file,
                    d.message
                );
                if let (Some(line), Some(column), Some(l)) = (case.line, case.column, loc) {
                    located += 1;
                    if (l.line as u64, l.column as u64) == (line, column) {
                        same_place += 1;
                    } else {
                        disagree("location");
                    }
                }
                if d.message == case.message {
                    same_message += 1;
                } else {
                    disagree("message");
                }
                if case.errors > 1 && validation_errors(&source) != case.errors {
                    disagree("error-count");
                }
            }
            _ => {
                disagree("verdict");
            }
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    println!(
        "mutants: {} ({} rejected by Puppet); verdicts agree {:.2}%, locations {:.2}% of {} located, messages {:.2}%",
        cases.len(),
        rejected,
        pct(verdicts, cases.len()),
        pct(same_place, located),
        located,
        pct(same_message, rejected)
    );
    let known = known_disagreements();
    let new: Vec<_> = found.difference(&known).collect();
    let fixed: Vec<_> = known.difference(&found).collect();
    assert!(
        pct(verdicts, cases.len()) >= 98.0,
        "verdict agreement under 98%"
    );
    assert!(
        new.is_empty(),
        "disagreements with Puppet not in known_disagreements.txt: {new:?}"
    );
    assert!(
        fixed.is_empty(),
        "these now agree with Puppet; remove them from known_disagreements.txt: {fixed:?}"
    );
}
