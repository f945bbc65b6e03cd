//! Storage facts: `mountpoints` (the mount table with statvfs sizes),
//! `filesystems` (`/proc/filesystems`), `disks` and `blockdevices`
//! (`/sys/block`), `partitions` (sysfs sizes, and what blkid would say
//! read from udev's database under `/run/udev/data`).
//!
//! The mount table is this process's (`/proc/self/mounts`, which `/etc/mtab`
//! links to) for the live root, and the host init's (`/proc/1/mounts`
//! under the root) for another root, whose mount points are measured under
//! the root. Facter asks `lsblk` for a disk's serial and WWN, and `blkid`
//! for a partition's file system, UUID and labels: both read udev's
//! database, which kuppet reads directly.

use crate::Facts;
use crate::host::{Host, read_text};
use crate::units::{bytes_to_human, fs_capacity};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One line of a mount table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mount {
    pub device: String,
    pub path: String,
    pub fstype: String,
    pub options: String,
}

/// getmntent's unescaping of `\040`-style octal escapes.
fn unescape(field: &str) -> String {
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len()
            && b[i + 1..i + 4].iter().all(|c| (b'0'..=b'7').contains(c))
        {
            let v = (b[i + 1] - b'0') * 64 + (b[i + 2] - b'0') * 8 + (b[i + 3] - b'0');
            out.push(v);
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Parses a mount table (`/proc/mounts` format).
pub(crate) fn parse_mounts(text: &str) -> Vec<Mount> {
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f.len() >= 4).then(|| Mount {
                device: unescape(f[0]),
                path: unescape(f[1]),
                fstype: unescape(f[2]),
                options: unescape(f[3]),
            })
        })
        .collect()
}

/// The mount table's text: this process's for the live root, the host
/// init's for another root.
pub(crate) fn mount_table(host: &Host) -> String {
    let table = if host.is_live() {
        read_text(Path::new("/proc/self/mounts"))
    } else {
        read_text(&host.proc("1/mounts")).or_else(|| read_text(&host.proc("self/mounts")))
    };
    table.unwrap_or_default()
}

/// The device `/dev/root` stands for: the kernel command line's `root=`
/// (a `PARTUUID=` resolved through udev's by-partuuid links).
fn root_device(host: &Host) -> Option<String> {
    let cmdline = read_text(&host.proc("cmdline"))?;
    let root = cmdline
        .split_whitespace()
        .find_map(|w| w.strip_prefix("root="))?
        .to_string();
    if let Some((kind, id)) = root.split_once('=') {
        let dir = match kind {
            "PARTUUID" => "by-partuuid",
            "UUID" => "by-uuid",
            "LABEL" => "by-label",
            _ => return Some(root),
        };
        let link = format!("/dev/disk/{dir}/{id}");
        let target = crate::host::resolve_in_root(host.root, &link);
        if target != link {
            let name = target.rsplit('/').next()?.to_string();
            return Some(format!("/dev/{name}"));
        }
    }
    Some(root)
}

/// Gathers `mountpoints`; returns the mounts kept (for `partitions`).
fn mountpoints(host: &Host, table: &str, facts: &mut Facts) -> Vec<(String, String)> {
    let mut kept = Vec::new();
    let mut out = Map::new();
    let root_dev = std::cell::OnceCell::new();
    for m in parse_mounts(table) {
        let skip_pseudo =
            (m.path.starts_with("/proc") || m.path.starts_with("/sys")) && m.fstype != "tmpfs";
        if skip_pseudo || m.fstype == "autofs" {
            continue;
        }
        let device = if m.device == "/dev/root" {
            root_dev
                .get_or_init(|| root_device(host))
                .clone()
                .unwrap_or(m.device.clone())
        } else {
            m.device.clone()
        };
        let at: PathBuf = if host.is_live() {
            PathBuf::from(&m.path)
        } else {
            host.path(&m.path)
        };
        let (size, available, used) = match host.sys.statvfs(&at) {
            Some(s) => (s.total, s.available, s.total.saturating_sub(s.free)),
            None => (0, 0, 0),
        };
        let options: Vec<String> = m.options.split(',').map(|o| o.trim().to_string()).collect();
        out.insert(
            m.path.clone(),
            json!({
                "available": bytes_to_human(available),
                "available_bytes": available,
                "capacity": fs_capacity(used, used + available),
                "device": device,
                "filesystem": m.fstype,
                "options": options,
                "size": bytes_to_human(size),
                "size_bytes": size,
                "used": bytes_to_human(used),
                "used_bytes": used,
            }),
        );
        kept.push((device, m.path.clone()));
    }
    if !out.is_empty() {
        facts.insert("mountpoints".into(), Value::Object(out));
    }
    kept
}

/// `filesystems`: the block file systems the kernel knows, sorted, no fuseblk.
pub(crate) fn parse_filesystems(text: &str) -> String {
    let mut fs: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            (t.len() == 1 && t[0] != "fuseblk").then_some(t[0])
        })
        .collect();
    fs.sort_unstable();
    fs.join(",")
}

/// udev's database entry of a block device (`E:KEY=value` lines).
fn udev_props(host: &Host, dev: &str) -> BTreeMap<String, String> {
    host.read(&format!("/run/udev/data/b{}", dev.trim()))
        .map(|t| {
            t.lines()
                .filter_map(|l| l.strip_prefix("E:"))
                .filter_map(|l| l.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .unwrap_or_default()
}

fn sorted_dir(path: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(path)
        .map(|e| {
            e.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Gathers `disks` and its legacy names.
fn disks(host: &Host, facts: &mut Facts) {
    let block = host.sys("block");
    let mut disks = Map::new();
    for disk in sorted_dir(&block) {
        let dir = block.join(&disk);
        if !dir.join("device").exists() {
            continue;
        }
        let read = |f: &str| read_text(&dir.join(f)).map(|s| s.trim().to_string());
        let udev = read("dev")
            .map(|d| udev_props(host, &d))
            .unwrap_or_default();
        let mut d = Map::new();
        if let Some(model) = read("device/model") {
            d.insert("model".into(), json!(model));
        }
        if let Some(serial) = ["ID_SCSI_SERIAL", "ID_SERIAL_SHORT", "ID_SERIAL"]
            .iter()
            .find_map(|k| udev.get(*k).cloned())
            .or_else(|| read("device/serial").filter(|s| !s.is_empty()))
        {
            d.insert("serial".into(), json!(serial));
        }
        if let Some(size) = read("size").and_then(|s| s.parse::<u64>().ok()) {
            let bytes = size * 512;
            d.insert("size".into(), json!(bytes_to_human(bytes)));
            d.insert("size_bytes".into(), json!(bytes));
        }
        if let Some(rot) = read("queue/rotational") {
            d.insert("type".into(), json!(if rot == "0" { "ssd" } else { "hdd" }));
        }
        if let Some(vendor) = read("device/vendor") {
            d.insert("vendor".into(), json!(vendor));
        }
        if let Some(wwn) = ["ID_WWN_WITH_EXTENSION", "ID_WWN"]
            .iter()
            .find_map(|k| udev.get(*k).cloned())
        {
            d.insert("wwn".into(), json!(wwn));
        }
        disks.insert(disk, Value::Object(d));
    }
    if disks.is_empty() {
        return;
    }
    let names: Vec<&str> = disks.keys().map(String::as_str).collect();
    facts.insert("blockdevices".into(), json!(names.join(",")));
    for (name, d) in &disks {
        for (key, legacy) in [
            ("model", "model"),
            ("size_bytes", "size"),
            ("vendor", "vendor"),
        ] {
            if let Some(v) = d.get(key) {
                facts.insert(format!("blockdevice_{name}_{legacy}"), v.clone());
            }
        }
    }
    facts.insert("disks".into(), Value::Object(disks));
}

/// Gathers `partitions`.
fn partitions(host: &Host, mounts: &[(String, String)], facts: &mut Facts) {
    let block = host.sys("block");
    if !block.is_dir() {
        return;
    }
    let mut parts: Map<String, Value> = Map::new();
    let mut add = |name: String, dir: &Path, backing: Option<String>| {
        let size = read_text(&dir.join("size"))
            .and_then(|s| s.trim().parse::<u64>().ok())
            .unwrap_or(0)
            * 512;
        let mut p = Map::new();
        p.insert("size_bytes".into(), json!(size));
        p.insert("size".into(), json!(bytes_to_human(size)));
        if let Some(b) = backing {
            p.insert("backing_file".into(), json!(b));
        }
        let udev = read_text(&dir.join("dev"))
            .map(|d| udev_props(host, &d))
            .unwrap_or_default();
        for (key, prop) in [
            ("filesystem", "ID_FS_TYPE"),
            ("uuid", "ID_FS_UUID"),
            ("label", "ID_FS_LABEL"),
            ("partuuid", "ID_PART_ENTRY_UUID"),
            ("partlabel", "ID_PART_ENTRY_NAME"),
        ] {
            if let Some(v) = udev.get(prop).filter(|v| !v.is_empty()) {
                p.insert(key.into(), json!(v));
            }
        }
        parts.insert(name, Value::Object(p));
    };
    for dev in sorted_dir(&block) {
        let dir = block.join(&dev);
        if dir.join("device").is_dir() {
            for sub in sorted_dir(&dir) {
                if sub.contains(dev.as_str()) && dir.join(&sub).is_dir() {
                    add(format!("/dev/{sub}"), &dir.join(&sub), None);
                }
            }
        } else if dir.join("dm").is_dir() {
            let map = read_text(&dir.join("dm/name"))
                .map(|s| s.trim_end_matches('\n').to_string())
                .unwrap_or_default();
            let name = if map.is_empty() {
                format!("/dev/{dev}")
            } else {
                format!("/dev/mapper/{map}")
            };
            add(name, &dir, None);
        } else if dir.join("loop").is_dir() {
            let backing = read_text(&dir.join("loop/backing_file"))
                .map(|s| s.trim_end_matches('\n').to_string())
                .filter(|s| !s.is_empty());
            add(format!("/dev/{dev}"), &dir, backing);
        }
    }
    // The first mount of a partition names its mount point.
    for (device, path) in mounts.iter().rev() {
        if let Some(Value::Object(p)) = parts.get_mut(device) {
            p.insert("mount".into(), json!(path));
        }
    }
    if !parts.is_empty() {
        facts.insert("partitions".into(), Value::Object(parts));
    }
}

/// Gathers the storage facts.
pub(crate) fn gather(host: &Host, table: &str, facts: &mut Facts) {
    disks(host, facts);
    if let Some(t) = read_text(&host.proc("filesystems")) {
        facts.insert("filesystems".into(), json!(parse_filesystems(&t)));
    }
    let mounts = mountpoints(host, table, facts);
    partitions(host, &mounts, facts);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mount_tables_and_filesystems() {
        let m = parse_mounts(
            "/dev/vda / ext4 rw,relatime 0 0\n/dev/sdb1 /srv/my\\040data xfs rw 0 0\nbad\n",
        );
        assert_eq!(m.len(), 2);
        assert_eq!(m[1].path, "/srv/my data");
        assert_eq!(
            parse_filesystems("nodev\tsysfs\n\text4\n\tfuseblk\n\tbtrfs\nnodev\tproc\n"),
            "btrfs,ext4"
        );
    }
}
