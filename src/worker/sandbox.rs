//! What a compile worker may do, and what it costs at most.
//!
//! Two halves:
//!
//! - The parent (the pool) spawns a worker with a cleared environment (no
//!   `KUBERNETES_SERVICE_*`, no `KUBECONFIG`, no proxies: only
//!   `MALLOC_ARENA_MAX`) and, between fork and exec ([`ProcessLimits`]), with
//!   `RLIMIT_AS` (memory), `RLIMIT_CPU` (CPU seconds over the worker's
//!   life), `RLIMIT_CORE` 0 (no core dumps of Manifest data) and
//!   `oom_score_adj` 1000 (under memory pressure the kernel kills a worker,
//!   never the controller).
//! - The worker, first thing, before it reads any input, gives up what it
//!   does not need ([`isolate`]): privileges (`no_new_privs`), the network
//!   (a new network namespace inside a new user namespace, when the kernel
//!   and the container runtime allow unprivileged ones), and with Landlock
//!   (Linux 5.13+) every file except read-only system directories and the
//!   paths it is given (module and data directories), TCP connect and bind
//!   (ABI 4+), and signals to processes outside it (ABI 6+). So the
//!   service-account token under `/var/run/secrets` is unreadable and the
//!   API server unreachable even though the worker runs as the controller's
//!   user. Each measure that is missing is said in the worker's `Hello`,
//!   which the controller logs.
//!
//! The parent side must be async-signal-safe (it runs between fork and
//! exec): only system calls on values prepared before the fork.

use std::path::{Path, PathBuf};

/// Resource limits set on a worker between fork and exec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessLimits {
    /// `RLIMIT_AS`: the address space, in bytes.
    pub address_space: u64,
    /// `RLIMIT_CPU`: CPU seconds over the worker's life (the pool replaces
    /// a worker that used half of it).
    pub cpu_seconds: u64,
    /// `RLIMIT_NOFILE`.
    pub open_files: u64,
}

impl ProcessLimits {
    /// Applies the limits to the calling process. Async-signal-safe: meant
    /// for `Command::pre_exec`.
    pub fn apply(&self) -> std::io::Result<()> {
        set_limit(libc::RLIMIT_AS, self.address_space)?;
        set_limit(libc::RLIMIT_CPU, self.cpu_seconds)?;
        set_limit(libc::RLIMIT_CORE, 0)?;
        set_limit(libc::RLIMIT_NOFILE, self.open_files)?;
        // Raising one's own OOM score needs no privilege; failure (no /proc)
        // is not fatal.
        // SAFETY: a NUL-terminated literal path; open/write/close are
        // async-signal-safe.
        unsafe {
            let fd = libc::open(
                c"/proc/self/oom_score_adj".as_ptr(),
                libc::O_WRONLY | libc::O_CLOEXEC,
            );
            if fd >= 0 {
                let text = b"1000";
                libc::write(fd, text.as_ptr().cast(), text.len());
                libc::close(fd);
            }
        }
        Ok(())
    }
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit reads the struct we pass; async-signal-safe.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The system directories a worker may read (libraries, time zones, and
/// under `/usr` Ruby's standard library for the embedded Ruby of modules'
/// functions); `/proc/self/statm`, the process's size, which the embedded
/// Ruby's watchdog compares with the memory budget. The rest of the file
/// system is closed to it when Landlock is available. The embedded Ruby
/// starts on first use, after [`isolate`], so its thread is sandboxed too.
pub const SYSTEM_READ_PATHS: &[&str] = &[
    "/usr",
    "/lib",
    "/lib64",
    "/etc/localtime",
    "/proc/self/statm",
];

/// Makes the calling process (single-threaded, before reading any input)
/// give up privileges, the network and the file system; returns one line
/// per measure, saying whether it holds.
pub fn isolate(read_paths: &[PathBuf]) -> Vec<String> {
    let mut report = Vec::new();
    // SAFETY: prctl with constant arguments.
    let nnp = unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) };
    report.push(if nnp == 0 {
        "privileges: no_new_privs set".to_string()
    } else {
        format!(
            "privileges: NOT restricted (no_new_privs failed: {})",
            std::io::Error::last_os_error()
        )
    });
    report.push(new_network_namespace());
    report.push(landlock(read_paths));
    report
}

/// A new user namespace (unprivileged) holding a new network namespace with
/// only a loopback interface that is down: no address is reachable.
fn new_network_namespace() -> String {
    // SAFETY: unshare with constant flags; the caller is single-threaded.
    let r = unsafe { libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET) };
    if r == 0 {
        "network: none (a new network namespace)".to_string()
    } else {
        format!(
            "network: no new network namespace (unshare: {}; the container runtime or the kernel \
             forbids unprivileged user namespaces); Landlock's TCP rules apply if the kernel has them",
            std::io::Error::last_os_error()
        )
    }
}

fn landlock(read_paths: &[PathBuf]) -> String {
    use landlock::{
        ABI, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus,
        Scope, path_beneath_rules,
    };
    let abi = ABI::V6;
    let mut paths: Vec<&Path> = SYSTEM_READ_PATHS.iter().map(Path::new).collect();
    paths.extend(read_paths.iter().map(PathBuf::as_path));
    let result = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::from_all(abi)))
        .and_then(|r| r.scope(Scope::from_all(abi)))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(&paths, AccessFs::from_read(abi))))
        .and_then(|r| r.restrict_self());
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    match result {
        Ok(status) => match status.ruleset {
            RulesetStatus::FullyEnforced => format!(
                "files: read-only {} and nothing else; TCP: none; signals: none outside (Landlock)",
                shown.join(", ")
            ),
            RulesetStatus::PartiallyEnforced => format!(
                "files: read-only {} and nothing else (Landlock, partly: an older kernel may leave \
                 TCP or signals open)",
                shown.join(", ")
            ),
            RulesetStatus::NotEnforced => "files: NOT restricted (the kernel has no Landlock): \
                 the worker can read what the controller's user can, the service-account token included"
                .to_string(),
        },
        Err(e) => format!("files: NOT restricted (Landlock failed: {e})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_apply_in_a_child_and_show_in_its_proc_limits() {
        let limits = ProcessLimits {
            address_space: 3 << 30,
            cpu_seconds: 77,
            open_files: 99,
        };
        let mut cmd = std::process::Command::new("cat");
        cmd.arg("/proc/self/limits");
        // SAFETY: apply is async-signal-safe.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(move || limits.apply());
        }
        let out = cmd.output().expect("run cat");
        let text = String::from_utf8_lossy(&out.stdout);
        let line = |name: &str| {
            text.lines()
                .find(|l| l.starts_with(name))
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_default()
        };
        assert!(line("Max cpu time").contains("77 77"), "{text}");
        assert!(line("Max open files").contains("99 99"), "{text}");
        assert!(
            line("Max address space").contains(&(3u64 << 30).to_string()),
            "{text}"
        );
        assert!(line("Max core file size").contains("0 0"), "{text}");
    }
}
