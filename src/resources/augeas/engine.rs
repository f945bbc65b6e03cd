//! One pass of augeas_core's provider over libaugeas: open a handle (the
//! lenses compiled from the agent's filesystem), enter the managed root,
//! load, run `onlyif`, and either see whether the `changes` would change a
//! file (`newfile` save, the `.augnew` files removed again) or save them.

use super::parse::{self, Args};
use crate::{Level, Machine};
use raugeas::{Augeas, Flags, Position, SaveMode};

/// The resource's parameters, as the provider reads them.
#[derive(Debug, Clone)]
pub struct Settings {
    pub changes: Vec<String>,
    pub onlyif: Vec<String>,
    pub context: String,
    /// `(incl, lens)`: load just that file with that lens.
    pub incl: Option<(String, String)>,
    pub load_path: Vec<String>,
    pub root: String,
    pub force: bool,
    pub type_check: bool,
    pub returns: String,
}

/// What a pass does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Puppet's `need_to_run?`.
    Check,
    /// Puppet's `execute_changes`.
    Execute,
}

/// What a pass found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub need_to_run: bool,
    pub logs: Vec<(Level, String)>,
    pub error: Option<String>,
}

/// Runs a pass. Under a root other than `/` it runs on a thread of its own
/// that leaves the agent's filesystem for the root's directory descriptor
/// once the lenses are compiled, so every file augeas opens is inside it.
pub fn run(host: &Machine, settings: &Settings, mode: Mode) -> Outcome {
    if !host.chrooted() {
        return pass(settings, mode, &|| Ok(()));
    }
    let fd = {
        use std::os::fd::AsRawFd;
        host.fs().root_fd().as_raw_fd()
    };
    let root = host.root().display().to_string();
    let enter = move || -> Result<(), String> {
        // SAFETY: plain system calls on this thread's own filesystem
        // attributes (unshared first, so the agent's other threads keep
        // theirs); the descriptor stays open while `host` is borrowed.
        unsafe {
            if libc::unshare(libc::CLONE_FS) != 0
                || libc::fchdir(fd) != 0
                || libc::chroot(c".".as_ptr()) != 0
                || libc::chdir(c"/".as_ptr()) != 0
            {
                return Err(format!(
                    "cannot enter the root {root}: {}",
                    std::io::Error::last_os_error()
                ));
            }
        }
        Ok(())
    };
    std::thread::scope(|s| {
        s.spawn(|| pass(settings, mode, &enter))
            .join()
            .unwrap_or_else(|_| Outcome {
                error: Some("augeas failed unexpectedly".into()),
                ..Outcome::default()
            })
    })
}

fn pass(settings: &Settings, mode: Mode, enter: &dyn Fn() -> Result<(), String>) -> Outcome {
    let mut out = Outcome::default();
    match pass_inner(settings, mode, enter, &mut out.logs) {
        Ok(need) => out.need_to_run = need,
        Err(e) => out.error = Some(e),
    }
    out
}

fn aug_err(e: raugeas::Error) -> String {
    e.to_string()
}

/// Opens the handle as Puppet's `open_augeas`; `enter` is called once the
/// lenses are compiled and before any file is read.
fn open(
    s: &Settings,
    enter: &dyn Fn() -> Result<(), String>,
    logs: &mut Vec<(Level, String)>,
) -> Result<Augeas, String> {
    let mut flags = if s.type_check {
        Flags::TYPE_CHECK
    } else {
        Flags::NONE
    };
    flags |= if s.incl.is_some() {
        Flags::NO_MODULE_AUTOLOAD
    } else {
        Flags::NO_LOAD
    };
    let mut aug =
        Augeas::init(Some(s.root.as_str()), s.load_path.join(":"), flags).map_err(aug_err)?;
    let mut restricted = None;
    if let Some((incl, lens)) = &s.incl {
        // Compile the lens now (a load of a file that is nowhere), before
        // leaving the agent's filesystem.
        aug.set("/augeas/load/Xfm/lens", lens).map_err(aug_err)?;
        aug.set("/augeas/load/Xfm/incl", "/\u{1}kuppet-no-such-file")
            .map_err(aug_err)?;
        aug.load().map_err(aug_err)?;
        aug.set("/augeas/load/Xfm/incl", incl).map_err(aug_err)?;
        restricted = Some("/augeas//error".to_string());
    }
    enter()?;
    if s.incl.is_none() && context_is_plain(&s.context) {
        let glob = !aug
            .matches("/augeas/version/pathx/functions/glob")
            .map_err(aug_err)?
            .is_empty();
        if glob {
            let ctx = s.context.trim_start_matches("/files").trim_end_matches('/');
            let ctx = format!("{ctx}/");
            let others = format!("/augeas/load/*['{ctx}' !~ glob(incl) + regexp('/.*')]");
            let all = aug.count("/augeas/load/*").map_err(aug_err)?;
            if aug.count(&others).map_err(aug_err)? < all {
                aug.rm(&others).map_err(aug_err)?;
                restricted = Some(format!("/augeas/files{ctx}/error"));
            }
        }
    }
    aug.load().map_err(aug_err)?;
    let errors = aug.matches("/augeas//error").map_err(aug_err)?;
    if !errors.is_empty()
        && let Some(path) = restricted
        && !aug.matches(&path).map_err(aug_err)?.is_empty()
    {
        logs.push((
            Level::Warning,
            "Loading failed for one or more files, see debug for /augeas//error output".into(),
        ));
    }
    Ok(aug)
}

/// Puppet's optimisation test: a context of `/files/...` without quotes or
/// brackets restricts the files loaded.
fn context_is_plain(context: &str) -> bool {
    context.len() > "/files/".len()
        && context.starts_with("/files/")
        && !context[7..].contains(['\'', '"', '[', ']'])
}

fn pass_inner(
    s: &Settings,
    mode: Mode,
    enter: &dyn Fn() -> Result<(), String>,
    logs: &mut Vec<(Level, String)>,
) -> Result<bool, String> {
    let mut aug = open(s, enter, logs)?;
    if mode == Mode::Execute {
        aug.set_save_mode(SaveMode::Overwrite).map_err(aug_err)?;
        execute_changes(&mut aug, s)?;
        return save(&mut aug).map(|()| true);
    }
    let mut need = true;
    let onlyif: Vec<String> = s
        .onlyif
        .iter()
        .filter(|l| !l.trim().is_empty())
        .cloned()
        .collect();
    if !onlyif.is_empty() {
        let commands = parse::parse_commands(&onlyif, &s.context)?;
        if let Some(cmd) = commands.first() {
            need = onlyif_holds(&aug, cmd).map_err(|e| {
                format!(
                    "Error sending command '{}' with params {}/{e}",
                    cmd[0].as_deref().unwrap_or(""),
                    parse::inspect(&cmd[1..])
                )
            })?;
        }
    }
    if s.force || !need {
        return Ok(need);
    }
    aug.set_save_mode(SaveMode::NewFile).map_err(aug_err)?;
    execute_changes(&mut aug, s)?;
    save(&mut aug)?;
    let saved = aug.matches("/augeas/events/saved").map_err(aug_err)?;
    if saved.is_empty() {
        return Ok(false);
    }
    let root = if s.root == "/" { "" } else { s.root.as_str() };
    let mut files: Vec<String> = Vec::new();
    for key in saved {
        if let Some(f) = aug.get(&key).map_err(aug_err)? {
            let f = format!("{root}{}", f.strip_prefix("/files").unwrap_or(&f));
            if !files.contains(&f) {
                files.push(f);
            }
        }
    }
    for f in files {
        std::fs::remove_file(format!("{f}.augnew"))
            .map_err(|e| format!("cannot remove {f}.augnew: {e}"))?;
    }
    Ok(true)
}

fn save(aug: &mut Augeas) -> Result<(), String> {
    aug.save()
        .map_err(|_| "Save failed, see debug output for details".to_string())
}

/// Puppet's `do_execute_changes`.
fn execute_changes(aug: &mut Augeas, s: &Settings) -> Result<(), String> {
    for args in parse::parse_commands(&s.changes, &s.context)? {
        let command = args[0].clone().unwrap_or_default();
        let params = &args[1..];
        let a = |i: usize| params.get(i).cloned().flatten().unwrap_or_default();
        let failed = || {
            format!(
                "Error sending command '{command}' with params {}",
                parse::inspect(params)
            )
        };
        let result: Result<(), String> = match command.as_str() {
            // ruby-augeas' `set` and `clearm` answer truthy even when
            // libaugeas refuses (a path matching several nodes): Puppet goes
            // on, and so does kuppet.
            "set" => {
                let _ = aug.set(a(0), a(1));
                Ok(())
            }
            "setm" => aug.setm(a(0), a(1), a(2)).map(drop).map_err(|_| failed()),
            "rm" | "remove" => aug.rm(a(0)).map(drop).map_err(|_| failed()),
            "clear" => aug.clear(a(0)).map_err(|_| failed()),
            "clearm" => {
                let _ = aug.clearm(a(0), a(1));
                Ok(())
            }
            "touch" => match aug.matches(a(0)) {
                Ok(m) if m.is_empty() => aug.clear(a(0)).map_err(|_| failed()),
                Ok(_) => Ok(()),
                Err(_) => Err(failed()),
            },
            "insert" | "ins" => {
                let position = match a(1).as_str() {
                    "before" => Position::Before,
                    "after" => Position::After,
                    other => {
                        return Err(format!(
                            "Error sending command '{command}' with params {}/Invalid value '{other}' for where param",
                            parse::inspect(params)
                        ));
                    }
                };
                aug.insert(a(2), a(0), position).map_err(|_| failed())
            }
            "defvar" => aug.defvar(a(0), a(1)).map_err(|_| failed()),
            "defnode" => aug
                .defnode(a(0), a(1), a(2))
                .map(drop)
                .map_err(|_| failed()),
            "mv" | "move" => aug.mv(a(0), a(1)).map_err(|_| failed()),
            "rename" => aug.rename(a(0), a(1)).map(drop).map_err(|_| failed()),
            other => Err(format!("Command '{other}' is not supported")),
        };
        // Puppet's failures inside the command are rescued and wrapped once more.
        result.map_err(|e| {
            format!(
                "Error sending command '{command}' with params {}/{e}",
                parse::inspect(params)
            )
        })?;
    }
    Ok(())
}

/// Puppet's `process_get`, `process_values` and `process_match`.
fn onlyif_holds(aug: &Augeas, cmd: &Args) -> Result<bool, String> {
    let arg = |i: usize| cmd.get(i).cloned().flatten().unwrap_or_default();
    match arg(0).as_str() {
        "get" => {
            let result = aug.get(arg(1)).map_err(aug_err)?.unwrap_or_default();
            let (op, want) = (arg(2), arg(3));
            let numeric = |v: &str| v.trim().parse::<f64>().ok().filter(|_| is_numeric(v));
            Ok(match (op.as_str(), numeric(&result), numeric(&want)) {
                ("<", Some(a), Some(b)) => a < b,
                ("<=", Some(a), Some(b)) => a <= b,
                (">=", Some(a), Some(b)) => a >= b,
                (">", Some(a), Some(b)) => a > b,
                ("!=", ..) => result != want,
                ("==", ..) => result == want,
                ("=~", ..) => regex::Regex::new(&want)
                    .map_err(|e| e.to_string())?
                    .is_match(&result),
                ("<", ..) => result < want,
                ("<=", ..) => result <= want,
                (">=", ..) => result >= want,
                (">", ..) => result > want,
                _ => false,
            })
        }
        verb @ ("values" | "match") => {
            let matched = aug.matches(arg(1)).map_err(aug_err)?;
            let got = if verb == "values" {
                let mut v = Vec::new();
                for m in &matched {
                    v.push(aug.get(m).map_err(aug_err)?.unwrap_or_default());
                }
                v
            } else {
                matched
            };
            let clause = parse::parse_commands(&[arg(2)], "")?;
            let clause = clause.first().cloned().unwrap_or_default();
            let c = |i: usize| clause.get(i).cloned().flatten().unwrap_or_default();
            let array = || {
                parse::parse_to_array(&c(1)).map_err(|()| "Invalid array in command".to_string())
            };
            Ok(match c(0).as_str() {
                "size" if verb == "match" => {
                    let n = got.len() as u64;
                    let want: u64 = c(2).parse().unwrap_or(0);
                    match c(1).as_str() {
                        "==" => n == want,
                        "!=" => n != want,
                        "<" => n < want,
                        "<=" => n <= want,
                        ">" => n > want,
                        ">=" => n >= want,
                        _ => false,
                    }
                }
                "include" => got.contains(&c(1)),
                "not_include" => !got.contains(&c(1)),
                "==" => got == array()?,
                "!=" => got != array()?,
                _ => false,
            })
        }
        _ => Ok(true),
    }
}

/// Ruby's `/\A[+-]?\d+?(\.\d+)?\Z/`.
fn is_numeric(s: &str) -> bool {
    let s = s.strip_suffix('\n').unwrap_or(s);
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}
