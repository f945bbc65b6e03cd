//! Checks the type system and Ruby-style formatting against cases whose
//! expected results Puppet 7 (and its Ruby) produced: the tab-separated
//! files in `tests/fixtures/types/`, written by `generate.py` there.
//!
//! Each line is `KIND <TAB> A <TAB> B <TAB> EXPECTED`, A and B in Puppet's
//! notation: `D` type display, `TD`/`TR`/`TG` `type(A)` detailed, reduced
//! and generalized, `I` `A =~ B`, `A` `A <= B` (types), `M` the error for
//! class parameter type B given A, `F` Ruby's `format(A, B)`, `L` the
//! value of function A called with the arguments array B (`LE`: its error),
//! `P` type A parameterized with the arguments array B (`PE`: the error).

use crate::functions::library::lookup;
use kuppet_values::compare::compare_op;
use kuppet_values::convert::{format_value, sprintf};
use kuppet_values::types::*;
use kuppet_values::value::Value;

fn lit(s: &str) -> Value {
    literal(s).unwrap_or_else(|| panic!("cannot parse {s}"))
}

fn ty(s: &str) -> PType {
    match lit(s) {
        Value::Type(t) => (*t).clone(),
        other => panic!("not a type {s}: {other:?}"),
    }
}

fn actual(kind: &str, a: &str, b: &str) -> String {
    match kind {
        "D" => ty(a).to_string(),
        "TD" => infer_set(&lit(a)).to_string(),
        "TR" => infer(&lit(a)).to_string(),
        "TG" => infer_generic(&lit(a)).to_string(),
        "I" => is_instance(&ty(b), &lit(a)).to_string(),
        "A" => compare_op("<=", &lit(a), &lit(b)).map_or_else(|e| e, |x| x.to_string()),
        "M" => format_subject_errors(
            "Class[C]",
            &describe_mismatch_at("parameter 'p'", &ty(b), &lit(a)),
        ),
        "F" => sprintf(a, &[lit(b)]).unwrap_or_else(|e| format!("ERR:{e}")),
        "P" | "PE" => {
            let Value::Array(args) = lit(b) else {
                panic!("arguments must be an array: {b}");
            };
            let base = PType::from_name(a).unwrap_or_else(|| PType::resource_type(a));
            let result = match base {
                PType::Resource { .. } | PType::Class { .. } => resource_access(&base, &args),
                _ => parameterize(&base, &args).map(Value::from_type),
            };
            match (kind, result) {
                ("P", Ok(v)) => v.to_display(),
                ("PE", Err(e)) => e,
                (_, Ok(v)) => format!("unexpected value {}", v.to_display()),
                (_, Err(e)) => format!("unexpected error {e}"),
            }
        }
        "L" | "LE" => {
            let Value::Array(args) = lit(b) else {
                panic!("arguments must be an array: {b}");
            };
            let result = if a == "String" {
                format_value(&args[0], args.get(1)).map(Value::string)
            } else {
                let f = lookup(a).unwrap_or_else(|| panic!("unknown function {a}"));
                f(&args)
            };
            match (kind, result) {
                ("L", Ok(v)) => v.to_display(),
                ("LE", Err(e)) => e,
                (_, Ok(v)) => format!("unexpected value {}", v.to_display()),
                (_, Err(e)) => format!("unexpected error {e}"),
            }
        }
        other => panic!("unknown case kind {other}"),
    }
}

/// Undoes the fixtures' escapes: `\\\\`, `\\n`, `\\t`.
fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn check(name: &str, text: &str) {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let parts: Vec<String> = line.split('\t').map(unescape).collect();
        assert_eq!(parts.len(), 4, "{name}: malformed line {line:?}");
        let want = &parts[3];
        let got = actual(&parts[0], &parts[1], &parts[2]);
        count += 1;
        if got != *want {
            failures.push(format!(
                "{} {} {}\n  want: {want}\n  got:  {got}",
                parts[0], parts[1], parts[2]
            ));
        }
    }
    assert!(count > 0, "{name}: no cases");
    assert!(
        failures.is_empty(),
        "{name}: {} of {count} cases differ from Puppet:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

macro_rules! fixture {
    ($test:ident, $file:literal) => {
        #[test]
        fn $test() {
            check(
                $file,
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../tests/fixtures/types/",
                    $file
                )),
            );
        }
    };
}

fixture!(display_and_inference_match_puppet, "display_infer.tsv");
fixture!(instance_checks_match_puppet, "instance.tsv");
fixture!(assignability_matches_puppet, "assignable.tsv");
fixture!(mismatch_messages_match_puppet, "mismatch.tsv");
fixture!(format_matches_ruby, "format.tsv");
fixture!(functions_match_puppet, "functions.tsv");
fixture!(parameterized_types_match_puppet, "parameterize.tsv");
