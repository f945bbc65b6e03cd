//! mount_core's `mount`: an entry of `/etc/fstab` (or `target`) and
//! whether it is mounted, with the `parsed` provider's semantics on Linux.
//!
//! `ensure` reads as `absent` (not in the file, not mounted), `ghost`
//! (mounted, not in the file), `unmounted` or `mounted`, the mounted state
//! from `mount`'s output (` on POINT type `), run inside the root. Reaching
//! `mounted` writes the entry (and its other out-of-sync properties, as
//! `syncothers` does, without their own events) then runs `mount POINT`;
//! `unmounted` and `absent` run `umount POINT` first. A mount that changed
//! refreshes itself (Puppet's `self_refresh`): a mounted filesystem other
//! than swap is remounted (`mount -o remount POINT`, or `umount` + `mount`
//! with `remounts => false`), as on any refresh event.
//!
//! Fields are `device name fstype options dump pass`, tab-joined, spaces
//! in device and mount point written `\040`; `pass` and `dump` default to
//! 0 and `options` to `defaults`.

use crate::machine::{Argv, CommandSpec};
use crate::parsedfile::{self, Entry, Format, Target};
use crate::{
    Context, Examined, Instance, Level, Machine, Property, ResourceError, Source, Sync, located,
    param_string,
};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use serde_json::{Value, json};

pub const DEFAULT_TARGET: &str = "/etc/fstab";

/// One fstab entry; `None` fields are absent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub device: Option<String>,
    pub name: String,
    pub fstype: Option<String>,
    pub options: Option<String>,
    pub dump: Option<String>,
    pub pass: Option<String>,
}

/// The `parsed` provider's fstab lines (Linux).
#[derive(Debug, Clone, Copy)]
pub struct Fstab;

impl Format for Fstab {
    type Record = Record;

    fn parse_line(&self, line: &str) -> Option<Entry<Record>> {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            return Some(Entry::Text(line.to_string()));
        }
        // Ruby's `split(/\s+/)`: a leading separator makes an empty field.
        let mut fields: Vec<&str> = Vec::new();
        if line.starts_with(char::is_whitespace) {
            fields.push("");
        }
        fields.extend(line.split_whitespace());
        // "Incomplete" lines (fewer than two fields) are kept as text.
        if line.split_whitespace().count() < 2 {
            return Some(Entry::Text(line.to_string()));
        }
        let field = |i: usize| {
            fields
                .get(i)
                .filter(|f| !f.is_empty())
                .map(|f| f.replace("\\040", " "))
        };
        let mut pass = field(5);
        if fields.len() > 6 {
            // Puppet's rollup: extra fields join the last one.
            let mut all = vec![fields[5].to_string()];
            all.extend(fields[6..].iter().map(|f| f.to_string()));
            pass = Some(all.join("\t"));
        }
        let name = field(1).unwrap_or_default();
        let name = strip_slashes(&name);
        Some(Entry::Record(Record {
            device: field(0),
            name,
            fstype: field(2),
            options: field(3),
            dump: field(4),
            pass,
        }))
    }

    fn to_line(&self, r: &Record) -> Result<String, String> {
        let options = match &r.options {
            Some(o) if !o.is_empty() => o.clone(),
            _ => "defaults".to_string(),
        };
        let Some(fstype) = r.fstype.as_ref().filter(|f| !f.is_empty()) else {
            return Err(format!("Mount[{}]: Field 'fstype' is required", r.name));
        };
        let Some(device) = &r.device else {
            return Err("Field 'device' is required".into());
        };
        Ok([
            device.replace(' ', "\\040"),
            r.name.replace(' ', "\\040"),
            fstype.clone(),
            options,
            r.dump.clone().unwrap_or_default(),
            r.pass.clone().unwrap_or_default(),
        ]
        .join("\t"))
    }
}

/// A mount point without its trailing slashes (`/` stays).
fn strip_slashes(name: &str) -> String {
    let trimmed = name.trim_end_matches('/');
    if trimmed.is_empty() && !name.is_empty() {
        name[..1].to_string()
    } else {
        trimmed.to_string()
    }
}

/// What `ensure` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ensure {
    Defined,
    Unmounted,
    Absent,
    Mounted,
}

impl Ensure {
    fn as_str(self) -> &'static str {
        match self {
            Ensure::Defined => "defined",
            Ensure::Unmounted => "unmounted",
            Ensure::Absent => "absent",
            Ensure::Mounted => "mounted",
        }
    }
}

/// The command line as Puppet shows it in messages: the tool found on the
/// search path (the tool directory when one is set).
fn shown(host: &Machine, argv: &[String]) -> String {
    let program = match host.tool_dir() {
        Some(dir) => dir.join(&argv[0]).to_string_lossy().into_owned(),
        None => {
            let search: Vec<String> = ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
                .iter()
                .map(|d| d.to_string())
                .collect();
            host.which(&argv[0], &search)
                .unwrap_or_else(|| argv[0].clone())
        }
    };
    let mut line = vec![program];
    line.extend(argv[1..].iter().cloned());
    line.join(" ")
}

/// The mount points `mount` lists (` on POINT type `), inside the root:
/// listed once per run (Puppet's prefetch), then kept by the provider's
/// own mounts and unmounts.
fn mounted_points(host: &Machine) -> Result<Vec<String>, ResourceError> {
    if let Some(points) = host.cached_mounts() {
        return Ok(points);
    }
    let points = list_mounts(host)?;
    host.cache_mounts(points.clone());
    Ok(points)
}

/// Runs `mount` and reads the mount points it lists.
fn list_mounts(host: &Machine) -> Result<Vec<String>, ResourceError> {
    let argv = vec!["mount".to_string()];
    let out = host
        .run(&CommandSpec {
            argv: Some(Argv::Args(argv.clone())),
            tool: true,
            ..Default::default()
        })
        .map_err(|e| ResourceError::failed(e.to_string()))?;
    if !out.success() {
        return Err(ResourceError::failed(format!(
            "Execution of '{}' returned {}: {}",
            shown(host, &argv),
            out.code.map(|c| c.to_string()).unwrap_or_default(),
            out.output.trim()
        )));
    }
    let mut points = Vec::new();
    for line in out.output.lines() {
        match line.find(" on ").and_then(|i| {
            let rest = &line[i + 4..];
            rest.rfind(" type ").map(|j| rest[..j].to_string())
        }) {
            Some(p) => points.push(p),
            None => {
                return Err(ResourceError::failed(format!(
                    "Could not understand line {line} from mount output"
                )));
            }
        }
    }
    Ok(points)
}

/// A `mount` resource.
#[derive(Debug)]
pub struct Mount {
    name: String,
    ensure: Option<Ensure>,
    device: Option<String>,
    fstype: Option<String>,
    options: Option<String>,
    dump: String,
    pass: String,
    target: Option<String>,
    remounts: bool,
    targets: Vec<Target<Record>>,
    found: Option<(usize, usize)>,
    mounted: bool,
    /// Set by a change to `mounted`: the flush mounts.
    needs_mount: bool,
}

impl Mount {
    pub fn new(resource: &Resource) -> Result<Mount, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, message: String| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {message}"),
            ))
        };
        let ensure = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("defined" | "present") => Some(Ensure::Defined),
            Some("unmounted") => Some(Ensure::Unmounted),
            Some("absent") => Some(Ensure::Absent),
            Some("mounted") => Some(Ensure::Mounted),
            Some(other) => {
                return Err(invalid(
                    "ensure",
                    format!(
                        "Invalid value \"{other}\". Valid values are defined, present, unmounted, absent, mounted."
                    ),
                ));
            }
        };
        for p in ["fstype", "options"] {
            if let Some(v) = param_string(resource, p) {
                if v.chars().any(char::is_whitespace) {
                    return Err(invalid(p, format!("{p} must not contain whitespace: {v}")));
                }
                if v.is_empty() {
                    return Err(invalid(p, format!("{p} must not be an empty string")));
                }
            }
        }
        let dump = param_string(resource, "dump").unwrap_or_else(|| "0".into());
        if !dump.contains(['0', '1']) {
            return Err(invalid(
                "dump",
                format!("Invalid value \"{dump}\". Valid values match /(0|1)/."),
            ));
        }
        let remounts = match param_string(resource, "remounts").as_deref() {
            None | Some("true") => true,
            Some("false") => false,
            Some(other) => {
                return Err(invalid(
                    "remounts",
                    format!("Invalid value \"{other}\". Valid values are true, false."),
                ));
            }
        };
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        Ok(Mount {
            name: strip_slashes(&name),
            ensure,
            device: param_string(resource, "device"),
            fstype: param_string(resource, "fstype"),
            options: param_string(resource, "options"),
            dump,
            pass: param_string(resource, "pass").unwrap_or_else(|| "0".into()),
            target: param_string(resource, "target"),
            remounts,
            targets: Vec::new(),
            found: None,
            mounted: false,
            needs_mount: false,
        })
    }

    fn target(&self) -> &str {
        self.target.as_deref().unwrap_or(DEFAULT_TARGET)
    }

    fn read(&mut self, host: &Machine) -> Result<(), ResourceError> {
        self.targets = vec![parsedfile::read(&Fstab, host, DEFAULT_TARGET)?];
        if self.target() != DEFAULT_TARGET {
            let t = parsedfile::read(&Fstab, host, self.target())?;
            self.targets.push(t);
        }
        self.found = None;
        for (ti, t) in self.targets.iter().enumerate() {
            if let Some(i) = t.position(|r| r.name == self.name) {
                self.found = Some((ti, i));
            }
        }
        self.mounted = mounted_points(host)?.contains(&self.name);
        Ok(())
    }

    fn record(&self) -> Option<&Record> {
        let (t, i) = self.found?;
        match &self.targets[t].entries[i] {
            Entry::Record(r) => Some(r),
            Entry::Text(_) => None,
        }
    }

    /// `ensure` as Puppet reads it.
    fn current(&self) -> &'static str {
        match (self.found.is_some(), self.mounted) {
            (true, true) => "mounted",
            (true, false) => "unmounted",
            (false, true) => "ghost",
            (false, false) => "absent",
        }
    }

    fn desired(&self) -> Record {
        Record {
            device: self.device.clone(),
            name: self.name.clone(),
            fstype: self.fstype.clone(),
            options: self.options.clone(),
            dump: Some(self.dump.clone()),
            pass: Some(self.pass.clone()),
        }
    }

    /// The entry as the resource wants it, over what is there.
    fn updated(&self, r: &Record) -> Record {
        let mut r = r.clone();
        if self.device.is_some() {
            r.device = self.device.clone();
        }
        if self.fstype.is_some() {
            r.fstype = self.fstype.clone();
        }
        if self.options.is_some() {
            r.options = self.options.clone();
        }
        r.dump = Some(self.dump.clone());
        r.pass = Some(self.pass.clone());
        r
    }

    fn target_index(&mut self, host: &Machine) -> Result<usize, ResourceError> {
        let want = self.target().to_string();
        match self.targets.iter().position(|t| t.path == want) {
            Some(i) => Ok(i),
            None => {
                self.targets.push(parsedfile::read(&Fstab, host, &want)?);
                Ok(self.targets.len() - 1)
            }
        }
    }

    /// Writes the entry (new, or updated in place) to its target.
    fn write_entry(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        let (t, record) = match self.found {
            Some((t, i)) => {
                let r = self.updated(self.record().expect("found"));
                if let Some(slot) = self.targets[t].record_mut(i) {
                    *slot = r.clone();
                }
                (t, r)
            }
            None => {
                let r = self.desired();
                let t = self.target_index(cx.host)?;
                self.targets[t].entries.push(Entry::Record(r.clone()));
                self.found = Some((t, self.targets[t].entries.len() - 1));
                (t, r)
            }
        };
        debug_assert_eq!(record.name, self.name);
        parsedfile::write(&Fstab, cx, &self.targets[t], 0o600)
    }

    fn remove_entry(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if let Some((t, i)) = self.found.take() {
            self.targets[t].entries.remove(i);
            parsedfile::write(&Fstab, cx, &self.targets[t], 0o600)?;
        }
        Ok(())
    }

    fn run(&self, cx: &Context, args: &[&str]) -> Result<(), ResourceError> {
        let argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let out = cx
            .host
            .run(&CommandSpec {
                argv: Some(Argv::Args(argv.clone())),
                tool: true,
                ..Default::default()
            })
            .map_err(|e| ResourceError::failed(e.to_string()))?;
        if out.success() {
            Ok(())
        } else {
            Err(ResourceError::failed(format!(
                "Execution of '{}' returned {}: {}",
                shown(cx.host, &argv),
                out.code.map(|c| c.to_string()).unwrap_or_default(),
                out.output.trim()
            )))
        }
    }

    fn mount(&mut self, cx: &Context) -> Result<(), ResourceError> {
        self.run(cx, &["mount", &self.name])?;
        self.mounted = true;
        let mut points = mounted_points(cx.host)?;
        if !points.contains(&self.name) {
            points.push(self.name.clone());
        }
        cx.host.cache_mounts(points);
        Ok(())
    }

    fn unmount(&mut self, cx: &Context) -> Result<(), ResourceError> {
        self.run(cx, &["umount", &self.name])?;
        self.mounted = false;
        let mut points = mounted_points(cx.host)?;
        points.retain(|p| *p != self.name);
        cx.host.cache_mounts(points);
        Ok(())
    }
}

impl crate::Provider for Mount {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        self.read(cx.host)?;
        let current = self.current();
        let present = current != "absent";
        let mut props = Vec::new();
        if let Some(want) = self.ensure {
            let sync = match (want, current) {
                (Ensure::Defined, "mounted" | "unmounted") => Sync::InSync,
                (w, c) if w.as_str() == c => Sync::InSync,
                _ => Sync::OutOfSync,
            };
            let event = match want {
                Ensure::Mounted => "mount_mounted",
                Ensure::Absent => "mount_deleted",
                _ => "ensure_changed",
            };
            props.push(
                Property::new("ensure", json!(current), json!(want.as_str()), sync)
                    .with_event(event),
            );
        }
        if let Some(r) = self.record().cloned() {
            let field = |name: &'static str, have: &Option<String>, want: Option<&String>| {
                let want = want?;
                let current = have.as_ref().map_or(json!("absent"), |h| json!(h));
                let sync = if have.as_ref() == Some(want) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                Some(Property::new(name, current, json!(want), sync))
            };
            props.extend(field("device", &r.device, self.device.as_ref()));
            props.extend(field("fstype", &r.fstype, self.fstype.as_ref()));
            props.extend(field("options", &r.options, self.options.as_ref()));
            props.extend(field("pass", &r.pass, Some(&self.pass)));
            props.extend(field("dump", &r.dump, Some(&self.dump)));
            if let Some(t) = &self.target {
                let have = self.targets[self.found.map_or(0, |f| f.0)].path.clone();
                let sync = if have == *t {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new("target", json!(have), json!(t), sync));
            }
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        self.read(cx.host)?;
        if property.name != "ensure" {
            if property.name == "target" {
                if let Some((from, i)) = self.found.take() {
                    let moved = self.targets[from].entries.remove(i);
                    parsedfile::write(&Fstab, cx, &self.targets[from], 0o600)?;
                    let to = self.target_index(cx.host)?;
                    self.targets[to].entries.push(moved);
                    parsedfile::write(&Fstab, cx, &self.targets[to], 0o600)?;
                }
            } else {
                self.write_entry(cx)?;
            }
            return Ok(property.change_message());
        }
        let current = self.current();
        match self.ensure {
            Some(Ensure::Defined) => self.write_entry(cx)?,
            Some(Ensure::Unmounted) => match current {
                "ghost" => {
                    self.write_entry(cx)?;
                    self.unmount(cx)?;
                }
                "mounted" => {
                    self.unmount(cx)?;
                    self.write_entry(cx)?;
                }
                _ => self.write_entry(cx)?,
            },
            Some(Ensure::Absent) => {
                if self.mounted {
                    self.unmount(cx)?;
                }
                if current != "ghost" {
                    self.remove_entry(cx)?;
                }
            }
            Some(Ensure::Mounted) => {
                // The entry now; the mount when the resource flushes.
                self.write_entry(cx)?;
                self.needs_mount = !self.mounted;
            }
            None => {}
        }
        Ok(property.change_message())
    }

    /// The parsed provider's `flush`: mounts what a change to `mounted`
    /// asked for.
    fn finish(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if std::mem::take(&mut self.needs_mount) {
            self.mount(cx)?;
        }
        Ok(())
    }

    fn refreshable(&self) -> bool {
        true
    }

    fn self_refresh(&self) -> bool {
        self.ensure != Some(Ensure::Absent)
    }

    /// The type's `refresh`: a mounted filesystem (not swap) is remounted.
    fn refresh(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if self.fstype.as_deref() == Some("swap") {
            return Ok(());
        }
        self.mounted = mounted_points(cx.host)?.contains(&self.name);
        if !self.mounted {
            return Ok(());
        }
        cx.log(Level::Info, Source::Resource, "Remounting");
        if self.remounts {
            let name = self.name.clone();
            self.run(cx, &["mount", "-o", "remount", &name])
        } else {
            self.unmount(cx)?;
            self.mount(cx)
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("parsed")
    }
}

/// A mount requires the mounts of its parent directories.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let name =
        strip_slashes(&param_string(resource, "name").unwrap_or_else(|| resource.title.clone()));
    let mut out = Vec::new();
    let mut p = std::path::Path::new(&name).parent();
    while let Some(dir) = p {
        out.push(AutoRequire::new("Mount", dir.to_string_lossy()));
        p = dir.parent();
    }
    out
}

/// A file inside a mount point is managed after the mount (the mount's
/// `autobefore`), for every ancestor directory but `/`.
pub fn file_autorequire(path: &str) -> Vec<AutoRequire> {
    let mut out = Vec::new();
    let mut p = std::path::Path::new(path).parent();
    while let Some(dir) = p {
        if dir.as_os_str() != "/" {
            out.push(AutoRequire::new("Mount", dir.to_string_lossy()));
        }
        p = dir.parent();
    }
    out
}

/// The entries of `/etc/fstab` with their mounted state, and what is
/// mounted without an entry (`ghost`), as Puppet's `instances`.
pub fn instances(host: &Machine) -> Result<Vec<Instance>, ResourceError> {
    let t = parsedfile::read(&Fstab, host, DEFAULT_TARGET)?;
    // Listed afresh, as Puppet's `instances` runs `mount` apart from the
    // provider's prefetch.
    let mut mounted = list_mounts(host)?;
    let mut out = Vec::new();
    for r in t.records() {
        let is_mounted = mounted.contains(&r.name);
        mounted.retain(|m| *m != r.name);
        let mut parameters = indexmap::IndexMap::new();
        parameters.insert(
            "ensure".into(),
            json!(if is_mounted { "mounted" } else { "unmounted" }),
        );
        for (k, v) in [
            ("device", &r.device),
            ("fstype", &r.fstype),
            ("options", &r.options),
            ("dump", &r.dump),
            ("pass", &r.pass),
        ] {
            if let Some(v) = v {
                parameters.insert(k.into(), Value::String(v.clone()));
            }
        }
        parameters.insert("target".into(), json!(DEFAULT_TARGET));
        out.push(Instance {
            title: r.name.clone(),
            parameters,
        });
    }
    for m in mounted {
        let mut parameters = indexmap::IndexMap::new();
        parameters.insert("ensure".into(), json!("ghost"));
        out.push(Instance {
            title: m,
            parameters,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fstab_lines_parse_and_print() {
        let t = parsedfile::parse(
            &Fstab,
            "/etc/fstab",
            "# c\nUUID=1 / ext4 errors=remount-ro 0 1\n/dev/sdb1 /data/ xfs defaults\nincomplete\n/dev/x /mnt/my\\040disk vfat rw 0 0\n",
        )
        .expect("parses");
        let r: Vec<&Record> = t.records().collect();
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].name, "/");
        assert_eq!(r[1].name, "/data");
        assert_eq!(r[1].pass, None);
        assert_eq!(r[2].name, "/mnt/my disk");
        assert_eq!(
            Fstab.to_line(r[2]).expect("line"),
            "/dev/x\t/mnt/my\\040disk\tvfat\trw\t0\t0"
        );
        assert!(matches!(t.entries[3], Entry::Text(_)));
    }

    #[test]
    fn mounts_require_their_parents() {
        let reqs = file_autorequire("/mnt/data/f");
        assert_eq!(reqs.len(), 2);
        assert_eq!(strip_slashes("/"), "/");
        assert_eq!(strip_slashes("/a//"), "/a");
    }
}
