//! `kuppet compile` under memory limits, through the binary and its
//! allocator (`kuppet_values::budget::CountingAlloc` over mimalloc): a small
//! `--max-memory` still compiles, and an allocation the process's data limit
//! refuses ends the compile with the clean "out of memory" exit.

use std::os::unix::process::CommandExt;
use std::process::{Command, Output};

fn compile(manifest: &str, args: &[&str], data_limit: Option<u64>) -> Output {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("site.pp");
    std::fs::write(&path, manifest).expect("write");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kuppet"));
    cmd.arg("compile").args(args).arg(&path);
    if let Some(bytes) = data_limit {
        // SAFETY: setrlimit only, between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: bytes as libc::rlim_t,
                    rlim_max: bytes as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.output().expect("kuppet runs")
}

#[test]
fn a_small_memory_budget_still_compiles() {
    // The data limit --max-memory 16M sets (2 x 16M + the compile's stack +
    // 256M) must leave room for the allocator's arenas: mimalloc commits
    // them on demand, not whole.
    let out = compile(
        "file { '/etc/motd': content => 'hi' }\n",
        &["--max-memory", "16M"],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("/etc/motd"),
        "{stderr}"
    );
}

#[test]
fn a_refused_allocation_is_the_out_of_memory_exit() {
    // The budget's count (8G) never stops it: the kernel's data limit does.
    let out = compile(
        "$a = Integer[1, 40].map |$i| { sprintf(\"%-60000000s\", \"x${i}\") }\nnotify { 'n': message => String($a.length) }\n",
        &["--max-memory", "8G"],
        Some(400 << 20),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("Error: out of memory: an allocation of 60000000 bytes was refused"),
        "{stderr}"
    );
}
