//! Each class of hostile catalog is refused with its problem; every catalog
//! Puppet compiled for the apply cases is accepted.

use super::*;
use serde_json::json;

fn catalog(resources: Value, edges: Value) -> Catalog {
    serde_json::from_value(json!({"name": "n", "resources": resources, "edges": edges}))
        .expect("catalog")
}

fn one(ty: &str, title: &str, params: Value) -> Catalog {
    catalog(
        json!([{"type": ty, "title": title, "file": "/m.pp", "line": 3, "parameters": params}]),
        json!([]),
    )
}

fn problem(c: &Catalog) -> Problem {
    validate(c, &Limits::default())
        .expect_err("refused")
        .problem
}

#[test]
fn sizes_are_bounded() {
    let limits = Limits {
        max_resources: 2,
        max_edges: 1,
        max_parameters: 2,
        max_value_bytes: 100,
        max_total_bytes: 1_000,
        ..Limits::default()
    };
    let three = catalog(
        json!([{"type": "Notify", "title": "a"}, {"type": "Notify", "title": "b"},
               {"type": "Notify", "title": "c"}]),
        json!([]),
    );
    assert_eq!(
        validate(&three, &limits).expect_err("refused").problem,
        Problem::TooManyResources { count: 3, max: 2 }
    );
    let edges = catalog(
        json!([{"type": "Class", "title": "main"}, {"type": "Notify", "title": "a"}]),
        json!([{"source": "Class[main]", "target": "Notify[a]"},
               {"source": "Class[main]", "target": "Notify[a]"}]),
    );
    assert!(matches!(
        validate(&edges, &limits).expect_err("refused").problem,
        Problem::TooManyEdges { count: 2, max: 1 }
    ));
    let params = one("Notify", "a", json!({"a": 1, "b": 2, "c": 3}));
    assert!(matches!(
        validate(&params, &limits).expect_err("refused").problem,
        Problem::TooManyParameters { count: 3, max: 2 }
    ));
    let big = one("File", "/x", json!({"content": "x".repeat(200)}));
    let err = validate(&big, &limits).expect_err("refused");
    assert!(matches!(err.problem, Problem::ValueTooLarge { ref name, .. } if name == "content"));
    assert_eq!(err.subject, "File[/x] (file: /m.pp, line: 3)");
    let many: Vec<Value> = (0..2)
        .map(|i| json!({"type": "File", "title": format!("/f{i}"), "parameters": {"content": "y".repeat(90), "mode": "0644"}}))
        .collect();
    let total = catalog(Value::Array(many), json!([]));
    let limits = Limits {
        max_total_bytes: 150,
        ..limits
    };
    assert_eq!(
        validate(&total, &limits).expect_err("refused").problem,
        Problem::TooLarge { max: 150 }
    );
}

#[test]
fn deep_values_are_refused_without_deep_recursion() {
    let mut v = json!("leaf");
    for _ in 0..100 {
        v = json!([v]);
    }
    assert_eq!(
        problem(&one("Notify", "a", json!({"message": v}))),
        Problem::TooDeep {
            name: "message".into(),
            max: 32
        }
    );
    let mut ok = json!({"k": "v"});
    for _ in 0..30 {
        ok = json!({"k": ok});
    }
    assert!(
        validate(
            &one("Notify", "a", json!({"message": ok})),
            &Limits::default()
        )
        .is_ok()
    );
}

#[test]
fn type_and_parameter_names_are_checked() {
    for bad in [
        "",
        "file",
        "Foo bar",
        "Foo::",
        "::Foo",
        "Foo::bar",
        "F\0",
        "Ünïcode",
    ] {
        assert!(
            matches!(problem(&one(bad, "x", json!({}))), Problem::TypeName { .. }),
            "{bad:?}"
        );
    }
    for good in ["File", "Mymod::Thing", "File_line", "Concat::Fragment"] {
        assert!(
            validate(&one(good, "x", json!({})), &Limits::default()).is_ok(),
            "{good}"
        );
    }
    assert!(matches!(
        problem(&one("Notify", "x", json!({"": 1}))),
        Problem::ParameterName { .. }
    ));
    assert!(matches!(
        problem(&one("Notify", "x", json!({"a b": 1}))),
        Problem::ParameterName { .. }
    ));
    let long = "a".repeat(300);
    assert!(matches!(
        problem(&one("Notify", "x", json!({long: 1}))),
        Problem::ParameterName { .. }
    ));
}

#[test]
fn titles_are_checked() {
    assert_eq!(
        problem(&one("Notify", "", json!({}))),
        Problem::Title("is empty".into())
    );
    assert!(matches!(
        problem(&one("Notify", "a\0b", json!({}))),
        Problem::Nul { .. }
    ));
    let long = "t".repeat(70_000);
    let err = validate(&one("Notify", &long, json!({})), &Limits::default()).expect_err("long");
    assert!(matches!(err.problem, Problem::Title(_)));
    assert!(
        err.subject.len() < 300,
        "the message stays short: {}",
        err.subject
    );
}

#[test]
fn nul_bytes_are_refused_except_in_content() {
    assert_eq!(
        problem(&one(
            "Exec",
            "x",
            json!({"command": "/bin/rm -rf /\u{0}tmp"})
        )),
        Problem::Nul {
            what: "its parameter command".into()
        }
    );
    assert!(matches!(
        problem(&one("Notify", "x", json!({"message": {"k\u{0}": "v"}}))),
        Problem::Nul { .. }
    ));
    let tagged = catalog(
        json!([{"type": "Notify", "title": "x", "tags": ["a\u{0}"]}]),
        json!([]),
    );
    assert!(matches!(problem(&tagged), Problem::Nul { .. }));
    assert!(
        validate(
            &one("File", "/bin", json!({"content": "\u{0}\u{1}"})),
            &Limits::default()
        )
        .is_ok()
    );
}

#[test]
fn duplicates_are_refused() {
    let twice = catalog(
        json!([{"type": "Notify", "title": "a"}, {"type": "Notify", "title": "a"}]),
        json!([]),
    );
    assert_eq!(
        problem(&twice),
        Problem::Duplicate {
            first: 0,
            second: 1
        }
    );
    let classes = catalog(
        json!([{"type": "Class", "title": "foo"}, {"type": "Class", "title": "Foo"}]),
        json!([]),
    );
    assert!(matches!(problem(&classes), Problem::Duplicate { .. }));
    // Puppet applies two files whose paths differ only by a `//` (a
    // compile case): not a duplicate.
    let files = catalog(
        json!([{"type": "File", "title": "/tmp//x"}, {"type": "File", "title": "/tmp/x"}]),
        json!([]),
    );
    assert!(validate(&files, &Limits::default()).is_ok());
}

#[test]
fn edges_to_unknown_resources_are_refused() {
    let c = catalog(
        json!([{"type": "Class", "title": "main"}, {"type": "Notify", "title": "a"}]),
        json!([{"source": "Class[Main]", "target": "Notify[a]"},
               {"source": "Class[main]", "target": "Notify[b]"}]),
    );
    assert_eq!(
        problem(&c),
        Problem::UnknownEdge {
            reference: "Notify[b]".into()
        }
    );
    let bad = catalog(
        json!([{"type": "Notify", "title": "a"}]),
        json!([{"source": "nonsense", "target": "Notify[a]"}]),
    );
    assert!(matches!(problem(&bad), Problem::UnknownEdge { .. }));
}

#[test]
fn paths_follow_the_kernel_rules() {
    assert_eq!(check_path("/etc/motd", true), Ok(()));
    assert_eq!(check_path("relative", true), Err(PathProblem::Relative));
    assert_eq!(check_path("relative", false), Ok(()));
    assert_eq!(check_path("", false), Err(PathProblem::Empty));
    assert_eq!(check_path("/a\0b", true), Err(PathProblem::Nul));
    let long = format!("/{}", "a/".repeat(2100));
    assert_eq!(
        check_path(&long, true),
        Err(PathProblem::TooLong(long.len()))
    );
    let name = format!("/etc/{}", "n".repeat(256));
    assert_eq!(check_path(&name, true), Err(PathProblem::NameTooLong(256)));
}

#[test]
fn every_catalog_puppet_compiled_for_the_tests_is_accepted() {
    // The compile and apply cases' expected catalogs (Puppet's own output).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut checked = 0;
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("lists").flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if !p.to_string_lossy().ends_with(".json") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            // Reports and other JSON are not catalogs.
            let Ok(c) = Catalog::from_json(&text) else {
                continue;
            };
            if let Err(e) = validate(&c, &Limits::default()) {
                panic!("{}: {e}", p.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 1_000, "only {checked} catalogs found");
}
