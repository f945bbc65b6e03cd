//! Recursive file management (`recurse`): the `file` resources a directory
//! generates for its contents when the run reaches it, made as Puppet's
//! `File#eval_generate` makes them.
//!
//! - Without `recurse => remote`, every entry found under the path on disk
//!   becomes a child (`recurselimit` levels deep, `ignore` patterns left out).
//! - With a `source` directory, every entry of the first source that exists
//!   becomes a child whose source is the matching entry.
//! - With `purge`, children that no source provides get `ensure => absent`.
//! - Children inherit the parameters the directory was given, except those
//!   naming the directory itself (`ensure`, `source`, `target`, `recurse`,
//!   `alias`, relationships); a path the catalog manages itself, and
//!   everything below it, is left to that resource.

use super::super::{Machine, ResourceError, param_list, param_string};
use indexmap::IndexMap;
use kuppet_catalog::Resource;
use kuppet_catalog::graph::normalize_path;
use serde_json::Value;

/// Parameters a child never inherits.
const NOT_INHERITED: &[&str] = &[
    "parent",
    "ensure",
    "recurse",
    "recurselimit",
    "max_files",
    "target",
    "alias",
    "source",
    "path",
    "require",
    "before",
    "notify",
    "subscribe",
];

/// How a resource recurses, from its `recurse` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recurse {
    No,
    /// What is on disk and what the source has.
    Local,
    /// Only what the source has.
    Remote,
}

impl Recurse {
    /// Reads `recurse`; None when the value is not one Puppet accepts.
    pub fn of(resource: &Resource) -> Option<Recurse> {
        match resource.parameters.get("recurse") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Some(Recurse::No),
            Some(Value::Bool(true)) => Some(Recurse::Local),
            Some(_) => match param_string(resource, "recurse").as_deref() {
                Some("false") => Some(Recurse::No),
                Some("true" | "inf") => Some(Recurse::Local),
                Some("remote") => Some(Recurse::Remote),
                _ => None,
            },
        }
    }
}

/// One generated child: the resource, and the index (among the children)
/// of its nearest generated ancestor, which it must follow.
#[derive(Debug, Clone)]
pub struct Child {
    pub resource: Resource,
    pub ancestor: Option<usize>,
}

/// An entry found by walking a tree: its path relative to the top, its type.
pub(crate) struct Entry {
    pub(crate) relative: String,
    pub(crate) directory: bool,
}

/// The children of a recursive `file` resource. `managed(path)` tells
/// whether the catalog already has a `file` for a path.
pub fn generate(
    resource: &Resource,
    host: &Machine,
    managed: &dyn Fn(&str) -> bool,
) -> Result<Vec<Child>, ResourceError> {
    let recurse = Recurse::of(resource).unwrap_or(Recurse::No);
    if recurse == Recurse::No {
        return Ok(Vec::new());
    }
    let top =
        normalize_path(&param_string(resource, "path").unwrap_or_else(|| resource.title.clone()));
    let limit = param_string(resource, "recurselimit").and_then(|l| l.parse::<usize>().ok());
    let follow = param_string(resource, "links").as_deref() == Some("follow");
    let ignore = param_list(resource, "ignore");

    // Relative path → (child parameters, whether a source provides it).
    let mut children: IndexMap<String, (kuppet_catalog::Parameters, bool)> = IndexMap::new();
    let inherited = |relative: &str| -> kuppet_catalog::Parameters {
        let mut params: kuppet_catalog::Parameters = resource
            .parameters
            .iter()
            .filter(|(k, _)| !NOT_INHERITED.contains(&&***k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        params.insert("path".into(), Value::String(join(&top, relative)));
        params
    };
    if recurse == Recurse::Local {
        for entry in walk(host.fs(), &top, limit, follow, &ignore) {
            children.insert(entry.relative.clone(), (inherited(&entry.relative), false));
        }
    }
    let select_all = param_string(resource, "sourceselect").as_deref() == Some("all");
    for source in param_list(resource, "source") {
        let Some((tree, local)) = super::locate_source(host, &source)? else {
            continue;
        };
        let Ok(meta) = tree.metadata(&local, follow) else {
            continue;
        };
        if !meta.is_dir() {
            if select_all {
                continue;
            }
            break;
        }
        for entry in walk(&tree, &local, limit, follow, &ignore) {
            let slot = children
                .entry(entry.relative.clone())
                .or_insert_with(|| (inherited(&entry.relative), false));
            // sourceselect => all: the first source that has a name wins.
            if slot.1 {
                continue;
            }
            slot.0.insert(
                "source".into(),
                Value::String(format!(
                    "{}/{}",
                    source.trim_end_matches('/'),
                    entry.relative
                )),
            );
            if !entry.directory && slot.0.contains_key("checksum") {
                slot.0
                    .insert("checksum".into(), Value::String("sha256".into()));
            }
            slot.1 = true;
        }
        // sourceselect => first: only the first source that exists.
        if !select_all {
            break;
        }
    }
    let purge = super::super::param_bool(resource, "purge")?.unwrap_or(false);
    let mut out: Vec<(String, kuppet_catalog::Parameters)> = children
        .into_iter()
        .map(|(relative, (mut params, sourced))| {
            if purge && !sourced {
                params.insert("ensure".into(), Value::String("absent".into()));
            }
            (join(&top, &relative), params)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    // Leave what the catalog manages itself (and everything below it) alone.
    out.retain(|(path, _)| {
        let mut p = path.as_str();
        while p.len() > top.len() {
            if managed(p) {
                return false;
            }
            p = match p.rfind('/') {
                Some(i) => &p[..i],
                None => break,
            };
        }
        true
    });
    let mut made: Vec<Child> = Vec::with_capacity(out.len());
    let mut index: IndexMap<String, usize> = IndexMap::new();
    for (path, params) in out {
        let mut ancestor = None;
        let mut p = path.as_str();
        while let Some(i) = p.rfind('/') {
            p = &p[..i];
            if p.len() <= top.len() {
                break;
            }
            if let Some(&a) = index.get(p) {
                ancestor = Some(a);
                break;
            }
        }
        index.insert(path.clone(), made.len());
        made.push(Child {
            resource: Resource {
                type_name: "File".into(),
                title: path,
                tags: resource.tags.clone(),
                file: None,
                line: None,
                exported: false,
                kind: Some("compilable_type".into()),
                parameters: params,
                sensitive_parameters: resource.sensitive_parameters.clone(),
            },
            ancestor,
        });
    }
    Ok(made)
}

pub(crate) fn join(top: &str, relative: &str) -> String {
    if top == "/" {
        format!("/{relative}")
    } else {
        format!("{top}/{relative}")
    }
}

/// Whether a name matches a shell glob (`*`, `?`), as `ignore` patterns do.
fn glob(pattern: &[u8], name: &[u8]) -> bool {
    match (pattern.first(), name.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            glob(&pattern[1..], name) || (!name.is_empty() && glob(pattern, &name[1..]))
        }
        (Some(b'?'), Some(_)) => glob(&pattern[1..], &name[1..]),
        (Some(p), Some(n)) if p == n => glob(&pattern[1..], &name[1..]),
        _ => false,
    }
}

/// Puppet's `Fileset`: the entries under a directory (a path in `root`), depth
/// first, `limit` levels deep; links are not followed unless `follow` (and
/// then inside the root, as everything else). Each entry is looked up by its
/// managed path, so the walk is bounded by PATH_MAX, never by the stack.
pub(crate) fn walk(
    root: &crate::RootFs,
    top: &str,
    limit: Option<usize>,
    follow: bool,
    ignore: &[String],
) -> Vec<Entry> {
    #[allow(clippy::too_many_arguments)]
    fn go(
        root: &crate::RootFs,
        managed: &str,
        relative: &str,
        depth: usize,
        limit: Option<usize>,
        follow: bool,
        ignore: &[String],
        out: &mut Vec<Entry>,
    ) {
        if limit.is_some_and(|l| depth > l) {
            return;
        }
        let Ok(mut names) = root.read_dir(managed, follow) else {
            return;
        };
        names.sort();
        for name in names {
            if ignore.iter().any(|p| glob(p.as_bytes(), name.as_bytes())) {
                continue;
            }
            let path = join(managed, &name);
            let Ok(meta) = root.metadata(&path, follow) else {
                continue;
            };
            let rel = if relative.is_empty() {
                name.clone()
            } else {
                format!("{relative}/{name}")
            };
            let directory = meta.is_dir();
            out.push(Entry {
                relative: rel.clone(),
                directory,
            });
            if directory {
                go(root, &path, &rel, depth + 1, limit, follow, ignore, out);
            }
        }
    }
    let is_dir = root.metadata(top, follow).is_ok_and(|m| m.is_dir());
    let mut out = Vec::new();
    if is_dir {
        go(root, top, "", 1, limit, follow, ignore, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignore_patterns_are_globs() {
        assert!(glob(b"*.bak", b"x.bak"));
        assert!(glob(b"?x", b"ax"));
        assert!(!glob(b"*.bak", b"x.bakk"));
        assert!(glob(b"*", b""));
    }

    #[test]
    fn recurse_values() {
        let mut r = Resource {
            type_name: "File".into(),
            title: "/x".into(),
            tags: vec![],
            file: None,
            line: None,
            exported: false,
            kind: None,
            parameters: Default::default(),
            sensitive_parameters: vec![],
        };
        assert_eq!(Recurse::of(&r), Some(Recurse::No));
        r.parameters.insert("recurse".into(), Value::Bool(true));
        assert_eq!(Recurse::of(&r), Some(Recurse::Local));
        r.parameters
            .insert("recurse".into(), Value::String("remote".into()));
        assert_eq!(Recurse::of(&r), Some(Recurse::Remote));
        r.parameters
            .insert("recurse".into(), Value::String("deep".into()));
        assert_eq!(Recurse::of(&r), None);
    }
}
