//! Modules' Ruby functions in the sandboxed compile workers (the real
//! `kuppet compile-worker`): they run there, under the compile's time budget,
//! and the sandbox closes files outside the read paths to them as well.
//! Uses the fixture module of `tests/compile/ruby_functions/`.

use kuppet_worker::pool::{Pool, PoolConfig};
use kuppet_worker::protocol::{Limits, Outcome, Request, Source};
use kuppet_worker::sandbox::ProcessLimits;
use std::path::PathBuf;
use std::time::Duration;

fn modules() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/compile/ruby_functions/shared.modules"
    ))
}

fn pool(extra: &[String]) -> Pool {
    let mut args: Vec<String> = vec!["compile-worker".into()];
    args.extend(extra.iter().cloned());
    Pool::new(PoolConfig {
        program: env!("CARGO_BIN_EXE_kuppet").into(),
        args: args.into_iter().map(Into::into).collect(),
        workers: 1,
        limits: ProcessLimits {
            address_space: 2 << 30,
            cpu_seconds: 120,
            open_files: 256,
        },
        deadline: Duration::from_secs(30),
        start_timeout: Duration::from_secs(20),
    })
}

fn request(source: &str, limits: Limits) -> Request {
    Request {
        node: "web-1".into(),
        manifests: vec![Source {
            path: "team-a/site.pp".into(),
            source: source.into(),
            apply_top_level: true,
        }],
        modulepath: vec![modules()],
        limits,
        ..Default::default()
    }
}

fn no_secrets(_: &str, _: &str, _: &str) -> Result<String, String> {
    Err("no secrets here".into())
}

#[test]
fn ruby_functions_run_in_the_sandboxed_worker_under_its_budget() {
    let pool = pool(&["--read-path".into(), modules().display().to_string()]);
    let report = pool.start().expect("start");
    let out = pool.compile(
        &request(
            "notify { 'x': message => rubyfn::shape(21) }\n",
            Limits::default(),
        ),
        &mut no_secrets,
    );
    let Ok(Outcome::Compiled { catalog, .. }) = &out else {
        panic!("{out:?} {report:?}");
    };
    let notify = catalog.resource("Notify[x]").expect("Notify[x]");
    assert_eq!(
        notify.parameters.get("message"),
        Some(&serde_json::json!(42)),
        "{out:?}"
    );

    // A forever loop is stopped by the time budget: an answer, not a crash.
    let limits = Limits {
        max_time_ms: Some(1_000),
        ..Limits::default()
    };
    let out = pool.compile(
        &request("notify { 'x': message => rubyfn::spin() }\n", limits),
        &mut no_secrets,
    );
    assert!(
        matches!(&out, Ok(Outcome::Failed { message, .. }) if message.contains("time budget")),
        "{out:?}"
    );

    // Files outside the read paths stay closed to module Ruby.
    let dir = tempfile::tempdir().expect("tempdir");
    let secret = dir.path().join("token");
    std::fs::write(&secret, "s3cr3t").expect("write");
    if report.iter().any(|l| l.contains("files: NOT restricted")) {
        eprintln!("skipped the file check: no Landlock on this kernel: {report:?}");
        return;
    }
    let source = format!("notify {{ rubyfn::read('{}'): }}\n", secret.display());
    let out = pool.compile(&request(&source, Limits::default()), &mut no_secrets);
    assert!(
        matches!(&out, Ok(Outcome::Failed { message, .. }) if message.contains("Permission denied")),
        "{out:?}"
    );
}
