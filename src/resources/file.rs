//! The `file` type: regular files, directories and symlinks, their content
//! (inline or from a local source), mode, owner and group, with backups.
//!
//! Properties are compared in Puppet's order: `ensure`, then `content`,
//! `target`, `owner`, `group`, `mode`. Content is written atomically: a
//! temporary file in the same directory gets its owner and mode first, then
//! the bytes, is fsynced and renamed over the path, and the directory is
//! fsynced, so a run killed at any moment leaves the old file or the new one.
//!
//! Every path (the file, its source, its backups) is reached through the
//! host's [`crate::RootFs`]: resolved inside the root as the host resolves
//! it, whatever links it crosses or gains during the run.

pub mod checksum;
pub mod recurse;
pub mod serve;

use super::{
    Context, Examined, Level, Property, ResourceError, Source, Sync, located, mode, param_bool,
    param_list, param_string,
};
use crate::RootFs;
use checksum::{Checksum, hex};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::{AutoRequire, normalize_path};
use kuppet_catalog::validate::check_path;
use serde_json::{Value, json};
use serve::Served;
use sha2::Digest;
use std::fs;
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// What `ensure` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ensure {
    File,
    Present,
    Directory,
    Link,
    Absent,
}

impl Ensure {
    fn as_str(&self) -> &'static str {
        match self {
            Ensure::File => "file",
            Ensure::Present => "present",
            Ensure::Directory => "directory",
            Ensure::Link => "link",
            Ensure::Absent => "absent",
        }
    }
}

/// The text of an I/O error without Rust's `(os error N)` suffix.
pub(crate) fn io_text(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// How a path is backed up before it is replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Backup {
    /// Copy beside the file with this suffix (`.puppet-bak`).
    Suffix(String),
    /// Into the local file bucket of this name.
    Bucket(String),
}

/// The type of what is at a path, by Puppet's names.
fn ftype(meta: &fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_symlink() {
        "link"
    } else if t.is_dir() {
        "directory"
    } else if t.is_file() {
        "file"
    } else if t.is_fifo() {
        "fifo"
    } else if t.is_socket() {
        "socket"
    } else if t.is_char_device() {
        "characterSpecial"
    } else if t.is_block_device() {
        "blockSpecial"
    } else {
        "unknown"
    }
}

/// The tree a source is read from and its path there: the managed root for
/// a local source, what the host's file server serves for a `puppet:` URL
/// (None: it serves nothing of that name).
pub(crate) fn locate_source(
    host: &crate::Machine,
    source: &str,
) -> Result<Option<(RootFs, String)>, ResourceError> {
    if source.starts_with("puppet:") {
        let Some(server) = host.file_server() else {
            return Err(ResourceError::failed(format!(
                "Could not retrieve {source}: this run has no file server (kuppet apply serves puppet:///modules/... from --modulepath; the agent does not fetch them from the controller yet); compile the file into the catalog with content => file(...)"
            )));
        };
        return match server.locate(source) {
            Ok(Served::Found { tree, path }) => Ok(Some((tree, path))),
            Ok(Served::Missing) => Ok(None),
            Err(e) => Err(ResourceError::failed(e.to_string())),
        };
    }
    let managed = source
        .strip_prefix("file://")
        .or_else(|| source.strip_prefix("file:"))
        .unwrap_or(source);
    Ok(Some((host.fs().clone(), managed.to_string())))
}

/// A `file` resource.
#[derive(Debug)]
pub struct File {
    reference: String,
    resource: Resource,
    /// The managed path (inside the root).
    path: String,
    ensure: Option<Ensure>,
    content: Option<Vec<u8>>,
    sources: Vec<String>,
    target: Option<String>,
    mode: Option<String>,
    owner: Option<String>,
    group: Option<String>,
    replace: bool,
    force: bool,
    follow: bool,
    backup: Option<Backup>,
    checksum: Checksum,
    validate_cmd: Option<String>,
    validate_replacement: String,
    /// Found while examining: the source file used (a path in its tree:
    /// the managed root for a local source, a module's files for
    /// `puppet:///modules/...`).
    source_path: Option<(RootFs, String)>,
    source_uri: Option<String>,
    desired_sum: Option<String>,
    /// A feature kuppet lacks: evaluating the resource fails with this.
    unsupported: Option<String>,
}

impl File {
    pub fn new(resource: &Resource) -> Result<File, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, msg: String| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {msg}"),
            ))
        };
        let raw_path = param_string(resource, "path").unwrap_or_else(|| resource.title.clone());
        if !raw_path.starts_with('/') {
            return Err(invalid(
                "path",
                format!("File paths must be fully qualified, not '{raw_path}'"),
            ));
        }
        // Beyond Puppet's check: what the kernel can resolve (no NUL, PATH_MAX).
        check_path(&raw_path, true).map_err(|p| invalid("path", format!("'{raw_path}' {p}")))?;
        let path = normalize_path(&raw_path);
        let mut target = param_string(resource, "target");
        let ensure = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("file") => Some(Ensure::File),
            Some("present") => Some(Ensure::Present),
            Some("directory") => Some(Ensure::Directory),
            Some("link") => Some(Ensure::Link),
            Some("absent") | Some("false") => Some(Ensure::Absent),
            Some(other) if !other.is_empty() => {
                target = Some(other.to_string());
                Some(Ensure::Link)
            }
            Some(_) => {
                return Err(invalid(
                    "ensure",
                    "Invalid value \"\". Valid values are absent, false, file, present, directory, link. Valid values match /./.".into(),
                ));
            }
        };
        let content = match resource.parameters.get("content") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone().into_bytes()),
            Some(Value::Object(o)) => match (o.get("__ptype"), o.get("__pvalue")) {
                (Some(Value::String(t)), Some(Value::String(v))) if t == "Sensitive" => {
                    Some(v.clone().into_bytes())
                }
                _ => return Err(invalid("content", "Unsupported content value".into())),
            },
            Some(other) => Some(other.to_string().into_bytes()),
        };
        let sources = param_list(resource, "source");
        let creators = content.is_some() as u8 + !sources.is_empty() as u8 + target.is_some() as u8;
        if creators > 1 {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Validation of {reference} failed: You cannot specify more than one of content, source, target"
                ),
            )));
        }
        let mode = match param_string(resource, "mode") {
            None => None,
            Some(m) => {
                if !mode::valid(&m) {
                    return Err(invalid(
                        "mode",
                        format!("The file mode specification is invalid: {m:?}"),
                    ));
                }
                Some(mode::normalize(&m))
            }
        };
        let mut unsupported = None;
        let checksum = match param_string(resource, "checksum").as_deref() {
            None => Checksum::Sha256,
            Some(name) => match Checksum::parse(name) {
                Some(c) => c,
                None if matches!(name, "mtime" | "ctime" | "none") => {
                    unsupported = Some(format!(
                        "kuppet does not compare content by checksum '{name}'; use a digest (sha256, the default, sha224, sha384, sha512, sha1 or md5)"
                    ));
                    Checksum::Sha256
                }
                None => {
                    return Err(invalid(
                        "checksum",
                        format!(
                            "Invalid value \"{name}\". Valid values are md5, md5lite, sha256, sha256lite, sha384, sha512, sha224, sha1, sha1lite, mtime, ctime, none."
                        ),
                    ));
                }
            },
        };
        let checksum_name = param_string(resource, "checksum");
        let validation = |msg: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Validation of {reference} failed: {msg}"),
            ))
        };
        if checksum_name.as_deref() == Some("none") && !sources.is_empty() {
            return Err(validation(
                "You cannot specify source when using checksum 'none'",
            ));
        }
        if let Some(name @ ("none" | "ctime" | "mtime")) = checksum_name.as_deref()
            && content.is_some()
        {
            return Err(validation(&format!(
                "You cannot specify content when using checksum '{name}'"
            )));
        }
        for source in &sources {
            let local = source
                .strip_prefix("file://")
                .or_else(|| source.strip_prefix("file:"))
                .unwrap_or(source);
            check_path(local, false).map_err(|p| invalid("source", format!("'{source}' {p}")))?;
            let scheme = source.split_once("://").map(|(s, _)| s);
            match scheme {
                _ if source.starts_with('/') || source.starts_with("file:") => {}
                Some("puppet") => {}
                Some("http" | "https") => {
                    unsupported = Some(format!(
                        "kuppet applies only local and puppet:/// sources, not {source}; compile the file into the catalog with content => file(...)"
                    ));
                }
                Some(other) => {
                    return Err(invalid(
                        "source",
                        format!("Cannot use URLs of type '{other}' as source for fileserving"),
                    ));
                }
                None => {
                    return Err(invalid(
                        "source",
                        format!("Cannot use relative URLs '{source}'"),
                    ));
                }
            }
        }
        if recurse::Recurse::of(resource).is_none() {
            let value = param_string(resource, "recurse").unwrap_or_default();
            return Err(invalid(
                "recurse",
                format!("Invalid value \"{value}\". Valid values are true, false, remote."),
            ));
        }
        let backup = match resource.parameters.get("backup") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => None,
            Some(Value::Bool(true)) => Some(Backup::Suffix(".puppet-bak".into())),
            Some(_) => match param_string(resource, "backup").as_deref() {
                None | Some("false") => None,
                Some("true") => Some(Backup::Suffix(".puppet-bak".into())),
                Some(s) if s.starts_with('.') => Some(Backup::Suffix(s.to_string())),
                Some(s) => Some(Backup::Bucket(s.to_string())),
            },
        };
        if let Some(t) = &target {
            check_path(t, false).map_err(|p| invalid("target", format!("'{t}' {p}")))?;
        }
        let links = param_string(resource, "links");
        Ok(File {
            reference,
            resource: resource.clone(),
            path,
            ensure,
            content,
            sources,
            target,
            mode,
            owner: param_string(resource, "owner"),
            group: param_string(resource, "group"),
            replace: param_bool(resource, "replace")?.unwrap_or(true),
            force: param_bool(resource, "force")?.unwrap_or(false),
            follow: links.as_deref() == Some("follow"),
            backup,
            checksum,
            validate_cmd: param_string(resource, "validate_cmd"),
            validate_replacement: param_string(resource, "validate_replacement")
                .unwrap_or_else(|| "%".into()),
            source_path: None,
            source_uri: None,
            desired_sum: None,
            unsupported,
        })
    }

    /// A file whose content is given as bytes (a concat_file's file, whose
    /// fragments make it when the run reaches the concat_file).
    pub fn with_content(resource: &Resource, content: Vec<u8>) -> Result<File, ResourceError> {
        let mut file = File::new(resource)?;
        file.content = Some(content);
        Ok(file)
    }

    fn stat(&self, cx: &Context) -> Option<fs::Metadata> {
        cx.host.fs().metadata(&self.path, self.follow).ok()
    }

    /// Finds the first existing source; sets the desired content and type.
    fn resolve_source(&mut self, cx: &Context) -> Result<(), ResourceError> {
        if self.sources.is_empty() {
            return Ok(());
        }
        for source in &self.sources {
            let Some((root, managed)) = locate_source(cx.host, source)? else {
                continue;
            };
            if let Ok(meta) = root.metadata(&managed, self.follow) {
                let uri = if source.starts_with("file:") || source.starts_with("puppet:") {
                    source.clone()
                } else {
                    format!("file://{source}")
                };
                let kind = ftype(&meta);
                if kind == "file" {
                    let sum = root.open(&managed).and_then(|f| self.checksum.sum_file(f));
                    self.desired_sum = Some(sum.map_err(|e| {
                        ResourceError::failed(format!("Could not read {managed}: {}", io_text(&e)))
                    })?);
                }
                if self.ensure.is_none() {
                    self.ensure = Some(match kind {
                        "directory" => Ensure::Directory,
                        "link" => {
                            self.target = root
                                .read_link(&managed)
                                .ok()
                                .map(|t| t.to_string_lossy().into_owned());
                            Ensure::Link
                        }
                        _ => Ensure::File,
                    });
                }
                // source_permissions => use (or use_when_creating, for a
                // path that does not exist yet): the source's mode, owner
                // and group where the resource gives none.
                let permissions = param_string(&self.resource, "source_permissions");
                let copy = match permissions.as_deref() {
                    Some("use") => true,
                    Some("use_when_creating") => self.stat(cx).is_none(),
                    _ => false,
                };
                if copy {
                    use std::os::unix::fs::MetadataExt;
                    if self.mode.is_none() && kind != "link" {
                        self.mode = Some(format!("{:04o}", meta.mode() & 0o7777));
                    }
                    if self.owner.is_none() {
                        self.owner = Some(meta.uid().to_string());
                    }
                    if self.group.is_none() {
                        self.group = Some(meta.gid().to_string());
                    }
                }
                self.source_path = Some((root, managed));
                self.source_uri = Some(uri);
                return Ok(());
            }
        }
        let uris: Vec<String> = self
            .sources
            .iter()
            .map(|s| {
                if s.starts_with("file:") || s.starts_with("puppet:") {
                    s.clone()
                } else {
                    format!("file://{s}")
                }
            })
            .collect();
        Err(ResourceError::failed(format!(
            "Could not retrieve information from environment production source(s) {}",
            uris.join(", ")
        )))
    }

    /// Puppet's `should_be_file?`.
    fn should_be_file(&self, stat: Option<&fs::Metadata>) -> bool {
        match self.ensure {
            Some(Ensure::File) => true,
            Some(Ensure::Present) => stat.is_none_or(|m| ftype(m) == "file"),
            Some(_) => false,
            None => {
                self.content.is_some()
                    || self.source_path.is_some()
                    || stat.is_some_and(|m| ftype(m) == "file")
            }
        }
    }

    fn has_content(&self) -> bool {
        self.content.is_some() || self.desired_sum.is_some() && self.source_path.is_some()
    }

    fn content_sum(&self) -> Option<String> {
        match &self.content {
            Some(c) => Some(self.checksum.sum(c)),
            None => self.desired_sum.clone(),
        }
    }

    fn ensure_event(&self) -> &'static str {
        match self.ensure {
            Some(Ensure::File) | Some(Ensure::Present) => "file_created",
            Some(Ensure::Directory) => "directory_created",
            Some(Ensure::Link) => "link_created",
            Some(Ensure::Absent) | None => "file_removed",
        }
    }

    fn owner_property(&self, cx: &mut Context, current: Option<u32>) -> Option<Property> {
        let owner = self.owner.as_ref()?;
        let current_v = match current {
            Some(uid) => cx
                .host
                .user_name(uid)
                .map(Value::String)
                .unwrap_or(json!(uid)),
            None => json!("absent"),
        };
        let sync = match (cx.host.uid(owner), current) {
            (_, None) => Sync::OutOfSync,
            (Some(want), Some(have)) if want == have => Sync::InSync,
            (Some(_), Some(_)) => {
                // SAFETY: geteuid has no preconditions.
                if unsafe { libc::geteuid() } != 0 {
                    cx.log(
                        Level::Warning,
                        Source::Resource,
                        "Cannot manage ownership unless running as root",
                    );
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                }
            }
            (None, _) if cx.noop => Sync::OutOfSync,
            (None, _) => Sync::Error(format!("Could not find user {owner}")),
        };
        // Puppet prints names, not numbers (`uid2name`); a number without a
        // name prints as a number.
        let shown = match cx.host.uid(owner).and_then(|uid| cx.host.user_name(uid)) {
            Some(name) => super::quote(&name),
            None if owner.chars().all(|c| c.is_ascii_digit()) => owner.clone(),
            None => super::quote(owner),
        };
        let current_text = super::display(&current_v);
        Some(Property::new("owner", current_v, json!(owner), sync).with_texts(current_text, shown))
    }

    fn group_property(&self, cx: &mut Context, current: Option<u32>) -> Option<Property> {
        let group = self.group.as_ref()?;
        let current_v = match current {
            Some(gid) => cx
                .host
                .group_name(gid)
                .map(Value::String)
                .unwrap_or(json!(gid)),
            None => json!("absent"),
        };
        let sync = match (cx.host.gid(group), current) {
            (_, None) => Sync::OutOfSync,
            (Some(want), Some(have)) if want == have => Sync::InSync,
            (Some(_), Some(_)) => Sync::OutOfSync,
            (None, _) if cx.noop => Sync::OutOfSync,
            (None, _) => Sync::Error(format!("Could not find group {group}")),
        };
        let shown = match cx.host.gid(group).and_then(|gid| cx.host.group_name(gid)) {
            Some(name) => super::quote(&name),
            None if group.chars().all(|c| c.is_ascii_digit()) => group.clone(),
            None => super::quote(group),
        };
        let current_text = super::display(&current_v);
        Some(Property::new("group", current_v, json!(group), sync).with_texts(current_text, shown))
    }

    fn mode_property(&self, stat: Option<&fs::Metadata>) -> Option<Property> {
        let desired = self.mode.as_ref()?;
        let is_dir = stat.is_some_and(|m| m.is_dir());
        let desired = if is_dir {
            mode::dirmask(desired)
        } else {
            desired.clone()
        };
        let Some(meta) = stat else {
            return Some(
                Property::new(
                    "mode",
                    json!("absent"),
                    json!(mode::value(&desired)),
                    Sync::OutOfSync,
                )
                .with_texts("'absent'", format!("'{}'", mode::display(&desired))),
            );
        };
        let current_bits = meta.mode() & 0o7777;
        let current = format!("{current_bits:04o}");
        let sync = if meta.file_type().is_symlink() && !self.follow {
            Sync::InSync
        } else {
            match mode::apply(&desired, current_bits, is_dir) {
                Ok(want) if want == current_bits => Sync::InSync,
                Ok(_) => Sync::OutOfSync,
                Err(e) => Sync::Error(e),
            }
        };
        let desired_text = format!("'{}'", mode::display(&desired));
        Some(
            Property::new("mode", json!(current), json!(mode::value(&desired)), sync)
                .with_texts(format!("'{current}'"), desired_text),
        )
    }

    /// Backs up what is at the path before it is replaced or removed.
    fn backup_existing(&self, cx: &mut Context, kind: &str) -> Result<(), ResourceError> {
        let Some(backup) = &self.backup else {
            return Ok(());
        };
        let can = kind == "file" || kind == "link" || kind == "directory" && self.force;
        if !can {
            cx.log(
                Level::Warning,
                Source::Resource,
                format!("Could not back up file of type {kind}"),
            );
            return Ok(());
        }
        let root = cx.host.fs().clone();
        match backup {
            Backup::Suffix(suffix) => {
                let dest = format!("{}{suffix}", self.path);
                if let Ok(m) = root.lstat(&dest) {
                    if m.is_dir() {
                        return Err(ResourceError::failed(format!(
                            "Will not remove directory backup {}{suffix}; use a filebucket",
                            self.path
                        )));
                    }
                    cx.log(
                        Level::Info,
                        Source::Resource,
                        format!("Removing old backup of type {}", ftype(&m)),
                    );
                    root.remove_file(&dest).map_err(|e| {
                        ResourceError::failed(format!(
                            "Could not remove old backup: {}",
                            io_text(&e)
                        ))
                    })?;
                }
                root.copy_preserving(&self.path, &dest).map_err(|e| {
                    ResourceError::failed(format!(
                        "Could not back {} up: {}",
                        self.path,
                        io_text(&e)
                    ))
                })
            }
            Backup::Bucket(name) => {
                if kind != "file" {
                    return Ok(());
                }
                let data = root.read(&self.path).map_err(|e| {
                    ResourceError::failed(format!(
                        "Could not back {} up: {}",
                        self.path,
                        io_text(&e)
                    ))
                })?;
                let sum = bucket_store(&root, &self.path, &data).map_err(|e| {
                    ResourceError::failed(format!(
                        "Could not back {} up: {}",
                        self.path,
                        io_text(&e)
                    ))
                })?;
                cx.log(
                    Level::Info,
                    Source::Resource,
                    format!("Filebucketed {} to {name} with sum {sum}", self.path),
                );
                Ok(())
            }
        }
    }

    /// Puppet's `remove_existing`: clears the path for something of another
    /// type. Returns whether something was removed.
    fn remove_existing(&self, cx: &mut Context, wanted: &str) -> Result<bool, ResourceError> {
        // What is there is read as `links` says (a followed link is its target).
        let Some(meta) = self.stat(cx) else {
            return Ok(false);
        };
        let current = ftype(&meta);
        self.backup_existing(cx, current)?;
        if wanted != "link" && current == wanted {
            return Ok(false);
        }
        let root = cx.host.fs();
        match current {
            "directory" => {
                if self.force {
                    root.remove_all(&self.path).map_err(|e| {
                        ResourceError::failed(format!(
                            "Could not remove {}: {}",
                            self.path,
                            io_text(&e)
                        ))
                    })?;
                    Ok(true)
                } else {
                    cx.log(
                        Level::Notice,
                        Source::Resource,
                        "Not removing directory; use 'force' to override",
                    );
                    Ok(false)
                }
            }
            "link" | "file" | "fifo" | "socket" => {
                root.remove_file(&self.path).map_err(|e| {
                    ResourceError::failed(format!(
                        "Could not remove {}: {}",
                        self.path,
                        io_text(&e)
                    ))
                })?;
                Ok(true)
            }
            other => Err(ResourceError::failed(format!(
                "Could not remove files of type {other}"
            ))),
        }
    }

    /// An error of setting `ensure` the way Puppet reports it: `Could not
    /// set 'file' on ensure: <cause> (file: F, line: L)`.
    fn set_failed(&self, cause: String) -> ResourceError {
        let what = self.ensure.as_ref().map(Ensure::as_str).unwrap_or("file");
        ResourceError::Wrapped {
            message: located(
                &self.resource,
                &format!("Could not set '{what}' on ensure: {cause}"),
            ),
            cause,
        }
    }

    /// Writes the desired content (or an empty file) atomically, then sets
    /// owner, group and mode.
    fn write(&self, cx: &mut Context, set_ensure: bool) -> Result<(), ResourceError> {
        let wrap = |msg: String| {
            if set_ensure {
                self.set_failed(msg)
            } else {
                ResourceError::failed(msg)
            }
        };
        self.remove_existing(cx, "file")?;
        let root = cx.host.fs().clone();
        let mode_int = match &self.mode {
            Some(m) => Some(mode::apply(m, 0o644, false).map_err(&wrap)?),
            None => None,
        };
        // Puppet's `replace_file`: when the path exists (following links), the
        // new file takes the owner and mode of what is there (`lstat`: a
        // followed link's own 0777).
        let existing = if root.stat(&self.path).is_ok() {
            root.lstat(&self.path).ok()
        } else {
            None
        };
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(wrap(format!(
                "Is a directory - Is a directory: {}",
                self.path
            )));
        }
        let effective_mode = existing
            .as_ref()
            .map(|m| m.mode() & 0o7777)
            .or(mode_int)
            .unwrap_or(0o644);
        let uid = self
            .owner
            .as_ref()
            .and_then(|o| cx.host.uid(o))
            .or(existing.as_ref().map(|m| m.uid()));
        let gid = self
            .group
            .as_ref()
            .and_then(|g| cx.host.gid(g))
            .or(existing.as_ref().map(|m| m.gid()));
        let final_mode = mode_int.unwrap_or(effective_mode);
        if !root.is_dir(&parent_of(&self.path)) {
            // Puppet writes content through a temporary file, and creates an
            // empty file by opening the path itself: the errors differ.
            return Err(wrap(
                if self.content.is_none() && self.source_path.is_none() {
                    format!("No such file or directory @ rb_sysopen - {}", self.path)
                } else {
                    format!(
                        "No such file or directory - A directory component in {} does not exist or is a dangling symbolic link",
                        self.path
                    )
                },
            ));
        }
        // Dropped on any error below: the temporary file goes with it.
        let mut tmp = root
            .temp_beside(&self.path)
            .map_err(|e| wrap(io_text(&e)))?;
        // Owner and mode first, so the content is never readable wider.
        if uid.is_some() || gid.is_some() {
            tmp.set_owner(uid, gid).map_err(|e| wrap(io_text(&e)))?;
        }
        tmp.set_mode(final_mode).map_err(|e| wrap(io_text(&e)))?;
        if let Some(content) = &self.content {
            tmp.file()
                .write_all(content)
                .map_err(|e| wrap(io_text(&e)))?;
        } else if let Some((tree, src)) = &self.source_path {
            let mut input = tree.open(src).map_err(|e| wrap(io_text(&e)))?;
            std::io::copy(&mut input, tmp.file()).map_err(|e| wrap(io_text(&e)))?;
        }
        tmp.file().sync_all().map_err(|e| wrap(io_text(&e)))?;
        if let Some(cmd) = &self.validate_cmd {
            // The command runs inside the root and finds the temporary file
            // at its managed path, as the file resource sees it.
            let line = cmd.replace(&self.validate_replacement, tmp.managed_path());
            let out = cx
                .host
                .run(&crate::machine::CommandSpec {
                    argv: Some(crate::machine::Argv::Line(line.clone())),
                    ..Default::default()
                })
                .map_err(|e| wrap(e.to_string()))?;
            if !out.success() {
                // Puppet's ExecutionFailure is a Puppet::Error: setting
                // `ensure` does not wrap it.
                return Err(ResourceError::failed(format!(
                    "Execution of '{line}' returned {}: {}",
                    out.code.map(|c| c.to_string()).unwrap_or_default(),
                    out.output.trim()
                )));
            }
        }
        tmp.commit().map_err(|e| wrap(io_text(&e)))?;
        self.property_fix(cx).map_err(|e| wrap(e.to_string()))
    }

    /// Sets owner, group and mode after creating something (Puppet's `property_fix`).
    fn property_fix(&self, cx: &mut Context) -> Result<(), ResourceError> {
        let root = cx.host.fs().clone();
        let Ok(meta) = root.lstat(&self.path) else {
            return Ok(());
        };
        let uid = match &self.owner {
            Some(o) => Some(
                cx.host
                    .uid(o)
                    .ok_or_else(|| ResourceError::failed(format!("Could not find user {o}")))?,
            ),
            None => None,
        };
        let gid = match &self.group {
            Some(g) => Some(
                cx.host
                    .gid(g)
                    .ok_or_else(|| ResourceError::failed(format!("Could not find group {g}")))?,
            ),
            None => None,
        };
        let change_uid = uid.filter(|u| *u != meta.uid());
        let change_gid = gid.filter(|g| *g != meta.gid());
        if change_uid.is_some() || change_gid.is_some() {
            root.set_owner(&self.path, change_uid, change_gid, self.follow)
                .map_err(|e| {
                    ResourceError::failed(format!("Failed to set owner: {}", io_text(&e)))
                })?;
        }
        if let Some(m) = &self.mode
            && !meta.file_type().is_symlink()
        {
            let desired = if meta.is_dir() {
                mode::dirmask(m)
            } else {
                m.clone()
            };
            let want = mode::apply(&desired, meta.mode() & 0o7777, meta.is_dir())
                .map_err(ResourceError::failed)?;
            if want != meta.mode() & 0o7777 {
                root.set_mode(&self.path, want).map_err(|e| {
                    ResourceError::failed(format!(
                        "failed to set mode {:o} on {}: {}",
                        meta.mode() & 0o7777,
                        self.path,
                        io_text(&e)
                    ))
                })?;
            }
        }
        Ok(())
    }

    fn make_directory(&self, cx: &mut Context) -> Result<(), ResourceError> {
        let root = cx.host.fs().clone();
        let parent_managed = parent_of(&self.path);
        if root.stat(&parent_managed).is_err() {
            return Err(ResourceError::failed(format!(
                "Cannot create {}; parent directory {parent_managed} does not exist",
                self.path
            )));
        }
        let result = match &self.mode {
            Some(m) => {
                let bits =
                    mode::apply(&mode::dirmask(m), 0o755, true).map_err(ResourceError::failed)?;
                root.create_dir(&self.path, 0o700)
                    .and_then(|_| root.set_mode(&self.path, bits))
            }
            None => root.create_dir(&self.path, 0o777),
        };
        result.map_err(|e| self.set_failed(io_text(&e)))?;
        self.property_fix(cx)
            .map_err(|e| self.set_failed(e.to_string()))
    }

    fn make_link(&self, cx: &mut Context) -> Result<(), ResourceError> {
        let Some(target) = &self.target else {
            return Err(ResourceError::failed(
                "Cannot create a symlink without a target",
            ));
        };
        self.remove_existing(cx, target)?;
        let root = cx.host.fs();
        if root.lstat(&self.path).is_ok() {
            return Err(ResourceError::failed("Could not remove existing file"));
        }
        root.symlink(target, &self.path)
            .map_err(|e| self.set_failed(io_text(&e)))?;
        self.property_fix(cx)
            .map_err(|e| self.set_failed(e.to_string()))
    }
}

/// Where a file bucket keeps its copies (Puppet's `clientbucketdir`).
const BUCKET: &str = "/var/lib/kuppet/clientbucket";

/// Keeps `data`, the content of `path`, in the local file bucket
/// (`<root>/var/lib/kuppet/clientbucket`, by SHA-256 as Puppet's
/// clientbucket); returns the sum.
pub(crate) fn bucket_store(
    root: &crate::RootFs,
    path: &str,
    data: &[u8],
) -> std::io::Result<String> {
    let sum = hex(&sha2::Sha256::digest(data));
    let mut dir = String::from(BUCKET);
    for c in sum.chars().take(8) {
        dir.push('/');
        dir.push(c);
    }
    dir.push('/');
    dir.push_str(&sum);
    root.create_dir_all(&dir, 0o750)?;
    root.write_atomic(&format!("{dir}/contents"), data, 0o640)?;
    let mut paths = root.open_append(&format!("{dir}/paths"), 0o640)?;
    writeln!(paths, "{path}")?;
    Ok(sum)
}

/// The managed parent directory of a managed path (`/` for `/x`).
fn parent_of(path: &str) -> String {
    match path.trim_end_matches('/').rfind('/') {
        Some(0) | None => "/".into(),
        Some(i) => path[..i].to_string(),
    }
}

impl super::Provider for File {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        if let Some(reason) = &self.unsupported {
            return Err(ResourceError::failed(reason.clone()));
        }
        self.resolve_source(cx)?;
        if self.ensure.is_none() {
            if self.target.is_some() {
                self.ensure = Some(Ensure::Link);
            } else if self.content.is_some() {
                self.ensure = Some(Ensure::File);
            }
        }
        let stat = self.stat(cx);
        let current_type = stat.as_ref().map(ftype);
        let present = current_type.is_some();
        let mut props = Vec::new();

        if let Some(ensure) = &self.ensure {
            let current = current_type.unwrap_or("absent");
            let in_sync = if current != "absent" && !self.replace {
                true
            } else if *ensure == Ensure::Present {
                current != "absent"
            } else {
                current == ensure.as_str()
            };
            props.push(
                Property::new(
                    "ensure",
                    json!(current),
                    json!(ensure.as_str()),
                    if in_sync {
                        Sync::InSync
                    } else {
                        Sync::OutOfSync
                    },
                )
                .with_event(self.ensure_event()),
            );
        }

        if self.has_content()
            && let Some(desired) = self.content_sum()
        {
            let current = match (&stat, current_type) {
                (None, _) => Value::String("absent".into()),
                (Some(_), Some("file")) => {
                    let sum = cx
                        .host
                        .fs()
                        .open(&self.path)
                        .and_then(|f| self.checksum.sum_file(f))
                        .map_err(|e| {
                            ResourceError::failed(format!(
                                "Could not read file {}: {}",
                                self.reference,
                                io_text(&e)
                            ))
                        })?;
                    Value::String(sum)
                }
                _ => Value::Null,
            };
            let sync = if !self.should_be_file(stat.as_ref()) {
                if self.ensure == Some(Ensure::Present)
                    && let Some(t) = current_type
                {
                    cx.log(
                        Level::Warning,
                        Source::Resource,
                        format!("Ensure set to :present but file type is {t} so no content will be synced"),
                    );
                }
                Sync::InSync
            } else if current == "absent" {
                Sync::OutOfSync
            } else if !self.replace || current == Value::String(desired.clone()) {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            props.push(Property::new("content", current, json!(desired), sync));
        }

        if let Some(target) = &self.target {
            let current = match (&stat, current_type) {
                (None, _) => "absent".to_string(),
                (Some(_), Some("link")) => cx
                    .host
                    .fs()
                    .read_link(&self.path)
                    .map(|t| t.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                _ => "notlink".to_string(),
            };
            // Puppet's `replace` test here follows links: a dangling link
            // is retargeted even with replace => false.
            let exists = cx.host.fs().stat(&self.path).is_ok();
            let sync = if !self.replace && exists || current == *target {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            props.push(Property::new("target", json!(current), json!(target), sync));
        }

        let (uid, gid) = match &stat {
            Some(m) => (Some(m.uid()), Some(m.gid())),
            None => (None, None),
        };
        if let Some(p) = self.owner_property(cx, uid) {
            props.push(p);
        }
        if let Some(p) = self.group_property(cx, gid) {
            props.push(p);
        }
        if let Some(p) = self.mode_property(stat.as_ref()) {
            props.push(p);
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" => {
                let Some(ensure) = self.ensure.clone() else {
                    return Ok(String::new());
                };
                if ensure == Ensure::Link {
                    self.remove_existing(cx, "link")?;
                } else {
                    self.remove_existing(cx, ensure.as_str())?;
                }
                let message = match ensure {
                    Ensure::Absent => {
                        return Ok("removed".into());
                    }
                    Ensure::File | Ensure::Present => {
                        self.write(cx, true)?;
                        match self.content_sum() {
                            Some(sum) if self.has_content() => {
                                format!("defined content as '{sum}'")
                            }
                            _ => property.ensure_message(),
                        }
                    }
                    Ensure::Directory => {
                        self.make_directory(cx)?;
                        property.ensure_message()
                    }
                    Ensure::Link => {
                        self.make_link(cx)?;
                        property.ensure_message()
                    }
                };
                Ok(message)
            }
            "content" => {
                self.write(cx, false)?;
                let desired = self.content_sum().unwrap_or_default();
                Ok(match property.current.as_str() {
                    Some("absent") => format!("defined content as '{desired}'"),
                    Some(current) => format!("content changed '{current}' to '{desired}'"),
                    None => format!("content changed '' to '{desired}'"),
                })
            }
            "target" => {
                // Puppet makes the link whatever `ensure` says (a file with a
                // target becomes a link once the file exists).
                self.make_link(cx)?;
                Ok(property.change_message())
            }
            "owner" | "group" => {
                let (uid, gid) = if property.name == "owner" {
                    let owner = self.owner.clone().unwrap_or_default();
                    let uid = cx.host.uid(&owner).ok_or_else(|| {
                        ResourceError::failed(format!("Could not find user {owner}"))
                    })?;
                    (Some(uid), None)
                } else {
                    let group = self.group.clone().unwrap_or_default();
                    let gid = cx.host.gid(&group).ok_or_else(|| {
                        ResourceError::failed(format!("Could not find group {group}"))
                    })?;
                    (None, Some(gid))
                };
                let r = cx.host.fs().set_owner(&self.path, uid, gid, self.follow);
                r.map_err(|e| {
                    let what = if property.name == "owner" {
                        format!("owner to '{}'", uid.unwrap_or_default())
                    } else {
                        format!("group to '{}'", gid.unwrap_or_default())
                    };
                    ResourceError::failed(format!("Failed to set {what}: {}", io_text(&e)))
                })?;
                Ok(property.change_message())
            }
            "mode" => {
                let desired = self.mode.clone().unwrap_or_default();
                let meta = cx.host.fs().stat(&self.path).ok();
                let is_dir = meta.as_ref().is_some_and(|m| m.is_dir());
                let current = meta.as_ref().map(|m| m.mode() & 0o7777).unwrap_or(0o644);
                let desired = if is_dir {
                    mode::dirmask(&desired)
                } else {
                    desired
                };
                let want = mode::apply(&desired, current, is_dir).map_err(ResourceError::failed)?;
                cx.host.fs().set_mode(&self.path, want).map_err(|e| {
                    ResourceError::failed(format!(
                        "failed to set mode {} on {}: {}",
                        property.current.as_str().unwrap_or(""),
                        self.path,
                        io_text(&e)
                    ))
                })?;
                if mode::is_numeric(&desired) {
                    Ok(property.change_message())
                } else {
                    let old = property
                        .current
                        .as_str()
                        .and_then(|s| u32::from_str_radix(s, 8).ok())
                        .unwrap_or(current);
                    let new = mode::apply(&desired, old, is_dir).unwrap_or(want);
                    Ok(format!(
                        "mode changed '{old:04o}' to '{new:04o}' ({desired})"
                    ))
                }
            }
            other => Err(ResourceError::failed(format!(
                "The file type cannot change property {other}"
            ))),
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("posix")
    }
}

/// Checks what a file needs from the rest of the catalog: a filebucket it
/// backs up to must be declared (or be Puppet's default, `puppet`).
pub fn validate_in_catalog(
    resource: &Resource,
    catalog: &kuppet_catalog::Catalog,
) -> Result<(), ResourceError> {
    let Some(Value::String(name)) = resource.parameters.get("backup") else {
        return Ok(());
    };
    if name.starts_with('.') || matches!(name.as_str(), "puppet" | "true" | "false" | "") {
        return Ok(());
    }
    let declared = catalog.resources.iter().any(|r| {
        r.type_name == "Filebucket"
            && (r.title == *name || r.param_str("name").is_some_and(|n| n == name))
    });
    if declared {
        Ok(())
    } else {
        Err(ResourceError::invalid(located(
            resource,
            &format!("Could not find filebucket {name} specified in backup"),
        )))
    }
}

/// A file requires its nearest managed parent directory, its link target,
/// and its owner and group when named.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let path =
        normalize_path(&param_string(resource, "path").unwrap_or_else(|| resource.title.clone()));
    let mut out = Vec::new();
    let mut ancestors = Vec::new();
    let mut p = Path::new(&path).parent();
    while let Some(dir) = p {
        ancestors.push(dir.to_string_lossy().into_owned());
        p = dir.parent();
    }
    if !ancestors.is_empty() {
        out.push(AutoRequire::first_of("File", ancestors));
    }
    if let Some(target) = param_string(resource, "target") {
        out.push(AutoRequire::new("File", target));
    }
    for (param, ty) in [("owner", "User"), ("group", "Group")] {
        if let Some(v) = param_string(resource, param)
            && !v.chars().all(|c| c.is_ascii_digit())
        {
            out.push(AutoRequire::new(ty, v));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::quote;

    #[test]
    fn quoting_is_shared() {
        assert_eq!(quote("x"), "'x'");
    }
}
