//! Modules' Ruby functions under the compile's budget and with their Ruby
//! locations: what Puppet's compile cases (`tests/compile/ruby_functions/`)
//! cannot show. Uses the fixture module of those cases.

use kuppet_eval::{CompileRequest, ManifestInput};
use kuppet_values::budget::Limits;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn modules() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/compile/ruby_functions/shared.modules"
    ))
}

fn compile(source: &str, limits: Limits) -> Result<String, kuppet_syntax::diagnostics::Diagnostic> {
    let manifest = kuppet_syntax::parse("site.pp", source).expect("parses");
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts: Default::default(),
        node: "node1.example.com".into(),
        modulepath: vec![modules()],
        allow_generate: false,
        limits,
    };
    kuppet_eval::compile_with_data(&request, &Default::default()).map(|c| c.catalog.to_json())
}

#[test]
fn a_ruby_function_that_never_returns_is_stopped_by_the_time_budget() {
    let limits = Limits {
        max_time: Duration::from_millis(800),
        ..Limits::default()
    };
    let start = Instant::now();
    let err = compile("notify { 'x': message => rubyfn::spin() }", limits).expect_err("stopped");
    assert_eq!(err.code, "BUDGET_EXCEEDED", "{}", err.headline());
    assert!(err.headline().contains("time budget"), "{}", err.headline());
    assert!(start.elapsed() < Duration::from_secs(20));
    // The VM serves the next compile.
    let ok = compile(
        "notify { 'x': message => rubyfn::shape(2) }",
        Limits::default(),
    )
    .expect("compiles");
    assert!(
        ok.contains("\"message\":4") || ok.contains("\"message\": 4"),
        "{ok}"
    );
}

#[test]
fn a_ruby_function_that_allocates_without_bound_is_stopped_by_the_memory_budget() {
    let limits = Limits {
        max_memory: 256 << 20,
        ..Limits::default()
    };
    let err = compile("notify { 'x': message => rubyfn::hog() }", limits).expect_err("stopped");
    assert_eq!(err.code, "BUDGET_EXCEEDED", "{}", err.headline());
    assert!(
        err.headline().contains("memory budget"),
        "{}",
        err.headline()
    );
}

#[test]
fn a_ruby_bug_names_the_ruby_file_and_line_and_the_call() {
    let err = compile(
        "\nnotify { 'x': message => rubyfn::fails('bug') }",
        Limits::default(),
    )
    .expect_err("fails");
    let msg = err.headline();
    assert!(
        msg.contains("undefined method `upcase' for nil:NilClass"),
        "{msg}"
    );
    assert!(
        msg.contains("rubyfn/lib/puppet/functions/rubyfn/fails.rb:11)"),
        "{msg}"
    );
    assert!(msg.contains("line: 2, column: 26"), "{msg}");
}

#[test]
fn a_ruby_function_of_a_module_not_on_the_modulepath_is_unknown() {
    let err = compile(
        "notify { 'x': message => other::shape(2) }",
        Limits::default(),
    )
    .expect_err("unknown");
    assert!(
        err.headline().contains("Unknown function: 'other::shape'"),
        "{}",
        err.headline()
    );
}

/// A module with a 4.x and a legacy function that answer `answer`.
fn twin_module(root: &std::path::Path, answer: &str) {
    let f4 = root.join("twin/lib/puppet/functions/twin");
    let f3 = root.join("twin/lib/puppet/parser/functions");
    std::fs::create_dir_all(&f4).expect("mkdir");
    std::fs::create_dir_all(&f3).expect("mkdir");
    std::fs::write(
        f4.join("v.rb"),
        format!("Puppet::Functions.create_function(:'twin::v') do\n  def v\n    '{answer}'\n  end\nend\n"),
    )
    .expect("write");
    std::fs::write(
        f3.join("twin_legacy.rb"),
        format!("Puppet::Parser::Functions.newfunction(:twin_legacy, :type => :rvalue) do |args|\n  '{answer}'\nend\n"),
    )
    .expect("write");
}

#[test]
fn each_compile_runs_the_functions_of_its_own_modulepath() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    twin_module(&a, "from-a");
    twin_module(&b, "from-b");
    let run = |dir: &std::path::Path| {
        let manifest = kuppet_syntax::parse(
            "site.pp",
            "notify { 'x': message => \"${twin::v()} ${twin_legacy()}\" }",
        )
        .expect("parses");
        let request = CompileRequest {
            manifests: vec![ManifestInput {
                manifest: Arc::new(manifest),
                apply_top_level: true,
            }],
            facts: Default::default(),
            node: "node1.example.com".into(),
            modulepath: vec![dir.to_path_buf()],
            allow_generate: false,
            limits: Limits::default(),
        };
        kuppet_eval::compile_with_data(&request, &Default::default())
            .expect("compiles")
            .catalog
            .to_json()
    };
    for (dir, want) in [
        (&a, "from-a from-a"),
        (&b, "from-b from-b"),
        (&a, "from-a from-a"),
    ] {
        let json = run(dir);
        assert!(json.contains(want), "{want}: {json}");
    }
}

#[test]
fn a_string_from_ruby_larger_than_a_value_may_be_is_refused() {
    let limits = Limits {
        max_bytes: 3000,
        ..Limits::default()
    };
    let err = compile(
        "notify { 'x': message => rubyfn::shape(sprintf('%2000s', 'x'), 2) }",
        limits,
    )
    .expect_err("too large");
    assert!(
        err.headline().contains("a string from a Ruby function"),
        "{}",
        err.headline()
    );
    let ok = compile(
        "notify { 'x': message => rubyfn::shape(sprintf('%1000s', 'x'), 2) }",
        limits,
    );
    assert!(ok.is_ok(), "{ok:?}");
}
