//! Virtualization facts: `virtual`, `is_virtual` and `hypervisors`, by
//! Facter's detection order: containers (PID 1's cgroup and environment),
//! GCE's BIOS, `virt-what`, OpenVZ, Linux-VServer, Xen, DMI product names,
//! `lspci`, else `physical`.
//!
//! Facter runs `virt-what` and `lspci` when they are installed; kuppet runs
//! no program, so when the root has them it computes what they would print
//! from the same sources: the CPUID hypervisor signature, DMI (from
//! `/sys/class/dmi/id` instead of dmidecode), `/proc`, and the PCI devices
//! in `/sys/bus/pci/devices` (vendor and device ids instead of names).
//! PID 1 is the host's init when `/proc` under the root is the host's. An
//! unreadable `/proc/1/environ` means no container here, where Facter
//! fails the whole fact. Facter's `vmware -v` (VMware Workstation hosts)
//! is not emulated.

use crate::Facts;
use crate::dmi::Dmi;
use crate::host::{Host, read_text};
use serde_json::{Map, Value, json};

/// What the container check found: the kind and its details.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Container {
    pub vm: String,
    pub info: Map<String, Value>,
}

/// The container Facter's `Containers` resolver sees from PID 1.
pub(crate) fn container(host: &Host) -> Option<Container> {
    let cgroup = read_text(&host.proc("1/cgroup"))?;
    let environ = std::fs::read(host.proc("1/environ")).ok()?;
    let environ = String::from_utf8_lossy(&environ).into_owned();
    let docker = cgroup
        .find("docker/")
        .map(|i| cgroup[i + 7..].lines().next().unwrap_or("").to_string())
        .filter(|id| !id.is_empty());
    let lxc = cgroup.lines().find_map(|l| {
        let rest = l.strip_prefix("/lxc/")?;
        let name: String = rest.chars().take_while(|c| *c != '/').collect();
        (!name.is_empty()).then_some(name)
    });
    let lxc_env = environ.contains("container=lxc");
    let mut vm = None;
    let mut info = None;
    if let Some(id) = &docker {
        vm = Some("docker");
        info = Some(id.clone());
    }
    if lxc.is_some() || lxc_env {
        vm = Some("lxc");
    }
    if let Some(name) = &lxc {
        info = Some(name.clone());
    }
    if let Some(vm) = vm {
        let key = if vm == "docker" { "id" } else { "name" };
        let mut m = Map::new();
        if let Some(i) = info {
            m.insert(key.into(), json!(i));
        }
        return Some(Container {
            vm: vm.into(),
            info: m,
        });
    }
    if environ.contains("container=systemd-nspawn") {
        let mut m = Map::new();
        if let Some(id) = host.read("/etc/machine-id") {
            m.insert("id".into(), json!(id.trim()));
        }
        return Some(Container {
            vm: "systemd_nspawn".into(),
            info: m,
        });
    }
    None
}

/// A DMI field starts with `prefix` (virt-what greps dmidecode's text).
fn starts(v: &Option<String>, prefix: &str) -> bool {
    v.as_deref().is_some_and(|s| s.starts_with(prefix))
}

/// The lines `virt-what` would print.
pub(crate) fn virt_what(host: &Host, dmi: &Dmi, machine: &str) -> Vec<String> {
    let cpuid = host.sys.cpuid_hypervisor().unwrap_or_default();
    let manufacturer = |p: &str| {
        starts(&dmi.sys_vendor, p) || starts(&dmi.board_vendor, p) || starts(&dmi.chassis_vendor, p)
    };
    let product = |p: &str| starts(&dmi.product_name, p) || starts(&dmi.board_name, p);
    let vendor = |p: &str| starts(&dmi.bios_vendor, p);
    let proc_text = |p: &str| read_text(&host.proc(p)).unwrap_or_default();
    let own = if host.is_live() { "self" } else { "1" };
    let environ = std::fs::read(host.proc("1/environ"))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let env_has = |prefix: &str| {
        environ
            .split('\0')
            .any(|e| e.to_lowercase().starts_with(prefix))
    };
    let cpuinfo = proc_text("cpuinfo");
    let status = proc_text(&format!("{own}/status"));
    let mut out: Vec<&str> = Vec::new();
    if manufacturer("Alibaba") {
        out.push("alibaba_cloud");
    }
    if cpuid == "VMwareVMware" || manufacturer("VMware") {
        out.push("vmware");
    }
    if cpuid == "Microsoft Hv" {
        out.push("hyperv");
    }
    if cpuid != "Microsoft Hv"
        && manufacturer("Microsoft Corporation")
        && product("Virtual Machine")
    {
        out.push("virtualpc");
    }
    if manufacturer("innotek GmbH") {
        out.push("virtualbox");
    }
    if cpuid == "bhyve bhyve " || vendor("BHYVE") {
        out.push("bhyve");
    }
    if host.proc("vz").is_dir() && !host.proc("bc").is_dir() {
        out.push("openvz");
    }
    if env_has("container=lxc") {
        out.push("lxc");
    }
    if let Some(vx) = status.lines().find_map(|l| l.strip_prefix("VxID:")) {
        out.push("linux_vserver");
        out.push(if vx.trim() == "0" {
            "linux_vserver-host"
        } else {
            "linux_vserver-guest"
        });
    }
    if cpuinfo.contains("UML") {
        out.push("uml");
    }
    if cpuinfo
        .lines()
        .any(|l| l.starts_with("vendor_id") && l.contains("IBM/S390"))
    {
        out.push("ibm_systemz");
    }
    let mut skip_qemu_kvm = false;
    let mut skip_lkvm = false;
    if vendor("Parallels") {
        out.push("parallels");
        skip_qemu_kvm = true;
    }
    if manufacturer("Nutanix") {
        out.push("nutanix_ahv");
    }
    if manufacturer("oVirt") {
        out.push("ovirt");
    }
    if product("RHEV Hypervisor") {
        out.push("rhev");
    }
    if product("Google Compute Engine") {
        out.push("google_cloud");
    }
    if manufacturer("Red Hat") {
        out.push("redhat");
    }
    if cpuid == "XenVMMXenVMM" {
        out.push("xen");
        out.push("xen-hvm");
        skip_qemu_kvm = true;
    } else if host.proc("xen").is_dir() {
        out.push("xen");
        out.push(if proc_text("xen/capabilities").contains("control_d") {
            "xen-dom0"
        } else {
            "xen-domU"
        });
        skip_qemu_kvm = true;
        skip_lkvm = true;
    } else if read_text(&host.sys("hypervisor/type")).is_some_and(|t| t.contains("xen")) {
        out.push("xen");
    }
    if !skip_qemu_kvm {
        let arm = machine.starts_with("arm") || machine == "aarch64";
        if cpuid == "KVMKVMKVM" {
            out.push("kvm");
        } else if cpuid == "TCGTCGTCGTCG" {
            out.push("qemu");
            skip_lkvm = true;
        } else if product("KVM") || manufacturer("KVM") || manufacturer("Amazon EC2") {
            out.push("kvm");
            skip_lkvm = true;
        } else if manufacturer("QEMU") {
            out.push("qemu");
            skip_lkvm = true;
        } else if arm {
            if std::fs::read_dir(host.proc("device-tree")).is_ok_and(|d| {
                d.flatten()
                    .any(|e| e.file_name().to_string_lossy().contains("fw-cfg"))
            }) {
                out.push("qemu");
                skip_lkvm = true;
            }
        } else if read_text(&host.proc("device-tree/hypervisor/compatible"))
            .is_some_and(|c| c.contains("linux,kvm"))
        {
            out.push("kvm");
            skip_lkvm = true;
        } else if cpuinfo.contains("QEMU") {
            out.push("qemu");
        }
    }
    if !skip_lkvm && cpuid == "LKVMLKVMLKVM" {
        out.push("lkvm");
    }
    let own_cgroup = proc_text(&format!("{own}/cgroup"));
    if host.exists("/.dockerenv") || host.exists("/.dockerinit") || own_cgroup.contains("/docker/")
    {
        out.push("docker");
    }
    if env_has("container=podman") || own_cgroup.contains("/libpod-") {
        out.push("podman");
    }
    if cpuid == "OpenBSDVMM58" {
        out.push("vmm");
    }
    let amazon_version = |v: &str| {
        let mut parts = v.splitn(3, '.');
        let (a, b, c) = (parts.next(), parts.next(), parts.next());
        a.is_some_and(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_digit()))
            && b.is_some_and(|b| !b.is_empty() && b.chars().all(|c| c.is_ascii_digit()))
            && c.is_some_and(|c| c.starts_with("amazon"))
    };
    let versions = [
        &dmi.bios_version,
        &dmi.product_version,
        &dmi.board_version,
        &dmi.chassis_version,
    ];
    if versions
        .iter()
        .any(|v| v.as_deref().is_some_and(amazon_version))
        || vendor("Amazon EC2")
    {
        out.push("aws");
    }
    out.into_iter().map(str::to_string).collect()
}

/// Facter's reading of virt-what's output.
fn from_virt_what(lines: &[String], vserver: Option<&str>) -> Option<String> {
    if let Some(i) = lines.iter().position(|l| l == "xen")
        && let Some(next) = lines.get(i + 1)
    {
        // Facter matches lower case: virt-what's `xen-domU` falls through.
        if next.contains("xen-domu") {
            return Some("xenu".into());
        }
        if next.contains("xen-hvm") {
            return Some("xenhvm".into());
        }
        if next.contains("xen-dom0") {
            return Some("xen0".into());
        }
    }
    let first = lines.first()?;
    if first.contains("ibm_systemz") {
        return Some("zlinux".into());
    }
    if first.contains("linux_vserver") {
        return vserver.map(str::to_string);
    }
    if lines.iter().any(|l| l == "redhat") {
        return lines.iter().find(|l| *l != "redhat").cloned();
    }
    Some(first.clone())
}

/// What `lspci` would tell Facter: the first PCI device (by address) that
/// names a hypervisor.
pub(crate) fn lspci(host: &Host) -> Option<String> {
    host.which("lspci")?;
    let dir = host.sys("bus/pci/devices");
    let mut devices: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    devices.sort();
    devices.into_iter().find_map(|d| {
        let id = |f: &str| {
            read_text(&dir.join(&d).join(f))
                .and_then(|s| u32::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok())
        };
        let vendor = id("vendor")?;
        let device = id("device").unwrap_or(0);
        let vm = match vendor {
            0x80ee => "virtualbox",
            0x5853 => "xenhvm",
            0x1414 if device == 0x5353 => "hyperv",
            0x1ae0 => "gce",
            0x15ad => "vmware",
            0x1ab8 => "parallels",
            0x1af4 if (0x1000..=0x107f).contains(&device) => "kvm",
            _ => return None,
        };
        Some(vm.to_string())
    })
}

/// Facter's names for DMI product names.
fn hypervisor_of_product(product: &str) -> Option<&'static str> {
    [
        ("VMware", "vmware"),
        ("VirtualBox", "virtualbox"),
        ("Parallels", "parallels"),
        ("KVM", "kvm"),
        ("Virtual Machine", "hyperv"),
        ("RHEV Hypervisor", "rhev"),
        ("oVirt Node", "ovirt"),
        ("HVM domU", "xenhvm"),
        ("Bochs", "bochs"),
        ("OpenBSD", "vmm"),
        ("BHYVE", "bhyve"),
    ]
    .iter()
    .find(|(k, _)| product.contains(k))
    .map(|(_, v)| *v)
}

/// The strings of the SMBIOS structures of one type, from sysfs.
fn dmi_strings(host: &Host, kind: u8) -> Vec<String> {
    let mut out = Vec::new();
    let dir = host.sys("firmware/dmi/entries");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return out;
    };
    for e in entries.flatten() {
        if !e
            .file_name()
            .to_string_lossy()
            .starts_with(&format!("{kind}-"))
        {
            continue;
        }
        let Ok(raw) = std::fs::read(e.path().join("raw")) else {
            continue;
        };
        let Some(len) = raw.get(1).map(|l| usize::from(*l)) else {
            continue;
        };
        if let Some(strings) = raw.get(len..) {
            out.extend(
                strings
                    .split(|b| *b == 0)
                    .filter(|s| !s.is_empty())
                    .map(|s| String::from_utf8_lossy(s).into_owned()),
            );
        }
    }
    out
}

/// The BIOS starting address dmidecode prints, for VMware's version.
fn vmware_version(host: &Host) -> Option<&'static str> {
    let raw = std::fs::read(host.sys("firmware/dmi/entries/0-0/raw")).ok()?;
    let segment = u32::from(u16::from_le_bytes([*raw.get(6)?, *raw.get(7)?]));
    Some(match segment << 4 {
        0xe8480 => "ESXi 2.5",
        0xe7c70 => "ESXi 3.0",
        0xe66c0 | 0xe7910 => "ESXi 3.5",
        0xea550 | 0xea6c0 => "ESXi 4.0",
        0xea2e0 => "ESXi 4.1",
        0xe72c0 => "ESXi 5.0",
        0xea0c0 => "ESXi 5.1",
        0xea050 => "ESXi 5.5",
        0xe99e0 | 0xe9a40 => "ESXi 6.0",
        0xea580 => "ESXi 6.5",
        0xea520 | 0xea490 => "ESXi 6.7",
        0xea5e0 => "Fusion 8.5",
        _ => return None,
    })
}

/// The Xen domain kind from Xen's files.
fn xen_kind(host: &Host) -> Option<&'static str> {
    if host.exists("/dev/xen/evtchn") {
        Some("xen0")
    } else if host.proc("xen").exists() || host.exists("/dev/xvda1") {
        Some("xenu")
    } else {
        None
    }
}

/// The detection's result.
pub(crate) struct Virtualization {
    pub container: Option<Container>,
}

/// Gathers `virtual`, `is_virtual` and `hypervisors`.
pub(crate) fn gather(host: &Host, dmi: &Dmi, machine: &str, facts: &mut Facts) -> Virtualization {
    let container = container(host);
    let own = if host.is_live() { "self" } else { "1" };
    let status = read_text(&host.proc(&format!("{own}/status"))).unwrap_or_default();
    let status_field = |key: &str| {
        status.lines().find_map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            (parts.len() == 2 && parts[0].starts_with(key)).then(|| parts[1].to_string())
        })
    };
    let vserver = status_field("s_context:")
        .or_else(|| status_field("VxID:"))
        .map(|v| if v == "0" { "vserver_host" } else { "vserver" });
    let virt_what_vm = host
        .which("virt-what")
        .and_then(|_| from_virt_what(&virt_what(host, dmi, machine), vserver));
    let openvz = (host.proc("vz").is_dir()
        && !host.proc("lve/list").is_file()
        && std::fs::read_dir(host.proc("vz")).is_ok_and(|mut d| d.next().is_some()))
    .then(|| status_field("envID:"))
    .flatten();
    let openvz_vm = openvz
        .as_deref()
        .map(|id| if id == "0" { "openvzhn" } else { "openvzve" });
    let lspci_vm = std::cell::OnceCell::new();
    let lspci_vm = || lspci_vm.get_or_init(|| lspci(host)).clone();
    let bios_has = |s: &str| dmi.bios_vendor.as_deref().is_some_and(|v| v.contains(s));

    let platform = container
        .as_ref()
        .map(|c| c.vm.clone())
        .or_else(|| bios_has("Google").then(|| "gce".to_string()))
        .or_else(|| virt_what_vm.clone())
        .or_else(|| openvz_vm.map(str::to_string))
        .or_else(|| vserver.map(str::to_string))
        .or_else(|| xen_kind(host).map(str::to_string))
        .or_else(|| {
            if bios_has("Amazon EC2") {
                return Some("kvm".into());
            }
            dmi.product_name
                .as_deref()
                .and_then(hypervisor_of_product)
                .map(str::to_string)
        })
        .or_else(lspci_vm)
        .unwrap_or_else(|| "physical".into());
    let physical = [
        "physical",
        "xen0",
        "vmware_server",
        "vmware_workstation",
        "openvzhn",
        "vserver_host",
    ];
    facts.insert("virtual".into(), json!(platform));
    facts.insert(
        "is_virtual".into(),
        json!(!physical.contains(&platform.as_str())),
    );

    // hypervisors
    let mut hv = Map::new();
    if let Some(c) = &container {
        hv.insert(c.vm.clone(), Value::Object(c.info.clone()));
    }
    let product = dmi.product_name.as_deref();
    if dmi
        .sys_vendor
        .as_deref()
        .is_some_and(|v| v.contains("Microsoft"))
        || product == Some("Virtual Machine")
    {
        hv.insert("hyperv".into(), json!({}));
    }
    let discovered = product.map(|p| hypervisor_of_product(p).unwrap_or(p));
    if !matches!(discovered, Some("virtualbox" | "parallels")) {
        let kvm = virt_what_vm.as_deref() == Some("kvm")
            || lspci_vm().as_deref() == Some("kvm")
            || bios_has("Amazon EC2")
            || bios_has("Google")
            || product.is_some_and(|p| p.contains("OpenStack"));
        if kvm {
            let m = dmi.sys_vendor.as_deref().unwrap_or("");
            let provider = if m == "Google" {
                json!({"google": true})
            } else if m.starts_with("OpenStack") {
                json!({"openstack": true})
            } else if m.starts_with("Amazon") {
                json!({"amazon": true})
            } else {
                json!({})
            };
            hv.insert("kvm".into(), provider);
        }
    }
    if let Some(id) = &openvz {
        hv.insert(
            "openvz".into(),
            json!({"id": id.parse::<i64>().unwrap_or(0), "host": openvz_vm == Some("openvzhn")}),
        );
    }
    if product == Some("VirtualBox")
        || virt_what_vm
            .as_deref()
            .is_some_and(|v| v.contains("virtualbox"))
        || lspci_vm().as_deref() == Some("virtualbox")
    {
        let mut m = Map::new();
        let oem = dmi_strings(host, 11);
        let find = |p: &str| {
            oem.iter().find_map(|s| {
                s.split_whitespace()
                    .find_map(|w| w.strip_prefix(p))
                    .map(str::to_string)
            })
        };
        if let Some(v) = find("vboxVer_") {
            m.insert("version".into(), json!(v));
        }
        if let Some(r) = find("vboxRev_") {
            m.insert("revision".into(), json!(r));
        }
        hv.insert("virtualbox".into(), Value::Object(m));
    }
    if virt_what_vm.as_deref() == Some("vmware")
        || product == Some("VMware")
        || lspci_vm().as_deref() == Some("vmware")
        || dmi.sys_vendor.as_deref() == Some("VMware, Inc.")
    {
        let mut m = Map::new();
        if let Some(v) = vmware_version(host) {
            m.insert("version".into(), json!(v));
        }
        hv.insert("vmware".into(), Value::Object(m));
    }
    if platform.contains("xen") {
        let hvm = discovered == Some("xenhvm") || lspci_vm().as_deref() == Some("xenhvm");
        let privileged = read_text(&host.proc("xen/capabilities"))
            .is_some_and(|c| c.trim() == "control_d")
            || xen_kind(host) == Some("xen0");
        hv.insert(
            "xen".into(),
            json!({"context": if hvm { "hvm" } else { "pv" }, "privileged": privileged}),
        );
    }
    if !hv.is_empty() {
        let mut entries: Vec<(String, Value)> = hv.into_iter().collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        facts.insert(
            "hypervisors".into(),
            Value::Object(entries.into_iter().collect()),
        );
    }
    Virtualization { container }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn virt_what_output_is_read_like_facter() {
        assert_eq!(
            from_virt_what(&lines(&["kvm", "docker"]), None).as_deref(),
            Some("kvm")
        );
        assert_eq!(
            from_virt_what(&lines(&["xen", "xen-hvm"]), None).as_deref(),
            Some("xenhvm")
        );
        assert_eq!(
            from_virt_what(&lines(&["xen", "xen-dom0"]), None).as_deref(),
            Some("xen0")
        );
        // virt-what says xen-domU; Facter looks for xen-domu.
        assert_eq!(
            from_virt_what(&lines(&["xen", "xen-domU"]), None).as_deref(),
            Some("xen")
        );
        assert_eq!(
            from_virt_what(&lines(&["redhat", "kvm"]), None).as_deref(),
            Some("kvm")
        );
        assert_eq!(
            from_virt_what(
                &lines(&["linux_vserver", "linux_vserver-guest"]),
                Some("vserver")
            )
            .as_deref(),
            Some("vserver")
        );
        assert_eq!(from_virt_what(&[], None), None);
        assert_eq!(
            hypervisor_of_product("VMware Virtual Platform"),
            Some("vmware")
        );
        assert_eq!(
            hypervisor_of_product("Standard PC (Q35 + ICH9, 2009)"),
            None
        );
    }
}
