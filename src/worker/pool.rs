//! The controller's side: a pool of compile workers.
//!
//! A worker is spawned on demand (and again after one dies), with a cleared
//! environment and the resource limits of [`ProcessLimits`], and kept for
//! the next compile. Every exchange has a wall-clock deadline: a worker
//! that does not answer in time is killed (SIGKILL) and reported as a
//! crash, like one that died of a signal, exited, or spoke out of turn. Its
//! last lines on stderr (a panic's message, "memory allocation failed",
//! "has overflowed its stack") go into the crash report and the log.
//!
//! Everything is blocking (the controller calls it from blocking threads);
//! the pipes are non-blocking underneath so that `poll` enforces deadlines.

use crate::protocol::{
    FrameError, FromWorker, Outcome, Request, ToWorker, read_frame, write_compile, write_frame,
};
use crate::sandbox::ProcessLimits;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Once};
use std::time::{Duration, Instant};

/// How the pool starts and limits its workers.
#[derive(Debug, Clone)]
pub struct PoolConfig {
    /// The worker executable (the kuppet binary itself by default; a later
    /// one may link Ruby): it is run as `PROGRAM ARGS...` and must speak
    /// the protocol on stdin and stdout.
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// Idle workers kept (at most this many compile at once).
    pub workers: usize,
    pub limits: ProcessLimits,
    /// The longest a compile may take, from request to answer.
    pub deadline: Duration,
    /// The longest a new worker may take to say hello.
    pub start_timeout: Duration,
}

/// How a worker died.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrashCause {
    /// Killed by a signal (SIGABRT: abort or stack overflow; SIGKILL: the
    /// kernel's OOM killer; SIGSEGV; SIGXCPU: its CPU limit).
    Signal(i32),
    /// Exited (a panic exits with 101), with its status.
    Exited(i32),
    /// Did not answer within the deadline; killed.
    Deadline(Duration),
    /// Sent something that is not the protocol; killed.
    Protocol(String),
}

/// A worker that died during a compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crash {
    pub cause: CrashCause,
    /// Its last lines on stderr (the panic message, the allocator's or the
    /// runtime's last words), oldest first.
    pub stderr: Vec<String>,
}

impl std::fmt::Display for Crash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.cause {
            CrashCause::Signal(sig) => write!(
                f,
                "the compile worker was killed by signal {sig} ({})",
                signal_name(*sig)
            )?,
            CrashCause::Exited(code) => write!(f, "the compile worker exited with status {code}")?,
            CrashCause::Deadline(d) => write!(
                f,
                "the compile did not finish within {}s; the worker was killed",
                d.as_secs_f64()
            )?,
            CrashCause::Protocol(what) => {
                write!(f, "the compile worker broke the protocol: {what}")?
            }
        }
        let words: Vec<&str> = self
            .stderr
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
            .collect();
        if !words.is_empty() {
            let start = words.len().saturating_sub(3);
            write!(f, ": {}", words[start..].join(" / "))?;
        }
        Ok(())
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT: abort, or a stack overflow",
        libc::SIGKILL => "SIGKILL: out of memory, or killed",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGXCPU => "SIGXCPU: its CPU time limit",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGTERM => "SIGTERM",
        _ => "signal",
    }
}

/// Why the pool could not compile.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// No worker could be started: a problem of the controller's setup, not
    /// of the input.
    #[error("could not start a compile worker ({program}): {message}")]
    Start { program: String, message: String },
    /// The worker died while compiling this input.
    #[error("{0}")]
    Crash(Crash),
}

/// Asks the controller for a Secret's key: `(namespace, name, key)`.
pub type SecretLookup<'a> = &'a mut dyn FnMut(&str, &str, &str) -> Result<String, String>;

/// Counters for metrics.
#[derive(Debug, Default)]
pub struct PoolCounters {
    pub spawned: AtomicU64,
    pub crashed: AtomicU64,
}

/// The pool.
pub struct Pool {
    config: PoolConfig,
    idle: Mutex<Vec<Worker>>,
    announced: Once,
    pub counters: PoolCounters,
}

impl Pool {
    pub fn new(config: PoolConfig) -> Pool {
        Pool {
            config,
            idle: Mutex::default(),
            announced: Once::new(),
            counters: PoolCounters::default(),
        }
    }

    pub fn config(&self) -> &PoolConfig {
        &self.config
    }

    /// Starts one worker (so that a broken setup shows at startup, not at
    /// the first compile) and returns what its sandbox holds.
    pub fn start(&self) -> Result<Vec<String>, PoolError> {
        let worker = self.spawn()?;
        let report = worker.sandbox.clone();
        self.put_back(worker);
        Ok(report)
    }

    /// Compiles `request` on a worker; `secrets` answers its Secret lookups.
    pub fn compile(&self, request: &Request, secrets: SecretLookup) -> Result<Outcome, PoolError> {
        let taken = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let mut worker = match taken {
            Some(w) => w,
            None => self.spawn()?,
        };
        let deadline = Instant::now() + self.config.deadline;
        match worker.converse(request, secrets, deadline, self.config.deadline) {
            Ok(outcome) => {
                let stats = match &outcome {
                    Outcome::Compiled { stats, .. } | Outcome::Failed { stats, .. } => *stats,
                };
                // Replace a worker that used half its CPU allowance before
                // RLIMIT_CPU kills it in the middle of a compile.
                if stats.cpu_ms < self.config.limits.cpu_seconds.saturating_mul(500) {
                    self.put_back(worker);
                }
                Ok(outcome)
            }
            Err(cause) => {
                self.counters.crashed.fetch_add(1, Ordering::Relaxed);
                let crash = worker.die(cause, self.config.deadline);
                tracing::warn!(node = %request.node, pid = worker.pid, error = %crash, "compile worker crashed; a new one replaces it");
                Err(PoolError::Crash(crash))
            }
        }
    }

    fn put_back(&self, worker: Worker) {
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < self.config.workers.max(1)
        {
            idle.push(worker);
        }
    }

    fn spawn(&self) -> Result<Worker, PoolError> {
        let start_error = |message: String| PoolError::Start {
            program: self.config.program.display().to_string(),
            message,
        };
        let mut cmd = Command::new(&self.config.program);
        cmd.args(&self.config.args)
            .env_clear()
            .env("MALLOC_ARENA_MAX", "2")
            .current_dir("/")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let limits = self.config.limits;
        // SAFETY: `apply` makes only async-signal-safe system calls on
        // values copied before the fork.
        unsafe {
            cmd.pre_exec(move || limits.apply());
        }
        let mut child = cmd.spawn().map_err(|e| start_error(e.to_string()))?;
        self.counters.spawned.fetch_add(1, Ordering::Relaxed);
        let pid = child.id();
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(start_error("its pipes could not be set up".into()));
        };
        for fd in [stdin.as_raw_fd(), stdout.as_raw_fd()] {
            set_nonblocking(fd).map_err(|e| start_error(e.to_string()))?;
        }
        let tail = Arc::new(Tail::default());
        {
            let tail = tail.clone();
            std::thread::Builder::new()
                .name(format!("worker-{pid}-stderr"))
                .spawn(move || tail.collect(stderr, pid))
                .map_err(|e| start_error(e.to_string()))?;
        }
        let mut worker = Worker {
            child,
            stdin,
            stdout,
            tail,
            pid,
            sandbox: Vec::new(),
        };
        let deadline = Instant::now() + self.config.start_timeout;
        let hello = read_frame::<_, FromWorker>(&mut Timed::new(&worker.stdout, deadline));
        match hello {
            Ok(Some(FromWorker::Hello { sandbox, .. })) => worker.sandbox = sandbox,
            other => {
                let cause = match other {
                    Err(e) => cause_of(e, self.config.start_timeout),
                    // Closed its output: it is exiting; `die` finds out how.
                    Ok(None) => CrashCause::Exited(-1),
                    Ok(Some(_)) => CrashCause::Protocol("did not start with a hello".into()),
                };
                let crash = worker.die(cause, self.config.start_timeout);
                return Err(start_error(crash.to_string()));
            }
        }
        self.announced.call_once(|| {
            for line in &worker.sandbox {
                if line.contains("NOT") || line.contains("no new") {
                    tracing::warn!(pid, "compile worker sandbox: {line}");
                } else {
                    tracing::info!(pid, "compile worker sandbox: {line}");
                }
            }
        });
        Ok(worker)
    }
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    tail: Arc<Tail>,
    pid: u32,
    sandbox: Vec<String>,
}

impl Worker {
    fn converse(
        &mut self,
        request: &Request,
        secrets: SecretLookup,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Outcome, CrashCause> {
        write_compile(&mut Timed::new(&self.stdin, deadline), request)
            .map_err(|e| cause_of(e, limit))?;
        loop {
            let message = read_frame::<_, FromWorker>(&mut Timed::new(&self.stdout, deadline))
                .map_err(|e| cause_of(e, limit))?;
            match message {
                Some(FromWorker::Done(outcome)) => return Ok(*outcome),
                Some(FromWorker::Secret {
                    namespace,
                    name,
                    key,
                }) => {
                    let answer = match secrets(&namespace, &name, &key) {
                        Ok(value) => ToWorker::SecretValue {
                            value: Some(value),
                            error: None,
                        },
                        Err(error) => ToWorker::SecretValue {
                            value: None,
                            error: Some(error),
                        },
                    };
                    write_frame(&mut Timed::new(&self.stdin, deadline), &answer)
                        .map_err(|e| cause_of(e, limit))?;
                }
                Some(FromWorker::Hello { .. }) => {
                    return Err(CrashCause::Protocol("said hello twice".into()));
                }
                // The pipe closed: the worker is dying; `die` finds out how.
                None => return Err(CrashCause::Exited(-1)),
            }
        }
    }

    /// Kills the worker (if it still runs), reaps it, and says how it died.
    fn die(&mut self, cause: CrashCause, _limit: Duration) -> Crash {
        let _ = self.child.kill();
        let status = self.child.wait().ok();
        let cause = match (cause, status) {
            (CrashCause::Exited(_), Some(s)) if s.signal().is_some() => {
                CrashCause::Signal(s.signal().unwrap_or(0))
            }
            (CrashCause::Exited(_), Some(s)) => CrashCause::Exited(s.code().unwrap_or(-1)),
            (other, _) => other,
        };
        Crash {
            cause,
            stderr: self.tail.wait_for_end(Duration::from_millis(300)),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cause_of(e: FrameError, limit: Duration) -> CrashCause {
    match e {
        FrameError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
            CrashCause::Deadline(limit)
        }
        FrameError::Io(_) | FrameError::Truncated => CrashCause::Exited(-1),
        FrameError::TooLarge(n) => CrashCause::Protocol(format!("sent a frame of {n} bytes")),
        FrameError::Json(e) => CrashCause::Protocol(format!("sent an invalid message: {e}")),
    }
}

/// The last lines a worker wrote on stderr.
#[derive(Default)]
struct Tail {
    state: Mutex<(VecDeque<String>, bool)>,
    ended: Condvar,
}

const TAIL_LINES: usize = 20;
const TAIL_LINE_BYTES: usize = 1000;

impl Tail {
    fn collect(&self, stderr: impl Read, pid: u32) {
        let mut reader = BufReader::new(stderr);
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.by_ref().take(64 * 1024).read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let mut text = String::from_utf8_lossy(&line).trim_end().to_string();
            if text.len() > TAIL_LINE_BYTES {
                let mut cut = TAIL_LINE_BYTES;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
            }
            tracing::warn!(pid, "compile worker: {text}");
            if let Ok(mut s) = self.state.lock() {
                if s.0.len() == TAIL_LINES {
                    s.0.pop_front();
                }
                s.0.push_back(text);
            }
        }
        if let Ok(mut s) = self.state.lock() {
            s.1 = true;
        }
        self.ended.notify_all();
    }

    /// The lines, once stderr closed (or after `wait`).
    fn wait_for_end(&self, wait: Duration) -> Vec<String> {
        let Ok(guard) = self.state.lock() else {
            return Vec::new();
        };
        let guard = match self.ended.wait_timeout_while(guard, wait, |s| !s.1) {
            Ok((g, _)) => g,
            Err(_) => return Vec::new(),
        };
        guard.0.iter().cloned().collect()
    }
}

fn set_nonblocking(fd: RawFd) -> std::io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Reads and writes a non-blocking pipe, waiting with `poll` until a deadline.
struct Timed {
    fd: RawFd,
    deadline: Instant,
}

impl Timed {
    fn new(pipe: &impl AsRawFd, deadline: Instant) -> Timed {
        Timed {
            fd: pipe.as_raw_fd(),
            deadline,
        }
    }

    fn wait(&self, events: libc::c_short) -> std::io::Result<()> {
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(std::io::ErrorKind::TimedOut.into());
            }
            let mut pfd = libc::pollfd {
                fd: self.fd,
                events,
                revents: 0,
            };
            let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd.
            let r = unsafe { libc::poll(&mut pfd, 1, ms) };
            if r > 0 {
                return Ok(());
            }
            if r < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
        }
    }
}

impl Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            // SAFETY: reads into the caller's buffer, within its length.
            let n = unsafe { libc::read(self.fd, buf.as_mut_ptr().cast(), buf.len()) };
            if n >= 0 {
                return Ok(n as usize);
            }
            let e = std::io::Error::last_os_error();
            match e.kind() {
                std::io::ErrorKind::WouldBlock => self.wait(libc::POLLIN)?,
                std::io::ErrorKind::Interrupted => {}
                _ => return Err(e),
            }
        }
    }
}

impl Write for Timed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        loop {
            // SAFETY: writes from the caller's buffer, within its length.
            let n = unsafe { libc::write(self.fd, buf.as_ptr().cast(), buf.len()) };
            if n >= 0 {
                return Ok(n as usize);
            }
            let e = std::io::Error::last_os_error();
            match e.kind() {
                std::io::ErrorKind::WouldBlock => self.wait(libc::POLLOUT)?,
                std::io::ErrorKind::Interrupted => {}
                _ => return Err(e),
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell_pool(script: &str, deadline: Duration) -> Pool {
        Pool::new(PoolConfig {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
            workers: 1,
            limits: ProcessLimits {
                address_space: 1 << 30,
                cpu_seconds: 60,
                open_files: 64,
            },
            deadline,
            start_timeout: Duration::from_secs(5),
        })
    }

    #[test]
    fn a_worker_that_never_says_hello_is_a_start_error_with_its_last_words() {
        let pool = shell_pool("echo 'no such thing' >&2; exit 3", Duration::from_secs(5));
        let err = pool.start().expect_err("no hello");
        let text = err.to_string();
        assert!(matches!(err, PoolError::Start { .. }));
        assert!(text.contains("exited with status 3"), "{text}");
        assert!(text.contains("no such thing"), "{text}");
    }

    #[test]
    fn a_silent_worker_hits_the_start_deadline() {
        let mut pool = shell_pool("exec sleep 30", Duration::from_secs(5));
        pool.config.start_timeout = Duration::from_millis(300);
        let started = Instant::now();
        let err = pool.start().expect_err("silent");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "killed, not waited for"
        );
        assert!(
            err.to_string().contains("did not finish within 0.3s"),
            "{err}"
        );
    }

    #[test]
    fn the_environment_is_cleared() {
        // The "worker" says what it sees on stderr and dies.
        // SAFETY: the test sets a variable no other test reads.
        unsafe { std::env::set_var("KUPPET_TEST_TOKEN", "secret") };
        let pool = shell_pool(
            "echo \"token=[$KUPPET_TEST_TOKEN] arena=[$MALLOC_ARENA_MAX]\" >&2; exit 1",
            Duration::from_secs(5),
        );
        let text = pool.start().expect_err("dies").to_string();
        assert!(text.contains("token=[] arena=[2]"), "{text}");
    }
}
