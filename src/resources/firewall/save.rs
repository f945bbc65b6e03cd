//! `iptables-save` output read as the module's providers read it: the
//! chains of each table with their policies (`iptables_chain`'s
//! `instances`), and each rule as a firewall resource's properties
//! (`iptables`'s `rule_to_hash`): its name from the comment, or `9NNN`
//! and a SHA-256 of the line for rules Puppet did not write; ports split
//! with ranges as `a-b`, states sorted, addresses in CIDR form, the
//! iptables defaults filled in (`log_level` 4 for LOG, `burst` 5 for a
//! limit, `proto` all) and ACCEPT/DROP/REJECT read as the `action`.
//!
//! Where the module's regular expressions tolerate options it does not
//! know by miscounting, this parser walks the words and names the rule
//! unparsable (the module's "Skipping unparsable iptables rule"): it is
//! then neither listed nor purged.

use super::rule::{Family, RuleValue, cidr};
use sha2::{Digest, Sha256};

/// A rule read from `iptables-save`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedRule {
    /// The resource name: the comment, or `9NNN …` for foreign rules.
    pub name: String,
    pub table: String,
    pub chain: String,
    /// The line as `iptables-save` printed it (`-A INPUT ...`).
    pub line: String,
    /// The properties, in the order the line gave them.
    pub values: Vec<(&'static str, RuleValue)>,
}

impl SavedRule {
    pub fn get(&self, name: &str) -> Option<&RuleValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

/// A chain of a table and its policy (`-` for user chains: None).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedChain {
    pub table: String,
    pub chain: String,
    pub policy: Option<String>,
}

/// Everything one `iptables-save` printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Saved {
    pub rules: Vec<SavedRule>,
    pub chains: Vec<SavedChain>,
    /// Lines skipped, with why.
    pub unparsable: Vec<String>,
}

/// Reads `iptables-save` (or `ip6tables-save`) output.
pub fn parse(text: &str, family: Family) -> Saved {
    let mut saved = Saved::default();
    let mut table = String::new();
    let mut counter = 1u32;
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("COMMIT") || line.starts_with("FATAL") {
            continue;
        }
        if let Some(t) = line.strip_prefix('*') {
            table = t.trim().to_string();
        } else if let Some(rest) = line.strip_prefix(':') {
            let mut words = rest.split_whitespace();
            if let (Some(chain), Some(policy)) = (words.next(), words.next()) {
                saved.chains.push(SavedChain {
                    table: table.clone(),
                    chain: chain.to_string(),
                    policy: (policy != "-").then(|| policy.to_lowercase()),
                });
            }
        } else if line.starts_with("-A ") {
            match rule(line, &table, counter, family) {
                Ok(r) => {
                    saved.rules.push(r);
                    counter += 1;
                }
                Err(why) => saved.unparsable.push(format!(
                    "Skipping unparsable iptables rule: {why} on line: {line}"
                )),
            }
        }
    }
    saved
}

/// Splits a line into words: double-quoted words unquoted (`\"` and `\\`
/// unescaped).
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        if c == '"' {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            if !matches!(n, '"' | '\\' | '\'') {
                                word.push('\\');
                            }
                            word.push(n);
                        }
                    }
                    '"' => break,
                    c => word.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                word.push(c);
                chars.next();
            }
        }
        out.push(word);
    }
    out
}

/// The property an option sets, and how many words its value takes.
fn option(word: &str) -> Option<(&'static str, usize)> {
    Some(match word {
        "-s" | "--source" => ("source", 1),
        "-d" | "--destination" => ("destination", 1),
        "-i" | "--in-interface" => ("iniface", 1),
        "-o" | "--out-interface" => ("outiface", 1),
        "-p" | "--protocol" => ("proto", 1),
        "--tcp-flags" => ("tcp_flags", 2),
        "--mac-source" => ("mac_source", 1),
        "--sport" | "--sports" | "--source-ports" => ("sport", 1),
        "--dport" | "--dports" | "--destination-ports" => ("dport", 1),
        "--ports" => ("port", 1),
        "--pkt-type" => ("pkttype", 1),
        "--state" => ("state", 1),
        "--ctstate" => ("ctstate", 1),
        "--icmp-type" | "--icmpv6-type" => ("icmp", 1),
        "--limit" => ("limit", 1),
        "--limit-burst" => ("burst", 1),
        "-j" | "--jump" => ("jump", 1),
        "-g" | "--goto" => ("goto", 1),
        "--to-destination" => ("todest", 1),
        "--to-source" => ("tosource", 1),
        "--to-ports" => ("toports", 1),
        "--log-prefix" => ("log_prefix", 1),
        "--log-level" => ("log_level", 1),
        "--reject-with" => ("reject", 1),
        "--connlimit-above" => ("connlimit_above", 1),
        "--connlimit-mask" => ("connlimit_mask", 1),
        "--comment" => ("name", 1),
        _ => return None,
    })
}

/// Match modules whose options `option` knows (their `-m` words carry
/// nothing themselves).
const MODULES: &[&str] = &[
    "tcp",
    "udp",
    "multiport",
    "comment",
    "state",
    "conntrack",
    "icmp",
    "icmp6",
    "limit",
    "connlimit",
    "mac",
    "pkttype",
];

/// Properties a leading `!` negates (the module's list of invertible ones).
const NEGATABLE: &[&str] = &[
    "ctstate",
    "destination",
    "dport",
    "port",
    "proto",
    "source",
    "sport",
    "state",
    "iniface",
    "outiface",
];

/// One `-A` line as a rule of `table`; `counter` numbers foreign rules.
fn rule(line: &str, table: &str, counter: u32, family: Family) -> Result<SavedRule, String> {
    let words = words(line);
    let mut chain = String::new();
    let mut values: Vec<(&'static str, RuleValue)> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    let mut negate = false;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        match w {
            "-A" => {
                chain = words.get(i + 1).cloned().ok_or("no chain")?;
                i += 2;
                continue;
            }
            "!" => {
                negate = true;
                i += 1;
                continue;
            }
            "-m" | "--match" => {
                let module = words.get(i + 1).map(String::as_str).unwrap_or_default();
                if !MODULES.contains(&module) {
                    return Err(format!("match module {module} is not supported"));
                }
                i += 2;
                continue;
            }
            // iptables adds it to connlimit rules by itself.
            "--connlimit-saddr" => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let Some((key, count)) = option(w) else {
            return Err(format!("option {w} is not supported"));
        };
        if words.len() < i + 1 + count {
            return Err(format!("option {w} has no value"));
        }
        let mut value = words[i + 1..i + 1 + count].join(" ");
        i += 1 + count;
        if negate {
            if !NEGATABLE.contains(&key) {
                return Err(format!("option {w} cannot be negated"));
            }
            value = format!("! {value}");
            negate = false;
        }
        if key == "name" {
            comments.push(value);
            continue;
        }
        if values.iter().any(|(k, _)| *k == key) {
            return Err(format!("option {w} is given twice"));
        }
        values.push((key, RuleValue::One(value)));
    }
    // Lists and their normal forms.
    for (key, value) in values.iter_mut() {
        let RuleValue::One(v) = value else { continue };
        match *key {
            "sport" | "dport" | "port" | "state" | "ctstate" => {
                let (neg, body) = match v.strip_prefix("! ") {
                    Some(rest) => (true, rest),
                    None => (false, v.as_str()),
                };
                let mut items: Vec<String> = body
                    .split(',')
                    .map(|p| {
                        let p = if matches!(*key, "state" | "ctstate") {
                            p.to_string()
                        } else {
                            p.replace(':', "-")
                        };
                        if neg { format!("! {p}") } else { p }
                    })
                    .collect();
                if matches!(*key, "state" | "ctstate") {
                    items.sort();
                }
                *value = RuleValue::Many(items);
            }
            "source" | "destination" => {
                if let Ok(Some(c)) = cidr(v, family) {
                    *v = c;
                }
            }
            _ => {}
        }
    }
    let has = |values: &[(&str, RuleValue)], k: &str| values.iter().any(|(n, _)| *n == k);
    if values
        .iter()
        .any(|(k, v)| *k == "jump" && v.as_one() == Some("LOG"))
        && !has(&values, "log_level")
    {
        values.push(("log_level", RuleValue::One("4".into())));
    }
    if has(&values, "limit") && !has(&values, "burst") {
        values.push(("burst", RuleValue::One("5".into())));
    }
    if !has(&values, "proto") {
        values.push(("proto", RuleValue::One("all".into())));
    }
    if let Some(pos) = values
        .iter()
        .position(|(k, v)| *k == "jump" && matches!(v.as_one(), Some("ACCEPT" | "REJECT" | "DROP")))
    {
        let action = values[pos].1.as_one().unwrap_or_default().to_lowercase();
        values[pos] = ("action", RuleValue::One(action));
    }
    let name = if comments.is_empty() {
        let digest = Sha256::digest(line.as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        format!("{} {hex}", 9000 + counter)
    } else {
        let joined = comments.join(";");
        if super::rule::valid_name(&joined) {
            joined
        } else {
            format!("{} {joined}", 9000 + counter)
        }
    };
    values.push(("table", RuleValue::One(table.to_string())));
    values.push(("chain", RuleValue::One(chain.clone())));
    Ok(SavedRule {
        name,
        table: table.to_string(),
        chain,
        line: line.to_string(),
        values,
    })
}

/// The arguments that delete a saved rule (`delete_args`: its line with
/// `-D` for `-A`, in its table).
pub fn delete_args(rule: &SavedRule) -> Vec<String> {
    let mut words = words(&rule.line);
    if let Some(first) = words.first_mut()
        && first == "-A"
    {
        *first = "-D".into();
    }
    let mut out = vec!["-t".to_string(), rule.table.clone()];
    out.extend(words);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAVE: &str = "# Generated by iptables-save v1.8.9 (nf_tables) on Sat Nov 28 12:00:00 2026
*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:web - [0:0]
-A INPUT -p tcp -m multiport --dports 80,443,1000:2000 -m comment --comment \"100 allow web\" -j ACCEPT
-A INPUT -s 10.1.0.0/16 -p tcp -m tcp --dport 22 -j ACCEPT
-A INPUT ! -s 192.168.0.0/24 -m state --state RELATED,ESTABLISHED -m comment --comment 050-state -j ACCEPT
-A INPUT -m limit --limit 5/min -m comment --comment \"999 log \\\"it\\\"\" -j LOG --log-prefix \"dropped: \"
-A INPUT -m ttl --ttl-eq 3 -j DROP
-A web -p tcp -m tcp --dport 3306 -m connlimit --connlimit-above 10 --connlimit-mask 32 --connlimit-saddr -m comment --comment \"200 conn\" -j REJECT --reject-with icmp-port-unreachable
COMMIT
*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -m comment --comment \"no number\" -j RETURN
COMMIT
";

    #[test]
    fn rules_read_as_the_module_reads_them() {
        let saved = parse(SAVE, Family::V4);
        assert_eq!(saved.rules.len(), 6);
        assert_eq!(saved.unparsable.len(), 1, "{:?}", saved.unparsable);
        assert!(saved.unparsable[0].contains("ttl"));
        let web = &saved.rules[0];
        assert_eq!(web.name, "100 allow web");
        assert_eq!(
            web.get("dport"),
            Some(&RuleValue::Many(vec![
                "80".into(),
                "443".into(),
                "1000-2000".into()
            ]))
        );
        assert_eq!(web.get("action"), Some(&RuleValue::One("accept".into())));
        assert_eq!(web.get("jump"), None);
        assert_eq!(web.chain, "INPUT");
        // A foreign rule: 9000 + its place, the SHA-256 of its line.
        let foreign = &saved.rules[1];
        assert!(foreign.name.starts_with("9002 "), "{}", foreign.name);
        assert_eq!(foreign.name.len(), 5 + 64);
        assert_eq!(
            foreign.get("source"),
            Some(&RuleValue::One("10.1.0.0/16".into()))
        );
        let state = &saved.rules[2];
        assert_eq!(state.name, "050-state");
        assert_eq!(
            state.get("state"),
            Some(&RuleValue::Many(vec![
                "ESTABLISHED".into(),
                "RELATED".into()
            ]))
        );
        assert_eq!(
            state.get("source"),
            Some(&RuleValue::One("! 192.168.0.0/24".into()))
        );
        assert_eq!(state.get("proto"), Some(&RuleValue::One("all".into())));
        let log = &saved.rules[3];
        assert_eq!(log.name, "999 log \"it\"");
        assert_eq!(log.get("log_level"), Some(&RuleValue::One("4".into())));
        assert_eq!(log.get("burst"), Some(&RuleValue::One("5".into())));
        assert_eq!(
            log.get("log_prefix"),
            Some(&RuleValue::One("dropped: ".into()))
        );
        let conn = &saved.rules[4];
        assert_eq!(conn.chain, "web");
        assert_eq!(
            conn.get("connlimit_mask"),
            Some(&RuleValue::One("32".into()))
        );
        assert_eq!(
            conn.get("reject"),
            Some(&RuleValue::One("icmp-port-unreachable".into()))
        );
        let nat = &saved.rules[5];
        assert_eq!(nat.table, "nat");
        assert_eq!(nat.name, "9006 no number");
        assert_eq!(
            saved
                .chains
                .iter()
                .map(|c| (c.chain.as_str(), c.policy.as_deref()))
                .collect::<Vec<_>>(),
            [
                ("INPUT", Some("drop")),
                ("FORWARD", Some("accept")),
                ("OUTPUT", Some("accept")),
                ("web", None),
                ("PREROUTING", Some("accept"))
            ]
        );
    }

    #[test]
    fn ip6tables_rules_read_with_ipv6_addresses_and_icmpv6() {
        let saved = parse(
            "*filter\n:INPUT ACCEPT [0:0]\n\
-A INPUT -s 2001:db8::/32 -p tcp -m multiport --dports 80,443 -m comment --comment \"100 web6\" -j ACCEPT\n\
-A INPUT -p ipv6-icmp -m icmp6 --icmpv6-type 128 -m comment --comment \"010 ping6\" -j ACCEPT\nCOMMIT\n",
            Family::V6,
        );
        assert!(saved.unparsable.is_empty(), "{:?}", saved.unparsable);
        assert_eq!(
            saved.rules[0].get("source"),
            Some(&RuleValue::One("2001:db8::/32".into()))
        );
        assert_eq!(
            saved.rules[1].get("icmp"),
            Some(&RuleValue::One("128".into()))
        );
        assert_eq!(
            saved.rules[1].get("proto"),
            Some(&RuleValue::One("ipv6-icmp".into()))
        );
    }

    #[test]
    fn a_rule_is_deleted_by_its_own_line() {
        let saved = parse(SAVE, Family::V4);
        assert_eq!(
            delete_args(&saved.rules[0]),
            [
                "-t",
                "filter",
                "-D",
                "INPUT",
                "-p",
                "tcp",
                "-m",
                "multiport",
                "--dports",
                "80,443,1000:2000",
                "-m",
                "comment",
                "--comment",
                "100 allow web",
                "-j",
                "ACCEPT"
            ]
        );
    }
}
