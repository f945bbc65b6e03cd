//! The host a run converges: the root every managed path lives under (its
//! files reached only through [`RootFs`], which resolves every path inside
//! the root as the host would), the commands run inside it (chroot into the
//! same directory descriptor when the root is not `/`, or PID 1's namespaces
//! when the root is the host's own root seen from a container), and its users
//! and groups read from the root's `/etc/passwd` and `/etc/group`.

use crate::rootfs::{RootError, RootFs};
use std::ffi::CString;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Environment variables Puppet removes before running a command.
const USER_ENV_VARS: [&str; 3] = ["HOME", "USER", "LOGNAME"];

/// The machine being converged.
#[derive(Debug, Clone)]
pub struct Machine {
    root: PathBuf,
    /// The root's files, every path resolved inside it.
    fs: RootFs,
    /// Run provider tools (dpkg-query, systemctl, useradd...) from this
    /// directory on the running system instead of inside the root.
    tool_dir: Option<PathBuf>,
    /// Serves `puppet:///` sources (None: this run has no file server).
    file_server: Option<std::sync::Arc<dyn crate::file::serve::FileServer>>,
    /// `/etc/passwd` and `/etc/group` as last read; cleared whenever a
    /// provider tool runs (it may have changed them).
    accounts: std::cell::RefCell<Option<(Vec<PasswdEntry>, Vec<GroupEntry>)>>,
    /// Users' crontabs as read or written during this run (the cron
    /// provider reads each once, as Puppet prefetches them).
    crontabs: std::cell::RefCell<std::collections::HashMap<String, String>>,
    /// The mount points `mount` listed, kept up to date by the mount
    /// provider's mounts and unmounts (Puppet lists them once per run).
    mounts: std::cell::RefCell<Option<Vec<String>>>,
    /// The firewall rules and chains as the run first read them (Puppet
    /// prefetches them once).
    firewall: std::cell::RefCell<
        std::collections::HashMap<crate::firewall::rule::Family, crate::firewall::save::Saved>,
    >,
}

/// How to start a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Argv {
    /// A command line as Puppet's posix provider runs it: through `/bin/sh -c`
    /// when it holds shell syntax, otherwise split on spaces and run directly.
    Line(String),
    /// Always through `/bin/sh -c` (the exec `shell` provider).
    Shell(String),
    /// Program and arguments, no shell.
    Args(Vec<String>),
}

/// A command to run on the host.
#[derive(Debug, Clone, Default)]
pub struct CommandSpec {
    pub argv: Option<Argv>,
    /// Variables set for the command, after the agent's own environment.
    pub env: Vec<(String, String)>,
    /// Working directory inside the root.
    pub cwd: Option<String>,
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// Supplementary groups, set with `uid` (None: none).
    pub groups: Option<Vec<u32>>,
    pub umask: Option<u32>,
    /// Stop the command after this long (None: no limit).
    pub timeout: Option<Duration>,
    /// Run a provider tool: from the tool directory when one is set.
    pub tool: bool,
    /// Bytes fed to the command's standard input (empty: /dev/null).
    pub stdin: Option<Vec<u8>>,
}

/// What a command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandOutput {
    /// Standard output and error, interleaved.
    pub output: String,
    /// The exit code; None when a signal ended it.
    pub code: Option<i32>,
}

impl CommandOutput {
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
}

/// Why a command did not finish.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("Command exceeded timeout")]
    Timeout,
    #[error("Could not execute command: {0}")]
    Spawn(std::io::Error),
    #[error("Working directory {0} does not exist!")]
    NoCwd(String),
}

/// One entry of `/etc/passwd`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswdEntry {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
    pub comment: String,
    pub home: String,
    pub shell: String,
}

/// One entry of `/etc/group`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupEntry {
    pub name: String,
    pub gid: u32,
    pub members: Vec<String>,
}

impl Machine {
    /// The host whose filesystem starts at `root` (`/` for this machine).
    /// Fails when the root cannot be opened, or this kernel cannot keep
    /// lookups inside it (no `openat2`).
    pub fn new(root: impl Into<PathBuf>) -> Result<Machine, RootError> {
        let root = root.into();
        Ok(Machine {
            fs: RootFs::new(&root)?,
            root,
            tool_dir: None,
            file_server: None,
            accounts: std::cell::RefCell::new(None),
            crontabs: std::cell::RefCell::new(std::collections::HashMap::new()),
            mounts: std::cell::RefCell::new(None),
            firewall: std::cell::RefCell::new(std::collections::HashMap::new()),
        })
    }

    /// Runs provider tools from `dir` on the running system (tests, or hosts
    /// whose tools live outside the managed root). Tools get `KUPPET_ROOT`.
    pub fn with_tool_dir(mut self, dir: Option<PathBuf>) -> Machine {
        self.tool_dir = dir;
        self
    }

    /// Serves `puppet:///` sources from `server` (`kuppet apply`: the
    /// modulepath).
    pub fn with_file_server(
        mut self,
        server: Option<std::sync::Arc<dyn crate::file::serve::FileServer>>,
    ) -> Machine {
        self.file_server = server;
        self
    }

    /// What serves `puppet:///` sources, when something does.
    pub fn file_server(&self) -> Option<&dyn crate::file::serve::FileServer> {
        self.file_server.as_deref()
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The directory provider tools run from, when one is set.
    pub fn tool_dir(&self) -> Option<&Path> {
        self.tool_dir.as_deref()
    }

    /// Whether the root is the host's own root seen from the agent's
    /// container (commands join PID 1's namespaces).
    pub(crate) fn is_host_root(&self) -> bool {
        self.chrooted() && host_namespaces(&self.root).is_some()
    }

    /// The root's files: read, write atomically, list, stat, chown, chmod,
    /// every path resolved inside the root (see [`RootFs`]).
    pub fn fs(&self) -> &RootFs {
        &self.fs
    }

    /// Whether commands must enter the root (it is not `/`).
    pub(crate) fn chrooted(&self) -> bool {
        self.root != Path::new("/")
    }

    /// Whether a program is an executable file inside the root.
    pub(crate) fn is_executable(&self, managed: &str) -> bool {
        use std::os::unix::fs::PermissionsExt;
        match self.fs.stat(managed) {
            Ok(m) => m.is_file() && m.permissions().mode() & 0o111 != 0,
            Err(_) => false,
        }
    }

    /// Finds a program on a search path inside the root.
    pub fn which(&self, program: &str, search: &[String]) -> Option<String> {
        for dir in search {
            if dir.is_empty() {
                continue;
            }
            let candidate = format!("{}/{}", dir.trim_end_matches('/'), program);
            if self.is_executable(&candidate) {
                return Some(candidate);
            }
        }
        None
    }

    /// The root's users and groups, read once until a tool runs.
    fn accounts<T>(&self, f: impl FnOnce(&(Vec<PasswdEntry>, Vec<GroupEntry>)) -> T) -> T {
        let mut cache = self.accounts.borrow_mut();
        let accounts = cache.get_or_insert_with(|| (self.read_users(), self.read_groups()));
        f(accounts)
    }

    /// The entries of the root's `/etc/passwd`.
    pub fn users(&self) -> Vec<PasswdEntry> {
        self.accounts(|(users, _)| users.clone())
    }

    /// The entries of the root's `/etc/group`.
    pub fn groups(&self) -> Vec<GroupEntry> {
        self.accounts(|(_, groups)| groups.clone())
    }

    /// A text file of the root (lossy UTF-8), empty when unreadable.
    pub(crate) fn read_text(&self, managed: &str) -> String {
        self.fs
            .read(managed)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    fn read_users(&self) -> Vec<PasswdEntry> {
        let text = self.read_text("/etc/passwd");
        text.lines()
            .filter_map(|line| {
                let f: Vec<&str> = line.split(':').collect();
                if f.len() < 7 {
                    return None;
                }
                Some(PasswdEntry {
                    name: f[0].to_string(),
                    uid: f[2].parse().ok()?,
                    gid: f[3].parse().ok()?,
                    comment: f[4].to_string(),
                    home: f[5].to_string(),
                    shell: f[6].to_string(),
                })
            })
            .collect()
    }

    fn read_groups(&self) -> Vec<GroupEntry> {
        let text = self.read_text("/etc/group");
        text.lines()
            .filter_map(|line| {
                let f: Vec<&str> = line.split(':').collect();
                if f.len() < 4 {
                    return None;
                }
                Some(GroupEntry {
                    name: f[0].to_string(),
                    gid: f[2].parse().ok()?,
                    members: f[3]
                        .split(',')
                        .filter(|m| !m.is_empty())
                        .map(str::to_string)
                        .collect(),
                })
            })
            .collect()
    }

    /// A user's uid: a number as it is, a name looked up in the root.
    pub fn uid(&self, user: &str) -> Option<u32> {
        if let Ok(n) = user.parse() {
            return Some(n);
        }
        self.users()
            .into_iter()
            .find(|u| u.name == user)
            .map(|u| u.uid)
    }

    /// A group's gid: a number as it is, a name looked up in the root.
    pub fn gid(&self, group: &str) -> Option<u32> {
        if let Ok(n) = group.parse() {
            return Some(n);
        }
        self.groups()
            .into_iter()
            .find(|g| g.name == group)
            .map(|g| g.gid)
    }

    /// What a command run as `uid` gets, like Puppet's `change_privileges`:
    /// the user's primary group unless one is given, and its supplementary
    /// groups (`initgroups`).
    pub(crate) fn credentials(&self, uid: u32, gid: Option<u32>) -> (u32, Vec<u32>) {
        let user = self.users().into_iter().find(|u| u.uid == uid);
        let primary = gid.or(user.as_ref().map(|u| u.gid)).unwrap_or(0);
        let mut groups = vec![primary];
        if let Some(user) = user {
            for g in self.groups() {
                if g.members.contains(&user.name) && !groups.contains(&g.gid) {
                    groups.push(g.gid);
                }
            }
        }
        (primary, groups)
    }

    pub(crate) fn user_name(&self, uid: u32) -> Option<String> {
        self.users()
            .into_iter()
            .find(|u| u.uid == uid)
            .map(|u| u.name)
    }

    pub(crate) fn group_name(&self, gid: u32) -> Option<String> {
        self.groups()
            .into_iter()
            .find(|g| g.gid == gid)
            .map(|g| g.name)
    }

    /// A user's crontab as this run last read or wrote it.
    pub(crate) fn cached_crontab(&self, user: &str) -> Option<String> {
        self.crontabs.borrow().get(user).cloned()
    }

    /// Remembers a user's crontab for the rest of the run.
    pub(crate) fn cache_crontab(&self, user: &str, text: String) {
        self.crontabs.borrow_mut().insert(user.to_string(), text);
    }

    /// The mounted points as this run last saw them.
    pub(crate) fn cached_mounts(&self) -> Option<Vec<String>> {
        self.mounts.borrow().clone()
    }

    /// Remembers the mounted points for the rest of the run.
    pub(crate) fn cache_mounts(&self, points: Vec<String>) {
        *self.mounts.borrow_mut() = Some(points);
    }

    /// The firewall rules as this run first read them.
    pub(crate) fn cached_firewall(
        &self,
        family: crate::firewall::rule::Family,
    ) -> Option<crate::firewall::save::Saved> {
        self.firewall.borrow().get(&family).cloned()
    }

    /// Remembers the firewall rules for the rest of the run.
    pub(crate) fn cache_firewall(
        &self,
        family: crate::firewall::rule::Family,
        saved: crate::firewall::save::Saved,
    ) {
        self.firewall.borrow_mut().insert(family, saved);
    }

    /// Runs a command inside the root and collects its output.
    pub fn run(&self, spec: &CommandSpec) -> Result<CommandOutput, CommandError> {
        // A command may change users and groups (useradd, or any exec).
        self.accounts.borrow_mut().take();
        let use_tools = spec.tool && self.tool_dir.is_some();
        let chroot = self.chrooted() && !use_tools;
        if let Some(cwd) = &spec.cwd {
            let exists = if use_tools {
                Path::new(cwd).is_dir()
            } else {
                self.fs.is_dir(cwd)
            };
            if !exists {
                return Err(CommandError::NoCwd(cwd.clone()));
            }
        }
        let (program, args): (String, Vec<String>) = match spec.argv.clone() {
            Some(Argv::Line(line)) => {
                if needs_shell(&line) {
                    ("/bin/sh".into(), vec!["-c".into(), line])
                } else {
                    let mut words = line.split([' ', '\t', '\n']).filter(|w| !w.is_empty());
                    let program = words.next().unwrap_or_default().to_string();
                    (program, words.map(str::to_string).collect())
                }
            }
            Some(Argv::Shell(line)) => ("/bin/sh".into(), vec!["-c".into(), line]),
            Some(Argv::Args(mut argv)) => {
                if argv.is_empty() {
                    return Err(CommandError::Spawn(std::io::Error::other("empty command")));
                }
                let program = argv.remove(0);
                (program, argv)
            }
            None => return Err(CommandError::Spawn(std::io::Error::other("no command"))),
        };
        let program = match (&self.tool_dir, spec.tool) {
            (Some(dir), true) if !program.contains('/') => {
                dir.join(&program).to_string_lossy().into_owned()
            }
            _ => program,
        };

        let mut cmd = Command::new(&program);
        cmd.args(&args);
        for var in USER_ENV_VARS {
            cmd.env_remove(var);
        }
        for (k, v) in &spec.env {
            cmd.env(k, v);
        }
        if use_tools {
            cmd.env("KUPPET_ROOT", &self.root);
        }
        let (reader, writer) = std::io::pipe().map_err(CommandError::Spawn)?;
        let writer2 = writer.try_clone().map_err(CommandError::Spawn)?;
        let stdin_writer = match &spec.stdin {
            Some(_) => {
                let (r, w) = std::io::pipe().map_err(CommandError::Spawn)?;
                cmd.stdin(Stdio::from(r));
                Some(w)
            }
            None => {
                cmd.stdin(Stdio::null());
                None
            }
        };
        cmd.stdout(Stdio::from(writer)).stderr(Stdio::from(writer2));

        let (uid, gid, umask) = (spec.uid, spec.gid, spec.umask);
        let groups: Option<Vec<libc::gid_t>> = spec.groups.clone();
        // When the root is the host's own root seen from a container (the agent
        // DaemonSet: hostPID, host / mounted at /host), commands join PID 1's
        // namespaces, so `systemctl` reaches the host's systemd and tools see
        // the host as it is; otherwise they run chrooted into the root.
        let host_ns = if chroot {
            host_namespaces(&self.root)
        } else {
            None
        };
        if let Some(fds) = host_ns {
            let cwd_c = match &spec.cwd {
                Some(cwd) => Some(
                    CString::new(cwd.as_bytes())
                        .map_err(|e| CommandError::Spawn(std::io::Error::other(e)))?,
                ),
                None => None,
            };
            // SAFETY: runs in the forked child before exec; setns, chdir,
            // setgid, setuid and umask are async-signal-safe, and the file
            // descriptors were opened before the fork.
            unsafe {
                cmd.pre_exec(move || {
                    libc::setsid();
                    for fd in &fds {
                        if libc::setns(*fd, 0) != 0 {
                            return Err(std::io::Error::last_os_error());
                        }
                    }
                    let dir = cwd_c.as_deref().unwrap_or(c"/");
                    if libc::chdir(dir.as_ptr()) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(groups) = &groups
                        && libc::setgroups(groups.len(), groups.as_ptr()) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(gid) = gid
                        && libc::setgid(gid) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(uid) = uid
                        && libc::setuid(uid) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(mask) = umask {
                        libc::umask(mask as libc::mode_t);
                    }
                    Ok(())
                });
            }
        } else if chroot {
            // The very directory the file resources resolve from: the
            // command's `/` is the descriptor's directory, whatever its path
            // names by now.
            let root_fd = self.fs.root_fd().as_raw_fd();
            let cwd_c = match &spec.cwd {
                Some(cwd) => Some(
                    CString::new(cwd.as_bytes())
                        .map_err(|e| CommandError::Spawn(std::io::Error::other(e)))?,
                ),
                None => None,
            };
            // SAFETY: the closure runs in the forked child before exec and
            // only calls async-signal-safe functions (setsid, fchdir, chroot,
            // chdir, setgid, setuid, umask) on data prepared before the fork;
            // the root descriptor stays open in the parent.
            unsafe {
                cmd.pre_exec(move || {
                    libc::setsid();
                    if libc::fchdir(root_fd) != 0 || libc::chroot(c".".as_ptr()) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    let dir = cwd_c.as_deref().unwrap_or(c"/");
                    if libc::chdir(dir.as_ptr()) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(groups) = &groups
                        && libc::setgroups(groups.len(), groups.as_ptr()) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(gid) = gid
                        && libc::setgid(gid) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(uid) = uid
                        && libc::setuid(uid) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(mask) = umask {
                        libc::umask(mask as libc::mode_t);
                    }
                    Ok(())
                });
            }
        } else {
            // Without chroot the standard library can start the command
            // (posix_spawn, much cheaper than fork for a large agent).
            cmd.process_group(0);
            if let Some(cwd) = &spec.cwd {
                cmd.current_dir(cwd);
            }
            if let Some(groups) = groups {
                // Supplementary groups must be set before the user changes,
                // which the standard library does before any pre_exec hook:
                // change all three here.
                // SAFETY: setgroups, setgid, setuid and umask are
                // async-signal-safe; the data was prepared before the fork.
                unsafe {
                    cmd.pre_exec(move || {
                        if libc::setgroups(groups.len(), groups.as_ptr()) != 0 {
                            return Err(std::io::Error::last_os_error());
                        }
                        if let Some(gid) = gid
                            && libc::setgid(gid) != 0
                        {
                            return Err(std::io::Error::last_os_error());
                        }
                        if let Some(uid) = uid
                            && libc::setuid(uid) != 0
                        {
                            return Err(std::io::Error::last_os_error());
                        }
                        if let Some(mask) = umask {
                            libc::umask(mask as libc::mode_t);
                        }
                        Ok(())
                    });
                }
            } else {
                if let Some(gid) = gid {
                    cmd.gid(gid);
                }
                if let Some(uid) = uid {
                    cmd.uid(uid);
                }
            }
            if spec.groups.is_none()
                && let Some(mask) = umask
            {
                // SAFETY: umask is async-signal-safe.
                unsafe {
                    cmd.pre_exec(move || {
                        libc::umask(mask as libc::mode_t);
                        Ok(())
                    });
                }
            }
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) if e.raw_os_error() == Some(libc::ENOEXEC) && program != "/bin/sh" => {
                // Like execvp (and Ruby's exec), run a script without `#!`
                // through the shell.
                let mut argv = vec!["/bin/sh".to_string(), program.clone()];
                argv.extend(args.iter().cloned());
                let retry = CommandSpec {
                    argv: Some(Argv::Args(argv)),
                    ..spec.clone()
                };
                return self.run(&retry);
            }
            Err(e) => return Err(CommandError::Spawn(e)),
        };
        drop(cmd);
        if let (Some(mut w), Some(data)) = (stdin_writer, spec.stdin.clone()) {
            use std::io::Write as _;
            std::thread::spawn(move || {
                let _ = w.write_all(&data);
            });
        }
        collect(&mut child, reader, spec.timeout)
    }
}

/// The namespaces of PID 1 to join, when `root` is PID 1's own root directory
/// and this process lives in other namespaces (a container with hostPID and
/// the host's `/` mounted). The files stay open for the life of the process.
fn host_namespaces(root: &Path) -> Option<Vec<i32>> {
    use std::os::unix::fs::MetadataExt;
    static FDS: std::sync::OnceLock<Option<Vec<i32>>> = std::sync::OnceLock::new();
    let same_root = match (std::fs::metadata(root), std::fs::metadata("/proc/1/root/")) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    };
    let other_mnt_ns = match (
        std::fs::read_link("/proc/1/ns/mnt"),
        std::fs::read_link("/proc/self/ns/mnt"),
    ) {
        (Ok(a), Ok(b)) => a != b,
        _ => false,
    };
    if !same_root || !other_mnt_ns {
        return None;
    }
    FDS.get_or_init(|| {
        let mut fds = Vec::new();
        // The mount namespace last: joining it changes how paths resolve.
        for ns in ["ipc", "uts", "net", "pid", "mnt"] {
            let path = CString::new(format!("/proc/1/ns/{ns}")).ok()?;
            // SAFETY: a plain open(2) of a NUL-terminated path.
            let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
            if fd < 0 {
                return None;
            }
            fds.push(fd);
        }
        Some(fds)
    })
    .clone()
}

/// Waits for a child while reading its output; on timeout kills its process
/// group. Output still buffered when it exits is read without waiting for
/// processes it left behind.
fn collect(
    child: &mut std::process::Child,
    mut reader: std::io::PipeReader,
    timeout: Option<Duration>,
) -> Result<CommandOutput, CommandError> {
    let started = Instant::now();
    let fd = reader.as_raw_fd();
    let mut output = Vec::new();
    let mut buf = [0u8; 8192];
    let mut eof = false;
    let mut wait_ms = 1;
    loop {
        if let Some(status) = child.try_wait().map_err(CommandError::Spawn)? {
            // Drain what is there without blocking on grandchildren.
            // SAFETY: fcntl on a descriptor we own.
            unsafe {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
            while !eof {
                match reader.read(&mut buf) {
                    Ok(0) => eof = true,
                    Ok(n) => output.extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            return Ok(CommandOutput {
                output: String::from_utf8_lossy(&output).into_owned(),
                code: status
                    .code()
                    .or_else(|| status.signal().map(|_| -1))
                    .filter(|c| *c >= 0),
            });
        }
        if let Some(limit) = timeout
            && started.elapsed() >= limit
        {
            // SAFETY: signalling the process group the child leads (setsid).
            unsafe {
                libc::kill(-(child.id() as i32), libc::SIGTERM);
            }
            let _ = child.kill();
            let _ = child.wait();
            return Err(CommandError::Timeout);
        }
        if eof {
            std::thread::sleep(Duration::from_millis(wait_ms));
            wait_ms = (wait_ms * 2).min(50);
            continue;
        }
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: poll on one valid descriptor.
        let ready = unsafe { libc::poll(&mut pfd, 1, wait_ms as i32) };
        if ready > 0 {
            match reader.read(&mut buf) {
                Ok(0) => eof = true,
                Ok(n) => output.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => eof = true,
            }
            wait_ms = 1;
        } else {
            wait_ms = (wait_ms * 2).min(50);
        }
    }
}

/// Whether Ruby's `Kernel.exec` would hand a command line to `/bin/sh`:
/// shell meta characters, a leading variable assignment, or a reserved word
/// or special built-in as the first word.
pub(crate) fn needs_shell(line: &str) -> bool {
    const META: &[char] = &[
        '*', '?', '{', '}', '[', ']', '<', '>', '(', ')', '~', '&', '|', '\\', '$', ';', '\'', '`',
        '"', '\n', '#',
    ];
    if line.contains(META) {
        return true;
    }
    const WORDS: &[&str] = &[
        "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in", "then",
        "until", "while", "!", ".", ":", "break", "continue", "eval", "exec", "exit", "export",
        "readonly", "return", "set", "shift", "times", "trap", "unset",
    ];
    let first = line.split_whitespace().next().unwrap_or("");
    first.contains('=') || WORDS.contains(&first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sandbox_root_is_chrooted_not_joined_to_host_namespaces() {
        let dir = std::env::temp_dir();
        assert!(host_namespaces(&dir).is_none());
        assert!(host_namespaces(Path::new("/nonexistent-kuppet-root")).is_none());
    }

    #[test]
    fn shell_syntax_is_recognised_like_ruby() {
        assert!(needs_shell("/bin/sh -c 'echo x'"));
        assert!(needs_shell("echo $HOME"));
        assert!(needs_shell("FOO=1 env"));
        assert!(needs_shell("exit 3"));
        assert!(!needs_shell("/bin/echo hello world"));
    }

    #[test]
    fn commands_run_and_report_exit_codes() {
        let host = Machine::new("/").expect("root");
        let out = host
            .run(&CommandSpec {
                argv: Some(Argv::Line(
                    "/bin/sh -c 'echo out; echo err >&2; exit 3'".into(),
                )),
                ..Default::default()
            })
            .expect("runs");
        assert_eq!(out.code, Some(3));
        assert!(out.output.contains("out\n") && out.output.contains("err\n"));
    }

    #[test]
    fn a_timeout_stops_the_command() {
        let host = Machine::new("/").expect("root");
        let started = Instant::now();
        let err = host
            .run(&CommandSpec {
                argv: Some(Argv::Line("/bin/sh -c 'sleep 5'".into())),
                timeout: Some(Duration::from_millis(200)),
                ..Default::default()
            })
            .expect_err("times out");
        assert!(matches!(err, CommandError::Timeout));
        assert!(started.elapsed() < Duration::from_secs(4));
    }

    #[test]
    fn accounts_are_read_inside_the_root_through_its_links() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::create_dir_all(root.join("usr/share/base")).expect("mkdir");
        std::fs::write(
            root.join("usr/share/base/passwd"),
            "root:x:0:0:root:/root:/bin/sh\nkupp:x:1234:1235::/home/kupp:/bin/sh\n",
        )
        .expect("write");
        std::fs::write(root.join("usr/share/base/group"), "kupp:x:1235:kupp\n").expect("write");
        std::fs::create_dir(root.join("etc")).expect("mkdir");
        // Absolute links, as a host has them: resolved inside the root.
        std::os::unix::fs::symlink("/usr/share/base/passwd", root.join("etc/passwd")).expect("ln");
        std::os::unix::fs::symlink("/usr/share/base/group", root.join("etc/group")).expect("ln");
        let host = Machine::new(root).expect("root");
        assert_eq!(host.uid("kupp"), Some(1234));
        assert_eq!(host.gid("kupp"), Some(1235));
        assert_eq!(host.credentials(1234, None), (1235, vec![1235]));
    }

    #[test]
    fn a_missing_root_is_an_error_not_a_panic() {
        let err = Machine::new("/nonexistent-kuppet-root").expect_err("no root");
        assert!(
            err.to_string().contains("/nonexistent-kuppet-root"),
            "{err}"
        );
    }
}
