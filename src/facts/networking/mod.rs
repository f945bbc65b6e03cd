//! The networking facts: `networking` (names, interfaces with their IPv4
//! and IPv6 bindings, netmasks, networks, scopes, flags, MTU, MAC, DHCP
//! server, the primary interface and its addresses) and the legacy flat
//! facts (`ipaddress`, `ipaddress_eth0`, `netmask_eth0`, `mtu_eth0`,
//! `interfaces`, `dhcp_servers`...), as Facter's Linux networking resolver
//! computes them.
//!
//! Interfaces and addresses come from getifaddrs (the agent runs in the
//! host's network namespace); MTU and index from `/sys/class/net`; flags
//! from `/proc/net/if_inet6`; the primary interface from the default route
//! in `/proc/net/route`; DHCP servers from the leases under the root
//! (systemd-networkd, dhclient, NetworkManager). Facter also adds bindings
//! for `src` addresses of `ip route` that no interface has; kuppet does not.

pub(crate) mod ip;
pub(crate) mod names;

use crate::Facts;
use crate::host::{Host, IfAddr, read_text};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::net::IpAddr;

/// One interface as the resolver builds it.
#[derive(Debug, Default, Clone)]
struct Iface {
    mac: Option<String>,
    mtu: Option<u64>,
    dhcp: Option<String>,
    bindings: Vec<Binding>,
    bindings6: Vec<Binding>,
}

#[derive(Debug, Clone)]
struct Binding {
    addr: IpAddr,
    address: String,
    netmask: String,
    network: String,
    scope6: Option<String>,
    flags: Option<Vec<String>>,
}

fn binding(addr: IpAddr, netmask: IpAddr) -> Binding {
    let len = ip::mask_length(&netmask);
    let (mask, network) = ip::mask_and_network(&addr, len);
    let (address, scope6) = match &addr {
        IpAddr::V4(a) => (a.to_string(), None),
        IpAddr::V6(a) => (ip::ntop6(a), Some(ip::scope6(a))),
    };
    Binding {
        addr,
        address,
        netmask: ip::ruby_to_s(&mask),
        network: ip::ruby_to_s(&network),
        scope6,
        flags: None,
    }
}

impl Binding {
    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("address".into(), json!(self.address));
        m.insert("netmask".into(), json!(self.netmask));
        m.insert("network".into(), json!(self.network));
        if let Some(s) = &self.scope6 {
            m.insert("scope6".into(), json!(s));
        }
        if let Some(f) = &self.flags {
            m.insert("flags".into(), json!(f));
        }
        Value::Object(m)
    }
}

/// A hardware address as Facter accepts it: 6 to 20 octets, not all zero.
fn format_mac(hw: &[u8]) -> Option<String> {
    if !(6..=20).contains(&hw.len()) || hw.iter().all(|b| *b == 0) {
        return None;
    }
    Some(
        hw.iter()
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(":"),
    )
}

/// A bonding slave's permanent address, from `/proc/net/bonding/<master>`.
fn bond_slave_mac(host: &Host, name: &str) -> Option<String> {
    let master = std::fs::read_link(host.sys(&format!("class/net/{name}/master"))).ok()?;
    let master = master.file_name()?.to_string_lossy().into_owned();
    let text = read_text(&host.proc(&format!("net/bonding/{master}")))?;
    let mut matching = false;
    for line in text.lines() {
        if line.trim() == format!("Slave Interface: {name}") {
            matching = true;
        } else if line.contains("Slave Interface") {
            matching = false;
        }
        if matching && let Some(rest) = line.split("Permanent HW addr: ").nth(1) {
            return rest.split_whitespace().next().map(str::to_string);
        }
    }
    None
}

/// `/proc/net/if_inet6`: interface → address → flag names.
fn inet6_flags(text: &str) -> BTreeMap<String, BTreeMap<String, Vec<String>>> {
    const FLAGS: [(&str, u32); 8] = [
        ("temporary", 0x01),
        ("noad", 0x02),
        ("optimistic", 0x04),
        ("dadfailed", 0x08),
        ("homeaddress", 0x10),
        ("deprecated", 0x20),
        ("tentative", 0x40),
        ("permanent", 0x80),
    ];
    let mut out: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 6 || f[0].len() != 32 {
            continue;
        }
        let Ok(bits) = u128::from_str_radix(f[0], 16) else {
            continue;
        };
        let addr = IpAddr::V6(std::net::Ipv6Addr::from(bits));
        let flag = u32::from_str_radix(f[4], 16).unwrap_or(0);
        let names = FLAGS
            .iter()
            .filter(|(_, v)| flag & v != 0)
            .map(|(n, _)| n.to_string())
            .collect();
        out.entry(f[5].to_string())
            .or_default()
            .insert(ip::ruby_to_s(&addr), names);
    }
    out
}

/// The interface of the default route in `/proc/net/route`.
fn default_route_iface(text: &str) -> Option<String> {
    text.lines().skip(1).find_map(|line| {
        let r: Vec<&str> = line.trim().split('\t').collect();
        (r.len() > 7 && r[1] == "00000000" && r[7] == "00000000" && r[0] != "*")
            .then(|| r[0].to_string())
    })
}

/// The DHCP server that gave an interface its address.
fn dhcp_server(host: &Host, name: &str, index: Option<&str>) -> Option<String> {
    let server_address = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("SERVER_ADDRESS=").map(str::to_string))
    };
    if let Some(i) = index
        && let Some(t) = host.read(&format!("/run/systemd/netif/leases/{i}"))
        && let Some(s) = server_address(&t)
    {
        return Some(s);
    }
    for dir in [
        "/var/lib/dhclient/",
        "/var/lib/dhcp/",
        "/var/lib/dhcp3/",
        "/var/lib/NetworkManager/",
        "/var/db/",
    ] {
        let Ok(entries) = std::fs::read_dir(host.path(dir)) else {
            continue;
        };
        let mut files: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|f| {
                f.find("dhclient")
                    .is_some_and(|i| f[i..].contains(".lease"))
            })
            .collect();
        files.sort();
        for f in files {
            let Some(text) = host.read(&format!("{dir}{f}")) else {
                continue;
            };
            let for_iface = text
                .lines()
                .any(|l| l.find("interface").is_some_and(|i| l[i..].contains(name)));
            if !for_iface {
                continue;
            }
            if let Some(s) = text
                .split("dhcp-server-identifier ")
                .skip(1)
                .find_map(|rest| {
                    let ip: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_digit() || *c == '.')
                        .collect();
                    (ip.split('.').count() == 4 && ip.split('.').all(|p| !p.is_empty()))
                        .then_some(ip)
                })
            {
                return Some(s);
            }
        }
    }
    let nm = host.path("/var/lib/NetworkManager/");
    if let Ok(entries) = std::fs::read_dir(&nm) {
        let mut files: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let lease = files.into_iter().find(|f| {
            f.find("internal")
                .is_some_and(|i| f[i..].contains(&format!("{name}.lease")))
        })?;
        return host
            .read(&format!("/var/lib/NetworkManager/{lease}"))
            .and_then(|t| server_address(&t));
    }
    None
}

/// The binding Facter takes as an interface's main one: the first not
/// ignored, else the first.
fn main_binding(bindings: &[Binding]) -> Option<&Binding> {
    bindings
        .iter()
        .find(|b| !ip::ignored(&b.addr))
        .or(bindings.first())
}

/// The expanded facts of one interface (its hash in `networking.interfaces`).
fn iface_json(i: &Iface) -> Map<String, Value> {
    let mut m = Map::new();
    if !i.bindings.is_empty() {
        m.insert(
            "bindings".into(),
            Value::Array(i.bindings.iter().map(Binding::to_json).collect()),
        );
    }
    if !i.bindings6.is_empty() {
        m.insert(
            "bindings6".into(),
            Value::Array(i.bindings6.iter().map(Binding::to_json).collect()),
        );
    }
    if let Some(d) = &i.dhcp {
        m.insert("dhcp".into(), json!(d));
    }
    if let Some(b) = main_binding(&i.bindings) {
        m.insert("ip".into(), json!(b.address));
    }
    if let Some(b) = main_binding(&i.bindings6) {
        m.insert("ip6".into(), json!(b.address));
    }
    if let Some(mac) = &i.mac {
        m.insert("mac".into(), json!(mac));
    }
    if let Some(mtu) = i.mtu {
        m.insert("mtu".into(), json!(mtu));
    }
    if let Some(b) = main_binding(&i.bindings) {
        m.insert("netmask".into(), json!(b.netmask));
    }
    if let Some(b) = main_binding(&i.bindings6) {
        m.insert("netmask6".into(), json!(b.netmask));
    }
    if let Some(b) = main_binding(&i.bindings) {
        m.insert("network".into(), json!(b.network));
    }
    if let Some(b) = main_binding(&i.bindings6) {
        m.insert("network6".into(), json!(b.network));
        if let IpAddr::V6(a) = b.addr {
            m.insert("scope6".into(), json!(ip::scope6(&a)));
        }
    }
    m
}

/// Gathers the networking facts (and the names).
pub(crate) fn gather(host: &Host, facts: &mut Facts) {
    let names = names::gather(host);

    // Interfaces in getifaddrs order.
    let mut order: Vec<String> = Vec::new();
    let mut ifaces: BTreeMap<String, Iface> = BTreeMap::new();
    for a in host.sys.interfaces() {
        let name = a.name().to_string();
        if !ifaces.contains_key(&name) {
            order.push(name.clone());
        }
        let iface = ifaces.entry(name.clone()).or_default();
        match a {
            IfAddr::Link { hwaddr, .. } => {
                if iface.mac.is_none() {
                    iface.mac = bond_slave_mac(host, &name)
                        .filter(|m| format_mac(&parse_mac(m)).is_some())
                        .or_else(|| format_mac(&hwaddr));
                }
            }
            IfAddr::Ip { addr, netmask, .. } => {
                let b = binding(addr, netmask);
                if addr.is_ipv4() {
                    iface.bindings.push(b);
                } else {
                    iface.bindings6.push(b);
                }
            }
            IfAddr::Bare { .. } => {}
        }
    }
    let flags = read_text(&host.proc("net/if_inet6"))
        .map(|t| inet6_flags(&t))
        .unwrap_or_default();
    for (name, iface) in ifaces.iter_mut() {
        let sys = |f: &str| {
            read_text(&host.sys(&format!("class/net/{name}/{f}"))).map(|s| s.trim().to_string())
        };
        iface.mtu = sys("mtu").and_then(|m| m.parse().ok());
        let index = sys("ifindex");
        iface.dhcp = dhcp_server(host, name, index.as_deref());
        if let Some(per_addr) = flags.get(name) {
            for b in iface.bindings6.iter_mut() {
                if let Some(f) = per_addr.get(&b.address) {
                    b.flags = Some(f.clone());
                }
            }
        }
    }

    let primary = read_text(&host.proc("net/route"))
        .and_then(|t| default_route_iface(&t))
        .or_else(|| {
            order.iter().find_map(|n| {
                let i = &ifaces[n];
                i.bindings
                    .iter()
                    .chain(i.bindings6.iter())
                    .any(|b| !ip::ignored(&b.addr))
                    .then(|| n.clone())
            })
        });

    let mut interfaces = Map::new();
    for name in &order {
        interfaces.insert(name.clone(), Value::Object(iface_json(&ifaces[name])));
    }

    let mut networking = Map::new();
    let primary_json = primary
        .as_ref()
        .and_then(|p| interfaces.get(p))
        .and_then(Value::as_object)
        .cloned();
    if let Some(p) = &primary_json
        && let Some(d) = p.get("dhcp")
    {
        networking.insert("dhcp".into(), d.clone());
    }
    if let Some(d) = &names.domain {
        networking.insert("domain".into(), json!(d));
    }
    if let Some(f) = &names.fqdn {
        networking.insert("fqdn".into(), json!(f));
    }
    if let Some(h) = &names.hostname {
        networking.insert("hostname".into(), json!(h));
    }
    networking.insert("interfaces".into(), Value::Object(interfaces.clone()));
    if let Some(p) = &primary_json {
        for (k, v) in p {
            if k != "bindings" && k != "bindings6" && k != "dhcp" {
                networking.insert(k.clone(), v.clone());
            }
        }
    }
    if let Some(p) = &primary {
        networking.insert("primary".into(), json!(p));
    }
    sort_keys(&mut networking);
    let top = |k: &str| networking.get(k).cloned();

    // Legacy facts.
    crate::put(facts, "hostname", names.hostname.clone().map(Value::from));
    crate::put(facts, "domain", names.domain.clone().map(Value::from));
    crate::put(facts, "fqdn", names.fqdn.clone().map(Value::from));
    for (legacy, key) in [
        ("ipaddress", "ip"),
        ("ipaddress6", "ip6"),
        ("macaddress", "mac"),
        ("netmask", "netmask"),
        ("netmask6", "netmask6"),
        ("network", "network"),
        ("network6", "network6"),
        ("scope6", "scope6"),
    ] {
        crate::put(facts, legacy, top(key));
    }
    if !order.is_empty() {
        let mut sorted = order.clone();
        sorted.sort();
        facts.insert("interfaces".into(), json!(sorted.join(",")));
        let mut servers = Map::new();
        servers.insert("system".into(), top("dhcp").unwrap_or(Value::Null));
        for name in &order {
            if let Some(d) = &ifaces[name].dhcp {
                servers.insert(name.clone(), json!(d));
            }
        }
        facts.insert("dhcp_servers".into(), Value::Object(servers));
    }
    for name in &order {
        let i = interfaces[name].as_object().cloned().unwrap_or_default();
        for (prefix, key) in [
            ("ipaddress", "ip"),
            ("ipaddress6", "ip6"),
            ("macaddress", "mac"),
            ("mtu", "mtu"),
            ("netmask", "netmask"),
            ("netmask6", "netmask6"),
            ("network", "network"),
            ("network6", "network6"),
            ("scope6", "scope6"),
        ] {
            if let Some(v) = i.get(key) {
                facts.insert(format!("{prefix}_{name}"), v.clone());
            }
        }
    }
    facts.insert("networking".into(), Value::Object(networking));
}

fn parse_mac(s: &str) -> Vec<u8> {
    s.split([':', '-'])
        .filter_map(|h| u8::from_str_radix(h, 16).ok())
        .collect()
}

fn sort_keys(m: &mut Map<String, Value>) {
    let mut entries: Vec<(String, Value)> = std::mem::take(m).into_iter().collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    m.extend(entries);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macs_flags_and_routes() {
        assert_eq!(
            format_mac(&[2, 0xfc, 0, 0, 0, 1]).as_deref(),
            Some("02:fc:00:00:00:01")
        );
        assert_eq!(format_mac(&[0; 6]), None);
        assert_eq!(format_mac(&[0, 0, 0, 0]), None);
        let f = inet6_flags(
            "fd000000000000000000000000000002 02 40 00 82 eth0\n\
             00000000000000000000000000000001 01 80 10 80 lo\n\
             fe8000000000000000fc00fffe000001 02 40 20 80 eth0\n",
        );
        assert_eq!(f["eth0"]["fd00::2"], vec!["noad", "permanent"]);
        assert_eq!(f["eth0"]["fe80::fc:ff:fe00:1"], vec!["permanent"]);
        assert_eq!(f["lo"]["::1"], vec!["permanent"]);
        let route = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
                     eth0\t0002000A\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n\
                     eth0\t00000000\t0102000A\t0003\t0\t0\t0\t00000000\t0\t0\t0\n";
        assert_eq!(default_route_iface(route).as_deref(), Some("eth0"));
        assert_eq!(default_route_iface("Iface\tDestination\n"), None);
    }

    #[test]
    fn main_binding_skips_local_addresses() {
        let b = |a: &str, m: &str| binding(a.parse().expect("ip"), m.parse().expect("mask"));
        let v6 = vec![
            b("fe80::1", "ffff:ffff:ffff:ffff::"),
            b("2001:db8::5", "ffff:ffff:ffff:ffff::"),
        ];
        assert_eq!(
            main_binding(&v6).map(|b| b.address.as_str()),
            Some("2001:db8::5")
        );
        let lo = vec![b("127.0.0.1", "255.0.0.0")];
        assert_eq!(
            main_binding(&lo).map(|b| b.network.as_str()),
            Some("127.0.0.0")
        );
    }
}
