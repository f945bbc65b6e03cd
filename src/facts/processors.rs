//! Processor facts: `processors` (count, models, physicalcount, speed, isa,
//! cores, threads) and the legacy `processorcount`, `physicalprocessorcount`,
//! `processorN`, `hardwareisa`, from `/proc/cpuinfo` and
//! `/sys/devices/system/cpu` (the running machine's).
//!
//! Facter asks `lscpu` for cores per socket and threads per core; lscpu
//! counts the first CPU's sibling lists in sysfs, which kuppet reads
//! itself (falling back to cpuinfo's `siblings` and `cpu cores`). The ISA is
//! `uname -p`, which Debian's coreutils print as `unknown` and Fedora's,
//! Red Hat's, SUSE's and Ubuntu's patched ones as the machine.

use crate::Facts;
use crate::host::{Host, read_text};
use crate::os::Flavor;
use crate::units::hertz_to_human;
use serde_json::{Map, Value, json};

/// What `/proc/cpuinfo` says.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct CpuInfo {
    pub count: u64,
    pub models: Vec<String>,
    pub physical_ids: Vec<i64>,
    pub speed_hz: Option<u64>,
    pub siblings: Option<u64>,
    pub cpu_cores: Option<u64>,
}

/// Ruby's `to_i`: the leading integer, 0 when there is none.
fn ruby_to_i(s: &str) -> i64 {
    let s = s.trim_start();
    let (sign, digits) = match s.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, s.strip_prefix('+').unwrap_or(s)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse::<i64>().map(|n| sign * n).unwrap_or(0)
}

/// Parses cpuinfo as Facter does (`key : value` lines).
pub(crate) fn parse_cpuinfo(text: &str) -> CpuInfo {
    let mut info = CpuInfo::default();
    for line in text.lines() {
        // Ruby's split(':') drops trailing empty fields.
        let mut tokens: Vec<&str> = line.split(':').collect();
        while tokens.len() > 1 && tokens.last().is_some_and(|t| t.is_empty()) {
            tokens.pop();
        }
        let key = tokens[0].trim();
        let last = tokens[tokens.len() - 1].trim();
        match key {
            "processor" => info.count += 1,
            "model name" | "cpu" => info.models.push(last.to_string()),
            "physical id" => info.physical_ids.push(ruby_to_i(last)),
            "cpu MHz" if last.starts_with(|c: char| c.is_ascii_digit()) => {
                info.speed_hz = Some(ruby_to_i(last) as u64 * 1_000_000);
            }
            "clock" if last.starts_with(|c: char| c.is_ascii_digit()) && last.contains("MHz") => {
                info.speed_hz = Some(ruby_to_i(last) as u64 * 1_000_000);
            }
            "siblings" => info.siblings = last.parse().ok(),
            "cpu cores" => info.cpu_cores = last.parse().ok(),
            _ => {}
        }
    }
    info
}

/// The number of CPUs in a sysfs CPU list (`0-3,8`).
fn list_count(list: &str) -> u64 {
    list.trim()
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('-') {
            Some((a, b)) => match (a.parse::<u64>(), b.parse::<u64>()) {
                (Ok(a), Ok(b)) if b >= a => b - a + 1,
                _ => 0,
            },
            None => 1,
        })
        .sum()
}

/// Threads per core and cores per socket, as lscpu counts them.
fn topology(host: &Host, info: &CpuInfo) -> (Option<u64>, Option<u64>) {
    let topo = |f: &str| read_text(&host.sys(&format!("devices/system/cpu/cpu0/topology/{f}")));
    let threads = topo("thread_siblings_list")
        .or_else(|| topo("core_cpus_list"))
        .map(|l| list_count(&l))
        .filter(|n| *n > 0);
    let package = topo("core_siblings_list")
        .or_else(|| topo("package_cpus_list"))
        .map(|l| list_count(&l));
    match (threads, package) {
        (Some(t), Some(p)) => (Some(t), Some(p / t)),
        _ => match (info.siblings, info.cpu_cores) {
            (Some(s), Some(c)) if c > 0 => (Some(s / c), Some(c)),
            _ => (None, None),
        },
    }
}

/// Distinct physical packages of the CPUs in sysfs.
fn sysfs_packages(host: &Host) -> u64 {
    let Ok(entries) = std::fs::read_dir(host.sys("devices/system/cpu")) else {
        return 0;
    };
    let mut ids = std::collections::BTreeSet::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let is_cpu = name
            .strip_prefix("cpu")
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if is_cpu && let Some(id) = read_text(&e.path().join("topology/physical_package_id")) {
            ids.insert(id.trim().to_string());
        }
    }
    ids.len() as u64
}

/// Gathers the processor facts.
pub(crate) fn gather(host: &Host, flavor: Flavor, machine: &str, facts: &mut Facts) -> u64 {
    let isa = match flavor {
        Flavor::Debian | Flavor::Devuan | Flavor::Alpine | Flavor::Linux => "unknown".to_string(),
        Flavor::Ubuntu | Flavor::Rhel | Flavor::Sles => {
            machine.rsplit('.').next().unwrap_or(machine).to_string()
        }
    };
    let info = read_text(&host.proc("cpuinfo"))
        .map(|t| parse_cpuinfo(&t))
        .filter(|i| i.count > 0 || !i.models.is_empty());
    let mut p = Map::new();
    let (threads, cores) = match &info {
        Some(i) => topology(host, i),
        None => (None, None),
    };
    if let Some(c) = cores {
        p.insert("cores".into(), json!(c));
    }
    let mut count = 0;
    if let Some(i) = &info {
        count = i.count;
        p.insert("count".into(), json!(i.count));
        facts.insert("processorcount".into(), json!(i.count));
    }
    p.insert("isa".into(), json!(isa));
    facts.insert("hardwareisa".into(), json!(isa));
    if let Some(i) = &info {
        p.insert("models".into(), json!(i.models));
        let mut ids = i.physical_ids.clone();
        ids.sort_unstable();
        ids.dedup();
        let physical = if ids.is_empty() {
            sysfs_packages(host)
        } else {
            ids.len() as u64
        };
        p.insert("physicalcount".into(), json!(physical));
        facts.insert("physicalprocessorcount".into(), json!(physical));
        if let Some(speed) = i.speed_hz.and_then(hertz_to_human) {
            p.insert("speed".into(), json!(speed));
        }
        for (n, m) in i.models.iter().enumerate() {
            facts.insert(format!("processor{n}"), json!(m));
        }
    }
    if let Some(t) = threads {
        p.insert("threads".into(), json!(t));
    }
    facts.insert("processors".into(), Value::Object(p));
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpuinfo_is_counted_like_facter() {
        let i = parse_cpuinfo(
            "processor\t: 0\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 1996.249\nphysical id\t: 0\nsiblings\t: 2\ncpu cores\t: 2\n\n\
             processor\t: 1\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 1996.249\nphysical id\t: 0\n",
        );
        assert_eq!(i.count, 2);
        assert_eq!(i.models, vec!["AMD EPYC", "AMD EPYC"]);
        assert_eq!(i.physical_ids, vec![0, 0]);
        assert_eq!(i.speed_hz, Some(1_996_000_000));
        assert_eq!((i.siblings, i.cpu_cores), (Some(2), Some(2)));
        // POWER: `cpu` names the model and `clock` gives the speed.
        let p = parse_cpuinfo(
            "processor\t: 0\ncpu\t\t: POWER9 (architected)\nclock\t\t: 2750.000000MHz\n",
        );
        assert_eq!(p.models, vec!["POWER9 (architected)"]);
        assert_eq!(p.speed_hz, Some(2_750_000_000));
        assert_eq!(list_count("0-3,8,10-11"), 7);
        assert_eq!(ruby_to_i(" 12abc"), 12);
    }
}
