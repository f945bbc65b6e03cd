//! Deeply nested manifests: the parser's one depth limit gives a clear error
//! before any recursion (parsing, validation, dropping the tree) can overflow
//! the stack. The shapes are the ones fuzzing and hand testing found to nest:
//! brackets, parentheses, left-deep operator chains, postfix chains, unary
//! chains, interpolation, heredocs, conditionals, lambdas, resources.
//!
//! The threads get 8 MiB, a main thread's default: a debug build needs ~2.7
//! MiB at the limit (a release build ~350 KiB, well within tokio's 2 MiB).

use kuppet_syntax::parser::MAX_DEPTH;

/// The stack of a main thread.
const SMALL_STACK: usize = 8 * 1024 * 1024;

/// Manifests `n` levels deep of each shape.
fn shapes(n: usize) -> Vec<(&'static str, String)> {
    vec![
        (
            "arrays",
            format!("$x = {}1{}", "[".repeat(n), "]".repeat(n)),
        ),
        (
            "hashes",
            format!("$x = {}1{}", "{a => ".repeat(n), "}".repeat(n)),
        ),
        (
            "parens",
            format!("$x = {}1{}", "(".repeat(n), ")".repeat(n)),
        ),
        ("sum", format!("$x = 1{}", " + 1".repeat(n))),
        ("power", format!("$x = {}1", "- ".repeat(n))),
        ("not", format!("$x = {}true", "!".repeat(n))),
        ("access", format!("$x = $a{}", "[1]".repeat(n))),
        ("methods", format!("$x = $a{}", ".f(1)".repeat(n))),
        ("arrows", format!("File[a]{}", " -> File[a]".repeat(n))),
        ("selectors", format!("$x = 1{}", " ? { 1 => 2 }".repeat(n))),
        ("assignments", format!("{}1", "$a = ".repeat(n))),
        (
            "interpolation",
            format!("$x = {}1{}", "\"${".repeat(n), "}\"".repeat(n)),
        ),
        (
            "ifs",
            format!("{}{}", "if true { ".repeat(n), "}".repeat(n)),
        ),
        (
            "elsifs",
            format!("if true {{}}{}", " elsif true {}".repeat(n)),
        ),
        (
            "lambdas",
            format!("{}{}", "$a.each |$x| { ".repeat(n), "}".repeat(n)),
        ),
        (
            "resources",
            format!("{}{}", "file { 'x': a => [".repeat(n), "] }".repeat(n)),
        ),
        (
            "cases",
            format!("{}{}", "case 1 { 1: { ".repeat(n), "} }".repeat(n)),
        ),
        ("heredocs", heredocs(n)),
    ]
}

fn heredocs(n: usize) -> String {
    let mut s = String::from("$x = ");
    for i in 0..n {
        s.push_str(&format!("@(\"E{i}\")\n${{"));
    }
    s.push('1');
    for i in (0..n).rev() {
        s.push_str(&format!("}}\nE{i}\n"));
    }
    s
}

fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no overflow or panic");
}

#[test]
fn nesting_beyond_the_limit_is_a_clear_error() {
    on_small_stack(|| {
        for (name, source) in shapes(MAX_DEPTH as usize * 4) {
            match kuppet_syntax::parse(name, &source) {
                Ok(_) => panic!("{name}: {} levels parsed", MAX_DEPTH * 4),
                Err(d) => assert!(
                    d.code == "NESTING_TOO_DEEP" && d.location.is_some(),
                    "{name}: {}",
                    d.render()
                ),
            }
        }
    });
}

#[test]
fn far_beyond_the_limit_is_as_clear() {
    on_small_stack(|| {
        for (name, source) in shapes(5_000) {
            let d = kuppet_syntax::parse(name, &source).expect_err(name);
            assert_eq!(d.code, "NESTING_TOO_DEEP", "{name}: {}", d.render());
        }
    });
}

#[test]
fn nesting_up_to_the_limit_parses_on_a_small_stack() {
    on_small_stack(|| {
        // The deepest of each shape that the limit admits.
        for (name, _) in shapes(1) {
            let mut deepest = 0;
            for n in [10, 20, 50, 90, 100, 150, 200, 300, 390] {
                let source = shapes(n)
                    .into_iter()
                    .find(|(s, _)| *s == name)
                    .map(|(_, src)| src)
                    .unwrap_or_default();
                if kuppet_syntax::parse(name, &source).is_ok() {
                    deepest = n;
                }
            }
            assert!(deepest >= 20, "{name}: only {deepest} levels parse");
        }
    });
}
