//! A firewall rule as puppetlabs-firewall models it: the properties kuppet
//! supports (in the type's declaration order, the order changes are
//! reported), their values as the type munges them (ports as strings,
//! addresses in CIDR form, states sorted, log levels and ICMP types as
//! numbers), and the iptables arguments a rule is written with (the
//! iptables provider's `general_args`, in its `@resource_list` order).

use std::net::{Ipv4Addr, Ipv6Addr};

/// The address family: the `iptables` or the `ip6tables` provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    V4,
    V6,
}

impl Family {
    /// The provider's name, also its rule command (`iptables`).
    pub fn provider(self) -> &'static str {
        match self {
            Family::V4 => "iptables",
            Family::V6 => "ip6tables",
        }
    }

    /// The command that prints the rules.
    pub fn save_command(self) -> &'static str {
        match self {
            Family::V4 => "iptables-save",
            Family::V6 => "ip6tables-save",
        }
    }

    /// The protocol of chain names (`INPUT:filter:IPv4`).
    pub fn protocol(self) -> &'static str {
        match self {
            Family::V4 => "IPv4",
            Family::V6 => "IPv6",
        }
    }

    /// The family of a `provider` parameter (unset: iptables, the default).
    pub fn of_provider(provider: Option<&str>) -> Option<Family> {
        match provider {
            None | Some("iptables") => Some(Family::V4),
            Some("ip6tables") => Some(Family::V6),
            Some(_) => None,
        }
    }

    /// The family of a chain name's protocol.
    pub fn of_protocol(protocol: &str) -> Option<Family> {
        match protocol {
            "IPv4" => Some(Family::V4),
            "IPv6" => Some(Family::V6),
            _ => None,
        }
    }
}

/// A property's value: one string, or a list (ports, states).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleValue {
    One(String),
    Many(Vec<String>),
}

impl RuleValue {
    pub fn as_one(&self) -> Option<&str> {
        match self {
            RuleValue::One(s) => Some(s),
            RuleValue::Many(_) => None,
        }
    }

    /// The value in the report (a string or an array of strings).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            RuleValue::One(s) => serde_json::Value::String(s.clone()),
            RuleValue::Many(v) => serde_json::json!(v),
        }
    }
}

/// How a property is written and read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One value.
    One,
    /// A list joined with commas (`80,443`); the type prints the desired
    /// value joined, unquoted (`should_to_s`).
    List,
}

/// One property kuppet manages: its name, shape and iptables option.
#[derive(Debug, Clone, Copy)]
pub struct Prop {
    pub name: &'static str,
    pub shape: Shape,
    /// The option words (`-m multiport --dports`); empty: not an argument.
    pub option: &'static str,
}

const fn one(name: &'static str, option: &'static str) -> Prop {
    Prop {
        name,
        shape: Shape::One,
        option,
    }
}

const fn list(name: &'static str, option: &'static str) -> Prop {
    Prop {
        name,
        shape: Shape::List,
        option,
    }
}

/// The supported properties in the type's declaration order.
pub const PROPS: &[Prop] = &[
    one("action", ""),
    one("source", "-s"),
    one("destination", "-d"),
    list("sport", "-m multiport --sports"),
    list("dport", "-m multiport --dports"),
    list("port", "-m multiport --ports"),
    one("proto", "-p"),
    one("tcp_flags", "-m tcp --tcp-flags"),
    one("chain", ""),
    one("table", "-t"),
    one("jump", "-j"),
    one("goto", "-g"),
    one("iniface", "-i"),
    one("outiface", "-o"),
    one("tosource", "--to-source"),
    one("todest", "--to-destination"),
    one("toports", "--to-ports"),
    one("reject", "--reject-with"),
    one("log_level", "--log-level"),
    one("log_prefix", "--log-prefix"),
    one("icmp", "-m icmp --icmp-type"),
    list("state", "-m state --state"),
    list("ctstate", "-m conntrack --ctstate"),
    one("connlimit_above", "-m connlimit --connlimit-above"),
    one("connlimit_mask", "--connlimit-mask"),
    one("limit", "-m limit --limit"),
    one("burst", "--limit-burst"),
    one("pkttype", "-m pkttype --pkt-type"),
    one("mac_source", "-m mac --mac-source"),
];

/// The order arguments are written in (the provider's `@resource_list`,
/// restricted to the supported properties); `name` is the comment.
const ARG_ORDER: &[&str] = &[
    "table",
    "source",
    "destination",
    "iniface",
    "outiface",
    "proto",
    "tcp_flags",
    "mac_source",
    "sport",
    "dport",
    "port",
    "pkttype",
    "state",
    "ctstate",
    "icmp",
    "limit",
    "burst",
    "jump",
    "goto",
    "todest",
    "tosource",
    "toports",
    "log_prefix",
    "log_level",
    "reject",
    "connlimit_above",
    "connlimit_mask",
    "name",
];

/// Parameters of the type kuppet's provider does not implement (it fails
/// such resources rather than ignoring what they ask for).
pub const UNSUPPORTED: &[&str] = &[
    "src_range",
    "dst_range",
    "dst_type",
    "src_type",
    "mss",
    "to",
    "random_fully",
    "random",
    "log_uid",
    "log_tcp_sequence",
    "log_tcp_options",
    "log_ip_options",
    "nflog_group",
    "nflog_prefix",
    "nflog_range",
    "nflog_threshold",
    "ctproto",
    "ctorigsrc",
    "ctorigdst",
    "ctreplsrc",
    "ctrepldst",
    "ctorigsrcport",
    "ctorigdstport",
    "ctreplsrcport",
    "ctrepldstport",
    "ctstatus",
    "ctexpire",
    "ctdir",
    "connmark",
    "hop_limit",
    "uid",
    "gid",
    "match_mark",
    "set_mark",
    "clamp_mss_to_pmtu",
    "set_dscp",
    "set_dscp_class",
    "set_mss",
    "isfragment",
    "recent",
    "rdest",
    "rsource",
    "rname",
    "rseconds",
    "reap",
    "rhitcount",
    "rttl",
    "rpfilter",
    "socket",
    "ishasmorefrags",
    "islastfrag",
    "isfirstfrag",
    "ipsec_policy",
    "ipsec_dir",
    "stat_mode",
    "stat_every",
    "stat_packet",
    "stat_probability",
    "mask",
    "gateway",
    "ipset",
    "checksum_fill",
    "physdev_in",
    "physdev_out",
    "physdev_is_bridged",
    "physdev_is_in",
    "physdev_is_out",
    "date_start",
    "date_stop",
    "time_start",
    "time_stop",
    "month_days",
    "week_days",
    "time_contiguous",
    "kernel_timezone",
    "clusterip_new",
    "clusterip_hashmode",
    "clusterip_clustermac",
    "clusterip_total_nodes",
    "clusterip_local_node",
    "clusterip_hash_init",
    "length",
    "string",
    "string_hex",
    "string_algo",
    "string_from",
    "string_to",
    "queue_num",
    "queue_bypass",
    "src_cc",
    "dst_cc",
    "hashlimit_upto",
    "hashlimit_above",
    "hashlimit_name",
    "hashlimit_burst",
    "hashlimit_mode",
    "hashlimit_srcmask",
    "hashlimit_dstmask",
    "hashlimit_htable_size",
    "hashlimit_htable_max",
    "hashlimit_htable_expire",
    "hashlimit_htable_gcinterval",
    "bytecode",
    "ipvs",
    "zone",
    "helper",
    "cgroup",
    "notrack",
    "condition",
];

/// Whether a property is a list.
pub fn shape(name: &str) -> Shape {
    PROPS
        .iter()
        .find(|p| p.name == name)
        .map_or(Shape::One, |p| p.shape)
}

/// A rule's name must start with a number (the type's `newvalues`).
pub fn valid_name(name: &str) -> bool {
    let digits = name.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && name.len() > digits && name.chars().all(|c| !c.is_control() || c == '\t')
}

/// An address or network in the CIDR form the type normalises to
/// (`1.2.3.4` → `1.2.3.4/32`, `10.1.2.3/8` → `10.0.0.0/8`, `2001:db8::1` →
/// `2001:db8::1/128`); None for `/0` (the type drops a match on every
/// address); `!` prefixes kept.
pub fn cidr(value: &str, family: Family) -> Result<Option<String>, String> {
    let (neg, addr) = match value.strip_prefix('!') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, value.trim()),
    };
    let bits = match family {
        Family::V4 => 32,
        Family::V6 => 128,
    };
    let (ip, prefix) = match addr.split_once('/') {
        Some((ip, p)) => {
            let prefix = match p.parse::<u32>() {
                Ok(n) if n <= bits => n,
                _ => match (family, p.parse::<Ipv4Addr>()) {
                    // A dotted netmask.
                    (Family::V4, Ok(mask)) => {
                        let m = u32::from(mask);
                        if m.leading_ones() + m.trailing_zeros() != 32 {
                            return Err(format!("invalid netmask {p}"));
                        }
                        m.leading_ones()
                    }
                    _ => return Err(format!("invalid address {addr}")),
                },
            };
            (ip, prefix)
        }
        None => (addr, bits),
    };
    if prefix == 0 {
        return Ok(None);
    }
    let net = match family {
        Family::V4 => {
            let ip: Ipv4Addr = ip.parse().map_err(|_| {
                format!("kuppet resolves no hostnames: {ip} is not an IPv4 address")
            })?;
            let mask = u32::MAX << (32 - prefix);
            Ipv4Addr::from(u32::from(ip) & mask).to_string()
        }
        Family::V6 => {
            let ip: Ipv6Addr = ip.parse().map_err(|_| {
                format!("kuppet resolves no hostnames: {ip} is not an IPv6 address")
            })?;
            let mask = u128::MAX << (128 - prefix);
            Ipv6Addr::from(u128::from(ip) & mask).to_string()
        }
    };
    Ok(Some(format!(
        "{}{net}/{prefix}",
        if neg { "! " } else { "" }
    )))
}

/// ICMP type names as numbers (`icmp_name_to_number` for IPv4).
pub fn icmp_number(value: &str, family: Family) -> Option<String> {
    // The module's test is /\d{1,2}$/: any value ending in a digit.
    if value.ends_with(|c: char| c.is_ascii_digit()) {
        return Some(value.to_string());
    }
    if family == Family::V6 {
        return Some(
            match value {
                "destination-unreachable" => "1",
                "too-big" => "2",
                "time-exceeded" => "3",
                "parameter-problem" => "4",
                "echo-request" => "128",
                "echo-reply" => "129",
                "router-solicitation" => "133",
                "router-advertisement" => "134",
                "neighbour-solicitation" => "135",
                "neighbour-advertisement" => "136",
                "redirect" => "137",
                _ => return None,
            }
            .to_string(),
        );
    }
    Some(
        match value {
            "echo-reply" => "0",
            "destination-unreachable" => "3",
            "source-quench" => "4",
            "redirect" => "6",
            "echo-request" => "8",
            "router-advertisement" => "9",
            "router-solicitation" => "10",
            "time-exceeded" => "11",
            "parameter-problem" => "12",
            "timestamp-request" => "13",
            "timestamp-reply" => "14",
            "address-mask-request" => "17",
            "address-mask-reply" => "18",
            _ => return None,
        }
        .to_string(),
    )
}

/// Log level names as numbers (`log_level_name_to_number`).
pub fn log_level_number(value: &str) -> Option<&str> {
    if value.len() == 1 && ('0'..='7').contains(&value.chars().next()?) {
        return Some(value);
    }
    Some(match value {
        "panic" => "0",
        "alert" => "1",
        "crit" => "2",
        "err" | "error" => "3",
        "warn" | "warning" => "4",
        "not" | "notice" => "5",
        "info" => "6",
        "debug" => "7",
        _ => return None,
    })
}

/// The arguments that write a rule (`general_args`, `--wait` first).
/// `name` is the rule's name (its comment); `values` its properties.
pub fn args(name: &str, values: &[(&'static str, RuleValue)], family: Family) -> Vec<String> {
    let get = |k: &str| values.iter().find(|(n, _)| *n == k).map(|(_, v)| v);
    let mut out = vec!["--wait".to_string()];
    for key in ARG_ORDER {
        let value = if *key == "name" {
            RuleValue::One(name.to_string())
        } else if let Some(v) = get(key) {
            v.clone()
        } else if *key == "jump" {
            // The action is written as its jump.
            match get("action").and_then(RuleValue::as_one) {
                Some(a) => RuleValue::One(a.to_uppercase()),
                None => continue,
            }
        } else {
            continue;
        };
        let option = if *key == "name" {
            "-m comment --comment"
        } else if *key == "icmp" && family == Family::V6 {
            "-m icmp6 --icmpv6-type"
        } else {
            PROPS
                .iter()
                .find(|p| p.name == *key)
                .map_or("", |p| p.option)
        };
        out.extend(option.split(' ').map(str::to_string));
        match value {
            RuleValue::One(v) => {
                let v = match v.strip_prefix('!') {
                    Some(rest) => {
                        // `! -s x`, `-m multiport ! --dports`: before the last word.
                        let at = out.len() - 1;
                        out.insert(at, "!".into());
                        rest.trim_start().to_string()
                    }
                    None => v,
                };
                if *key == "tcp_flags" {
                    let mut words = v.split(' ');
                    out.push(words.next().unwrap_or_default().to_string());
                    out.push(words.next().unwrap_or_default().to_string());
                } else {
                    out.push(v);
                }
            }
            RuleValue::Many(items) => {
                let negated = items.iter().any(|v| v.starts_with('!'));
                if negated {
                    let at = out.len() - 1;
                    out.insert(at, "!".into());
                }
                let joined: Vec<String> = items
                    .iter()
                    .map(|v| {
                        let v = v.strip_prefix('!').map_or(v.as_str(), str::trim_start);
                        if matches!(*key, "sport" | "dport" | "port") {
                            v.replace('-', ":")
                        } else {
                            v.to_string()
                        }
                    })
                    .collect();
                out.push(joined.join(","));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_normalised_to_cidr() {
        assert_eq!(cidr("1.2.3.4", Family::V4).unwrap().unwrap(), "1.2.3.4/32");
        assert_eq!(
            cidr("10.1.2.3/8", Family::V4).unwrap().unwrap(),
            "10.0.0.0/8"
        );
        assert_eq!(
            cidr("! 192.168.1.7/255.255.255.0", Family::V4)
                .unwrap()
                .unwrap(),
            "! 192.168.1.0/24"
        );
        assert_eq!(cidr("0.0.0.0/0", Family::V4).unwrap(), None);
        assert!(cidr("db.example", Family::V4).is_err());
        assert!(cidr("1.2.3.4/255.0.255.0", Family::V4).is_err());
        assert_eq!(
            cidr("2001:db8::7/32", Family::V6).unwrap().unwrap(),
            "2001:db8::/32"
        );
        assert_eq!(cidr("! ::1", Family::V6).unwrap().unwrap(), "! ::1/128");
        assert!(cidr("10.0.0.1", Family::V6).is_err());
    }

    #[test]
    fn names_start_with_a_number() {
        assert!(valid_name("100 allow ssh"));
        assert!(valid_name("001-x"));
        assert!(!valid_name("allow ssh"));
        assert!(!valid_name("100"));
    }

    #[test]
    fn args_follow_the_providers_order_with_negations() {
        let values = vec![
            ("action", RuleValue::One("accept".into())),
            (
                "dport",
                RuleValue::Many(vec!["80".into(), "1000-2000".into()]),
            ),
            ("proto", RuleValue::One("tcp".into())),
            ("source", RuleValue::One("! 10.0.0.0/8".into())),
            ("table", RuleValue::One("filter".into())),
        ];
        assert_eq!(
            args("100 web", &values, Family::V4).join(" "),
            "--wait -t filter ! -s 10.0.0.0/8 -p tcp -m multiport --dports 80,1000:2000 -j ACCEPT -m comment --comment 100 web"
        );
        let values = vec![
            ("dport", RuleValue::Many(vec!["! 22".into()])),
            ("tcp_flags", RuleValue::One("FIN,SYN SYN".into())),
        ];
        assert_eq!(
            args("1 x", &values, Family::V4),
            [
                "--wait",
                "-m",
                "tcp",
                "--tcp-flags",
                "FIN,SYN",
                "SYN",
                "-m",
                "multiport",
                "!",
                "--dports",
                "22",
                "-m",
                "comment",
                "--comment",
                "1 x"
            ]
        );
    }

    #[test]
    fn icmp_and_log_levels_become_numbers() {
        assert_eq!(
            icmp_number("echo-request", Family::V4).as_deref(),
            Some("8")
        );
        assert_eq!(icmp_number("3", Family::V4).as_deref(), Some("3"));
        assert_eq!(icmp_number("bogus", Family::V4), None);
        assert_eq!(
            icmp_number("echo-request", Family::V6).as_deref(),
            Some("128")
        );
        assert_eq!(log_level_number("debug"), Some("7"));
        assert_eq!(log_level_number("4"), Some("4"));
        assert_eq!(log_level_number("8"), None);
    }
}
