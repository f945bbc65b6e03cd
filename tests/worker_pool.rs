//! The compile-worker pool with the real `kuppet compile-worker`: catalogs
//! and errors come back; an abort, a panic, a stack overflow, a hang and a
//! memory blow-up each fail their compile only (the next compile gets a new
//! worker); the sandbox hides files outside the paths it is given.

use kuppet_worker::pool::{CrashCause, Pool, PoolConfig, PoolError};
use kuppet_worker::protocol::{Fault, Outcome, Request, Source};
use kuppet_worker::sandbox::ProcessLimits;
use std::time::Duration;

fn pool(extra: &[&str], deadline: Duration) -> Pool {
    pool_with(extra, deadline, 1 << 30)
}

fn pool_with(extra: &[&str], deadline: Duration, memory: u64) -> Pool {
    let mut args = vec!["compile-worker".into(), "--test-faults".into()];
    args.extend(extra.iter().map(Into::into));
    Pool::new(PoolConfig {
        program: env!("CARGO_BIN_EXE_kuppet").into(),
        args,
        workers: 1,
        limits: ProcessLimits {
            address_space: memory,
            cpu_seconds: 120,
            open_files: 256,
        },
        deadline,
        start_timeout: Duration::from_secs(20),
    })
}

fn request(source: &str, fault: Option<Fault>) -> Request {
    Request {
        node: "web-1".into(),
        manifests: vec![Source {
            path: "team-a/site.pp".into(),
            source: source.into(),
            apply_top_level: true,
        }],
        fault,
        ..Default::default()
    }
}

fn no_secrets(_: &str, _: &str, _: &str) -> Result<String, String> {
    Err("no secrets here".into())
}

fn compile(pool: &Pool, req: &Request) -> Result<Outcome, PoolError> {
    pool.compile(req, &mut no_secrets)
}

fn crash(pool: &Pool, fault: Fault) -> kuppet_worker::pool::Crash {
    match compile(pool, &request("notice(1)\n", Some(fault))) {
        Err(PoolError::Crash(c)) => c,
        other => panic!("{fault:?}: expected a crash, got {other:?}"),
    }
}

fn compiles(pool: &Pool) {
    let out = compile(
        pool,
        &request("file { '/etc/motd': content => 'hi' }\n", None),
    );
    assert!(
        matches!(&out, Ok(Outcome::Compiled { catalog, .. }) if catalog.resource("File[/etc/motd]").is_some()),
        "{out:?}"
    );
}

#[test]
fn every_crash_fails_its_compile_only() {
    let pool = pool_with(&["--no-sandbox"], Duration::from_secs(20), 512 << 20);
    compiles(&pool);
    let c = crash(&pool, Fault::Abort);
    assert_eq!(c.cause, CrashCause::Signal(libc_sigabrt()), "{c}");
    compiles(&pool);
    let c = crash(&pool, Fault::Panic);
    assert_eq!(c.cause, CrashCause::Exited(2), "{c}");
    assert!(c.to_string().contains("test fault: a panic"), "{c}");
    let c = crash(&pool, Fault::StackOverflow);
    assert!(c.to_string().contains("overflowed its stack"), "{c}");
    compiles(&pool);
    let c = crash(&pool, Fault::Allocate);
    assert!(
        (c.cause == CrashCause::Exited(3) && c.to_string().contains("out of memory"))
            || c.cause == CrashCause::Signal(9),
        "{c}"
    );
    compiles(&pool);
    assert_eq!(
        pool.counters
            .crashed
            .load(std::sync::atomic::Ordering::Relaxed),
        4
    );
}

#[test]
fn a_hung_compile_is_killed_at_its_deadline() {
    let pool = pool(&["--no-sandbox"], Duration::from_secs(1));
    let c = crash(&pool, Fault::Hang);
    assert_eq!(c.cause, CrashCause::Deadline(Duration::from_secs(1)), "{c}");
    assert_eq!(
        c.to_string(),
        "the compile did not finish within 1s; the worker was killed"
    );
    compiles(&pool);
}

#[test]
fn errors_are_answers_not_crashes() {
    let pool = pool(&["--no-sandbox"], Duration::from_secs(10));
    let out = compile(
        &pool,
        &request("notice($facts['a']['b'])\nfail('no')\n", None),
    );
    match out {
        Ok(Outcome::Failed { message, .. }) => {
            assert!(message.contains("team-a/site.pp"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_sandbox_hides_files_outside_its_read_paths() {
    let dir = tempfile::tempdir().expect("tempdir");
    let secret = dir.path().join("token");
    std::fs::write(&secret, "s3cr3t").expect("write");
    let source = format!("notify {{ template('{}'): }}\n", secret.display());
    let open = pool(&["--no-sandbox"], Duration::from_secs(10));
    let out = compile(&open, &request(&source, None));
    assert!(
        matches!(&out, Ok(Outcome::Compiled { catalog, .. }) if catalog.resource("Notify[s3cr3t]").is_some()),
        "{out:?}"
    );
    let closed = pool(&[], Duration::from_secs(10));
    let report = closed.start().expect("start");
    if report.iter().any(|l| l.contains("files: NOT restricted")) {
        eprintln!("skipped: no Landlock on this kernel: {report:?}");
        return;
    }
    let out = compile(&closed, &request(&source, None));
    assert!(
        matches!(&out, Ok(Outcome::Failed { .. })),
        "{out:?} {report:?}"
    );
}

fn libc_sigabrt() -> i32 {
    6
}

#[test]
fn kuppet_secret_is_answered_by_the_controller_through_the_workers_pipe() {
    let pool = pool(&[], Duration::from_secs(20));
    let source = "file { '/etc/db.pw': content => kuppet::secret('db', 'password') }\n\
                  file { '/etc/other': content => kuppet::secret('db', 'user') }\n";
    let mut asked = Vec::new();
    let mut lookup = |ns: &str, name: &str, key: &str| -> Result<String, String> {
        asked.push(format!("{ns}/{name}/{key}"));
        Ok(format!("{key} of {ns}/{name}"))
    };
    let out = pool.compile(&request(source, None), &mut lookup);
    let Ok(Outcome::Compiled { catalog, .. }) = out else {
        panic!("{out:?}")
    };
    let pw = catalog.resource("File[/etc/db.pw]").expect("declared");
    assert_eq!(pw.param_str("content"), Some("password of team-a/db"));
    assert_eq!(pw.sensitive_parameters, vec!["content".to_string()]);
    assert_eq!(asked, ["team-a/db/password", "team-a/db/user"]);
    // A refusal is the compile's located error, with the controller's code;
    // the same worker goes on compiling.
    let mut deny =
        |_: &str, _: &str, _: &str| -> Result<String, String> { Err("SECRET_DENIED: no".into()) };
    match pool.compile(&request(source, None), &mut deny) {
        Ok(Outcome::Failed { code, message, .. }) => {
            assert_eq!(code, "SECRET_DENIED");
            assert!(
                message.contains("(file: team-a/site.pp, line: 1, column: 33)"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    compiles(&pool);
}
