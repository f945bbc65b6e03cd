//! `tidy` (Puppet's Tidy type): removes unwanted files under a path. It has
//! no properties of its own; when the run reaches it, it generates a `file`
//! resource with `ensure => absent` and `force => true` for every file its
//! criteria select, and those do the removing. `matches` (shell globs on the
//! basename) narrows the candidates; `age` and `size` select, OR'ed; with
//! neither every candidate goes. Directories are candidates only with
//! `rmdirs`. Files the catalog manages are left alone.

use super::file::recurse;
use super::{Machine, ResourceError, param_bool, param_list, param_string};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::normalize_path;
use serde_json::Value;
use std::os::unix::fs::MetadataExt;

/// Metaparameters a generated file takes from its tidy (Puppet's
/// `copy_metaparams`; relationships are the tidy's own).
const COPIED_METAPARAMS: &[&str] = &["noop", "loglevel", "schedule", "audit", "tag"];

/// Which time `age` compares (`type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TimeKind {
    Atime,
    Mtime,
    Ctime,
}

/// A tidy's criteria, read from its parameters.
#[derive(Debug)]
struct Criteria {
    /// `None`: no recursion (only the path itself); `Some(None)`: all the
    /// way down; `Some(Some(n))`: `n` levels.
    recurse: Option<Option<usize>>,
    matches: Vec<String>,
    age: Option<i64>,
    size: Option<u64>,
    time: TimeKind,
    rmdirs: bool,
}

impl Criteria {
    fn of(resource: &Resource) -> Result<Criteria, ResourceError> {
        let invalid = |param: &str, msg: String| {
            ResourceError::Invalid(format!(
                "Parameter {param} failed on {}: {msg}",
                resource.reference()
            ))
        };
        let recurse = match resource.parameters.get("recurse") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => None,
            Some(Value::Bool(true)) => Some(None),
            Some(Value::Number(n)) => match n.as_u64() {
                Some(0) => None,
                Some(n) => Some(Some(n as usize)),
                None => return Err(invalid("recurse", format!("Invalid recurse value {n}"))),
            },
            Some(Value::String(s)) => match s.as_str() {
                "true" | "inf" => Some(None),
                "false" | "0" => None,
                digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    Some(Some(digits.parse::<usize>().unwrap_or(usize::MAX)))
                }
                other => {
                    return Err(invalid(
                        "recurse",
                        format!(
                            "Invalid value \"{other}\". Valid values are true, false, inf. Valid values match /^[0-9]+$/."
                        ),
                    ));
                }
            },
            Some(other) => {
                return Err(invalid("recurse", format!("Invalid recurse value {other}")));
            }
        };
        let matches = param_list(resource, "matches");
        if !matches.is_empty() && recurse.is_none() {
            return Err(invalid(
                "matches",
                "Tidy can't use matches with recurse 0, false, or undef".to_string(),
            ));
        }
        let age = match param_string(resource, "age") {
            Some(a) => Some(
                scaled(&a, 'd', |unit| match unit {
                    's' => Some(1),
                    'm' => Some(60),
                    'h' => Some(3_600),
                    'd' => Some(86_400),
                    'w' => Some(604_800),
                    _ => None,
                })
                .map_err(|e| invalid("age", e.replace("{what}", "age")))? as i64,
            ),
            None => None,
        };
        let size = match param_string(resource, "size") {
            Some(s) => Some(
                scaled(&s, 'k', |unit| match unit {
                    'b' => Some(1),
                    'k' => Some(1 << 10),
                    'm' => Some(1 << 20),
                    'g' => Some(1 << 30),
                    't' => Some(1 << 40),
                    _ => None,
                })
                .map_err(|e| invalid("size", e.replace("{what}", "size")))?,
            ),
            None => None,
        };
        let time = match param_string(resource, "type").as_deref() {
            None | Some("atime") => TimeKind::Atime,
            Some("mtime") => TimeKind::Mtime,
            Some("ctime") => TimeKind::Ctime,
            Some(other) => {
                return Err(invalid(
                    "type",
                    format!("Invalid value \"{other}\". Valid values are atime, mtime, ctime."),
                ));
            }
        };
        Ok(Criteria {
            recurse,
            matches,
            age,
            size,
            time,
            rmdirs: param_bool(resource, "rmdirs")?.unwrap_or(false),
        })
    }
}

/// `<number><unit letter>...` or `<number>` (in `default` units), times
/// what `unit` says the letter is worth. As Puppet's `/^([0-9]+)(\w)\w*$/`
/// is tried first, a bare number of two or more digits takes its last digit
/// as the unit (`'100'` is 10 of unit `'0'`, which is invalid).
fn scaled(text: &str, default: char, unit: impl Fn(char) -> Option<u64>) -> Result<u64, String> {
    let invalid = || format!("Invalid tidy {{what}} {text}");
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let digits = text.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || !text.chars().all(word) {
        return Err(invalid());
    }
    let (number, letter) = if digits < text.len() {
        (&text[..digits], text[digits..].chars().next())
    } else if digits >= 2 {
        (&text[..digits - 1], text[digits - 1..].chars().next())
    } else {
        (text, None)
    };
    let n = number.parse::<u64>().map_err(|_| invalid())?;
    let letter = letter.map_or(default, |c| c.to_ascii_lowercase());
    match unit(letter) {
        Some(k) => Ok(n.saturating_mul(k)),
        None => Err(format!("Invalid {{what}} unit '{letter}'")),
    }
}

/// The files a tidy removes, as `file` resources in the order Puppet makes
/// them (paths in reverse order, so a directory's contents go before it),
/// and how many there are. `managed(path)`: whether the catalog has a `file`
/// for the path. `now`: seconds since the epoch.
pub fn generate(
    resource: &Resource,
    host: &Machine,
    managed: &dyn Fn(&str) -> bool,
    now: i64,
) -> Result<Vec<Resource>, ResourceError> {
    let criteria = Criteria::of(resource)?;
    let top =
        normalize_path(&param_string(resource, "path").unwrap_or_else(|| resource.title.clone()));
    if host.fs().lstat(&top).is_err() {
        return Ok(Vec::new());
    }
    let mut candidates = vec![top.clone()];
    if let Some(limit) = criteria.recurse {
        candidates.extend(
            recurse::walk(host.fs(), &top, limit, false, &[])
                .into_iter()
                .map(|e| recurse::join(&top, &e.relative)),
        );
    }
    let mut found: Vec<String> = candidates
        .into_iter()
        .filter(|p| !managed(p) && selects(&criteria, host, p, now))
        .collect();
    found.sort_by(|a, b| b.cmp(a));
    // Puppet keeps `backup` only when it is a filebucket object, which a
    // catalog's value never is.
    let backup = Value::Bool(false);
    Ok(found
        .into_iter()
        .map(|path| {
            let mut parameters = kuppet_catalog::Parameters::default();
            parameters.insert("path".into(), Value::String(path.clone()));
            parameters.insert("backup".into(), backup.clone());
            parameters.insert("ensure".into(), Value::String("absent".into()));
            parameters.insert("force".into(), Value::Bool(true));
            for m in COPIED_METAPARAMS {
                if let Some(v) = resource.parameters.get(*m) {
                    parameters.insert((*m).into(), v.clone());
                }
            }
            Resource {
                type_name: "File".into(),
                title: path,
                tags: resource.tags.clone(),
                file: None,
                line: None,
                exported: false,
                kind: Some("compilable_type".into()),
                parameters,
                sensitive_parameters: Vec::new(),
            }
        })
        .collect())
}

/// Checks a tidy's parameters when the catalog is loaded (Puppet munges
/// them as the resource is made; an error refuses the catalog).
pub fn validate(resource: &Resource) -> Result<(), ResourceError> {
    let path = param_string(resource, "path").unwrap_or_else(|| resource.title.clone());
    kuppet_catalog::validate::check_path(&path, false).map_err(|p| {
        ResourceError::Invalid(format!(
            "Parameter path failed on {}: '{path}' {p}",
            resource.reference()
        ))
    })?;
    Criteria::of(resource).map(|_| ())
}

/// Puppet's `tidy?` for one path.
fn selects(c: &Criteria, host: &Machine, path: &str, now: i64) -> bool {
    let Ok(meta) = host.fs().lstat(path) else {
        return false;
    };
    if meta.is_dir() && !c.rmdirs {
        return false;
    }
    if !c.matches.is_empty() {
        let base = path.rsplit('/').next().unwrap_or(path);
        if !c
            .matches
            .iter()
            .any(|p| fnmatch(p.as_bytes(), base.as_bytes()))
        {
            return false;
        }
    }
    if c.age.is_none() && c.size.is_none() {
        return true;
    }
    if let Some(age) = c.age {
        let t = match c.time {
            TimeKind::Atime => meta.atime(),
            TimeKind::Mtime => meta.mtime(),
            TimeKind::Ctime => meta.ctime(),
        };
        if now - t >= age {
            return true;
        }
    }
    c.size.is_some_and(|s| meta.len() >= s)
}

/// Ruby's `File.fnmatch` with `FNM_DOTMATCH | FNM_PATHNAME` on a basename:
/// `*`, `?`, `[...]` (with `!`/`^` negation and ranges), `\` escapes.
fn fnmatch(pattern: &[u8], name: &[u8]) -> bool {
    match pattern.first() {
        None => name.is_empty(),
        Some(b'*') => {
            let rest = &pattern[1..];
            (0..=name.len()).any(|k| !name[..k].contains(&b'/') && fnmatch(rest, &name[k..]))
        }
        Some(b'?') => !name.is_empty() && name[0] != b'/' && fnmatch(&pattern[1..], &name[1..]),
        Some(b'[') => {
            let Some(&c) = name.first() else {
                return false;
            };
            let mut i = 1;
            let negate = matches!(pattern.get(i), Some(b'!' | b'^'));
            if negate {
                i += 1;
            }
            let mut matched = false;
            let start = i;
            while i < pattern.len() && (pattern[i] != b']' || i == start) {
                let lo = pattern[i];
                if pattern.get(i + 1) == Some(&b'-')
                    && pattern.get(i + 2).is_some_and(|&b| b != b']')
                {
                    if (lo..=pattern[i + 2]).contains(&c) {
                        matched = true;
                    }
                    i += 3;
                } else {
                    if lo == c {
                        matched = true;
                    }
                    i += 1;
                }
            }
            if i >= pattern.len() {
                // No closing bracket: a literal `[`.
                return c == b'[' && fnmatch(&pattern[1..], &name[1..]);
            }
            matched != negate && c != b'/' && fnmatch(&pattern[i + 1..], &name[1..])
        }
        Some(b'\\') if pattern.len() > 1 => {
            name.first() == Some(&pattern[1]) && fnmatch(&pattern[2..], &name[1..])
        }
        Some(&p) => name.first() == Some(&p) && fnmatch(&pattern[1..], &name[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_as_ruby_fnmatch() {
        assert!(fnmatch(b"*.log", b"old.log"));
        assert!(fnmatch(b"*.log", b".hidden.log"));
        assert!(!fnmatch(b"*.log", b"old.log.1"));
        assert!(fnmatch(b"[0-9]pub*.tmp", b"7pub-x.tmp"));
        assert!(!fnmatch(b"[!0-9]*", b"7x"));
        assert!(fnmatch(b"tmpfile?", b"tmpfile1"));
        assert!(!fnmatch(b"tmpfile?", b"tmpfile"));
    }

    #[test]
    fn ages_and_sizes_scale_by_unit() {
        let age = |s: &str| {
            scaled(s, 'd', |u| match u {
                's' => Some(1),
                'd' => Some(86_400),
                'w' => Some(604_800),
                _ => None,
            })
        };
        assert_eq!(age("1w"), Ok(604_800));
        assert_eq!(age("2"), Ok(172_800));
        assert_eq!(age("3600s"), Ok(3_600));
        assert!(age("30").is_err());
        assert_eq!(age("30seconds"), Ok(30));
        assert!(age("1y").is_err());
        assert!(age("abc").is_err());
    }
}
