//! puppetlabs-firewall's `firewall` and `firewallchain` with the iptables
//! providers (`iptables` and `ip6tables`, `iptables_chain` for IPv4 and
//! IPv6 chains).
//!
//! - A rule is found by its name, the `--comment` of an `iptables-save`
//!   line (`save.rs`); the rules are read once per run on first use, as
//!   the provider prefetches them, and deleted by the line they were read
//!   with (`iptables -t T -D ...`).
//! - A new rule goes where the module puts it (`insert_order`): among the
//!   named rules of its chain and table in the order of their names, after
//!   the unmanaged (`9NNN`) rules before it, read afresh each time.
//! - A changed property marks the rule; once all are set, the rule is
//!   replaced in place (`-R`, "Properties changed - updating rule").
//! - After each changed rule or chain the rules are persisted as the module
//!   does on Debian: `service netfilter-persistent save` (netfilter-persistent
//!   newer than 1.0) or `service iptables-persistent save`, a failure only
//!   warned about.
//! - `firewallchain` creates and deletes user chains and sets built-in
//!   chains' policies; with `purge` it generates, when the run begins, a
//!   `firewall` resource with `ensure => absent` for every rule of its chain
//!   that the catalog does not manage, sparing those its `ignore` patterns
//!   match (against the saved line) and, with `ignore_foreign`, the
//!   unmanaged `9NNN` ones; `resources { 'firewall': purge => true }` does
//!   so for every chain.
//!
//! Commands run like every provider tool (`Machine::run`): under `--root`
//! the root's own `iptables` runs chrooted, and rules are those of a network
//! namespace, never files of the root: the agent's own namespace for a
//! plain `--root DIR`, the host's when the root is the host seen from the
//! agent's container (the DaemonSet: commands join PID 1's namespaces, the
//! network one included).
//! Not built: `:ethernet` (ebtables) chains and the rarer match extensions
//! (`rule::UNSUPPORTED`): such resources fail with a message.

pub mod rule;
pub mod save;

use crate::machine::{Argv, CommandSpec};
use crate::{
    Context, Examined, Level, Machine, Property, ResourceError, Source, Sync, located, param_bool,
    param_list, param_string, parsed_ensure, purge,
};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use rule::{Family, PROPS, RuleValue, Shape};
use save::{Saved, SavedRule};
use serde_json::{Value, json};

/// Where the module's providers find their commands.
const SEARCH: &[&str] = &["/usr/sbin", "/sbin", "/usr/bin", "/bin"];

/// A command's full path inside the root, else its bare name (run from the
/// tool directory, or the agent's `PATH`); always the bare name when the
/// provider tools come from a tool directory.
fn command(host: &Machine, program: &str) -> String {
    if host.tool_dir().is_some() {
        return program.to_string();
    }
    let search: Vec<String> = SEARCH.iter().map(|s| s.to_string()).collect();
    host.which(program, &search)
        .unwrap_or_else(|| program.to_string())
}

/// Runs a command; a failure is Puppet's `Execution of '...' returned N: output`.
fn execute(host: &Machine, argv: Vec<String>) -> Result<String, ResourceError> {
    let line = argv.join(" ");
    let out = host
        .run(&CommandSpec {
            argv: Some(Argv::Args(argv)),
            tool: true,
            ..CommandSpec::default()
        })
        .map_err(|e| ResourceError::failed(format!("Could not execute '{line}': {e}")))?;
    if out.success() {
        Ok(out.output)
    } else {
        Err(ResourceError::failed(format!(
            "Execution of '{line}' returned {}: {}",
            out.code.unwrap_or(-1),
            out.output.trim()
        )))
    }
}

/// Runs `iptables` (`ip6tables`) with these arguments.
fn iptables(host: &Machine, family: Family, args: Vec<String>) -> Result<String, ResourceError> {
    let mut argv = vec![command(host, family.provider())];
    argv.extend(args);
    execute(host, argv)
}

/// What `iptables-save` (`ip6tables-save`) prints now.
fn save_now(host: &Machine, family: Family) -> Result<Saved, ResourceError> {
    let text = execute(host, vec![command(host, family.save_command())])?;
    Ok(save::parse(&text, family))
}

/// The rules and chains as the run first read them (the providers'
/// prefetch); unparsable rules are warned about once.
fn prefetched(host: &Machine, family: Family, cx: &mut Context) -> Result<Saved, ResourceError> {
    if let Some(saved) = host.cached_firewall(family) {
        return Ok(saved);
    }
    let saved = save_now(host, family)?;
    for line in &saved.unparsable {
        cx.log_once(
            format!("firewall-unparsable {line}"),
            Level::Warning,
            Source::Puppet,
            line.clone(),
        );
    }
    host.cache_firewall(family, saved.clone());
    Ok(saved)
}

/// Saves the rules so they survive a reboot (`persist_iptables`, Debian):
/// a failure is a warning.
fn persist(host: &Machine, cx: &mut Context, source: Source) {
    if !host.fs().exists("/etc/debian_version") {
        return;
    }
    let version = execute(
        host,
        vec![
            "dpkg-query".into(),
            "-W".into(),
            "--showformat".into(),
            "${Version}".into(),
            "netfilter-persistent".into(),
        ],
    )
    .ok()
    .filter(|v| {
        let v = v.trim();
        let mut parts = v.split('.');
        parts.next().is_some_and(|p| p.parse::<u32>().is_ok())
            && parts
                .next()
                .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit()))
    });
    let newer_than_1_0 = version.as_deref().is_some_and(|v| {
        let mut parts = v.trim().split(['.', '-', '+', '~']);
        let major: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        let minor: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        major > 1 || (major == 1 && (minor > 0 || parts.next().is_some()))
    });
    let unit = if newer_than_1_0 {
        "netfilter-persistent"
    } else {
        "iptables-persistent"
    };
    let service = if host.tool_dir().is_some() {
        "service"
    } else {
        "/usr/sbin/service"
    };
    let argv = vec![service.to_string(), unit.to_string(), "save".to_string()];
    if let Err(e) = execute(host, argv) {
        cx.log(
            Level::Warning,
            source,
            format!("Unable to persist firewall rules: {e}"),
        );
    }
}

/// An error about a parameter, as Puppet words it.
fn param_error(resource: &Resource, param: &str, message: &str) -> ResourceError {
    ResourceError::invalid(located(
        resource,
        &format!(
            "Parameter {param} failed on {}: {message}",
            resource.reference()
        ),
    ))
}

/// An error of the type's `validate`.
fn validation_error(resource: &Resource, message: &str) -> ResourceError {
    ResourceError::invalid(located(
        resource,
        &format!("Validation of {} failed: {message}", resource.reference()),
    ))
}

/// `Invalid value "x". Valid values are a, b.`
fn invalid_value(value: &str, valid: &str) -> String {
    format!("Invalid value {value:?}. Valid values are {valid}.")
}

/// A port or a service name as a port (`string_to_port`).
fn port(value: &str, proto: &str) -> Result<String, String> {
    let (neg, body) = match value.strip_prefix('!') {
        Some(rest) => ("! ", rest.trim_start()),
        None => ("", value.trim()),
    };
    let is_port = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let ok = match body.split_once('-') {
        Some((a, b)) => is_port(a) && is_port(b),
        None => is_port(body),
    };
    if ok {
        return Ok(format!("{neg}{body}"));
    }
    let proto = if matches!(proto, "tcp" | "udp") {
        proto
    } else {
        "tcp"
    };
    // Ruby's getservbyname reads the agent's own /etc/services.
    let services = std::fs::read_to_string("/etc/services").unwrap_or_default();
    for line in services.lines() {
        let line = line.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        let (Some(name), Some(portproto)) = (words.next(), words.next()) else {
            continue;
        };
        let Some((number, p)) = portproto.split_once('/') else {
            continue;
        };
        if p == proto && (name == body || words.any(|alias| alias == body)) {
            return Ok(format!("{neg}{number}"));
        }
    }
    Err(format!("no such service {body}/{proto}"))
}

/// How a duplicate name on the host is handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnDuplicate {
    Ignore,
    Warn,
    Error,
}

/// One `firewall` resource.
#[derive(Debug)]
pub struct Firewall {
    name: String,
    family: Family,
    ensure: bool,
    /// The desired properties, in the type's order.
    desired: Vec<(&'static str, RuleValue)>,
    chain: String,
    table: String,
    on_duplicate: OnDuplicate,
    /// Why kuppet cannot manage this resource (an unsupported parameter).
    unsupported: Option<String>,
    /// The rule as the run first read it.
    current: Option<SavedRule>,
    /// A property changed: the rule is replaced when all are set.
    needs_change: bool,
}

impl Firewall {
    pub fn new(resource: &Resource) -> Result<Firewall, ResourceError> {
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        if !rule::valid_name(&name) {
            return Err(param_error(
                resource,
                "name",
                &format!(
                    "Invalid value {name:?}. Valid values match /^\\d+[[:graph:][:space:]]+$/."
                ),
            ));
        }
        let ensure = match param_string(resource, "ensure").as_deref() {
            None | Some("present") => true,
            Some("absent") => false,
            Some(other) => {
                return Err(param_error(
                    resource,
                    "ensure",
                    &invalid_value(other, "present, absent"),
                ));
            }
        };
        let on_duplicate = match param_string(resource, "onduplicaterulebehaviour").as_deref() {
            None | Some("warn") => OnDuplicate::Warn,
            Some("ignore") => OnDuplicate::Ignore,
            Some("error") => OnDuplicate::Error,
            Some(other) => {
                return Err(param_error(
                    resource,
                    "onduplicaterulebehaviour",
                    &invalid_value(other, "ignore, warn, error"),
                ));
            }
        };
        let provider = param_string(resource, "provider");
        let Some(family) = Family::of_provider(provider.as_deref()) else {
            return Err(param_error(
                resource,
                "provider",
                &format!(
                    "Invalid firewall provider '{}'",
                    provider.unwrap_or_default()
                ),
            ));
        };
        let mut unsupported = None;
        let given = |p: &str| !matches!(resource.parameters.get(p), None | Some(Value::Null));
        if let Some(p) = rule::UNSUPPORTED.iter().find(|p| given(p))
            && unsupported.is_none()
        {
            unsupported = Some(format!(
                "kuppet's firewall provider does not support the parameter {p}; manage this rule with an exec of iptables"
            ));
        }
        let proto = param_string(resource, "proto").unwrap_or_else(|| "tcp".into());
        let mut desired: Vec<(&'static str, RuleValue)> = Vec::new();
        for prop in PROPS {
            let value = match prop.name {
                "proto" => Some(proto.clone()),
                "chain" => Some(param_string(resource, "chain").unwrap_or_else(|| "INPUT".into())),
                "table" => Some(param_string(resource, "table").unwrap_or_else(|| "filter".into())),
                _ => None,
            };
            let value = match (prop.shape, value) {
                (_, Some(v)) => RuleValue::One(v),
                (Shape::One, None) => match param_string(resource, prop.name) {
                    Some(v) => RuleValue::One(v),
                    None if given(prop.name) => {
                        return Err(param_error(
                            resource,
                            prop.name,
                            "Argument must not be an array of values.",
                        ));
                    }
                    None => continue,
                },
                (Shape::List, None) => {
                    if !given(prop.name) {
                        continue;
                    }
                    RuleValue::Many(param_list(resource, prop.name))
                }
            };
            let Some(value) = munge(resource, prop.name, value, &proto, family)? else {
                continue;
            };
            desired.push((prop.name, value));
        }
        let get = |k: &str| {
            desired
                .iter()
                .find(|(n, _)| *n == k)
                .and_then(|(_, v)| v.as_one())
                .map(str::to_string)
        };
        let chain = get("chain").unwrap_or_default();
        let table = get("table").unwrap_or_default();
        if ensure {
            validate(resource, &name, &desired)?;
        }
        Ok(Firewall {
            name,
            family,
            ensure,
            desired,
            chain,
            table,
            on_duplicate,
            unsupported,
            current: None,
            needs_change: false,
        })
    }

    fn source(&self) -> Source {
        Source::Provider(self.family.provider())
    }

    /// Where a new or replaced rule goes, among the rules now in its chain.
    fn insert_order(&self, host: &Machine) -> Result<usize, ResourceError> {
        let live = save_now(host, self.family)?;
        let rules: Vec<String> = live
            .rules
            .iter()
            .filter(|r| r.chain == self.chain && r.table == self.table)
            .map(|r| r.name.clone())
            .collect();
        insert_order(&rules, &self.name)
    }

    fn write_args(&self, verb: &str, host: &Machine) -> Result<Vec<String>, ResourceError> {
        let order = self.insert_order(host)?;
        let mut args = vec![verb.to_string(), self.chain.clone(), order.to_string()];
        args.extend(rule::args(&self.name, &self.desired, self.family));
        Ok(args)
    }
}

/// The module's `insert_order`: the 1-based place of the rule `mine` among
/// the names of the rules of its chain (`rules`, in their order): after the
/// named rules whose names sort before it, counting the unmanaged (`9NNN`)
/// rules in between; a rule already there keeps its place.
pub fn insert_order(rules: &[String], mine: &str) -> Result<usize, ResourceError> {
    if rules.is_empty() {
        return Ok(1);
    }
    let mut rules = rules.to_vec();
    rules.push(mine.to_string());
    let unmanaged = |r: &str| {
        let b = r.as_bytes();
        b.len() >= 5
            && b[0] == b'9'
            && b[1..4].iter().all(u8::is_ascii_digit)
            && (b[4] as char).is_whitespace()
    };
    let mut sorted_unique = rules.clone();
    sorted_unique.sort();
    sorted_unique.dedup();
    let offset_rule = if sorted_unique.len() == rules.len() {
        // A new rule: after the one sorting just before it.
        let at = sorted_unique.iter().position(|r| r == mine).unwrap_or(0);
        if at == 0 {
            rules[0].clone()
        } else {
            sorted_unique[at - 1].clone()
        }
    } else {
        mine.to_string()
    };
    let upto = rules.iter().position(|r| *r == offset_rule).unwrap_or(0);
    let mut unnamed_offset = rules[..=upto].iter().filter(|r| unmanaged(r)).count();
    if unmanaged(&offset_rule) && !mine.starts_with('9') {
        unnamed_offset = unnamed_offset.saturating_sub(1);
    }
    let mut named: Vec<&String> = rules.iter().filter(|r| !unmanaged(r)).collect();
    named.sort();
    let Some(at) = named.iter().position(|r| *r == mine) else {
        return Err(ResourceError::failed(
            "Rule sorting error. Make sure that the title of your rule does not start with 9000-9999, as this range is reserved.",
        ));
    };
    Ok(at + 1 + unnamed_offset)
}

/// A property's value as the type munges it; None drops it.
fn munge(
    resource: &Resource,
    name: &'static str,
    value: RuleValue,
    proto: &str,
    family: Family,
) -> Result<Option<RuleValue>, ResourceError> {
    let err = |m: String| param_error(resource, name, &m);
    let one = |v: &RuleValue| v.as_one().unwrap_or_default().to_string();
    let regex = |s: &str, ok: &dyn Fn(char) -> bool| !s.is_empty() && s.chars().all(ok);
    let iface_char = |c: char| c.is_ascii_alphanumeric() || "-._+:@".contains(c);
    Ok(Some(match name {
        "action" => {
            let v = one(&value);
            if !matches!(v.as_str(), "accept" | "reject" | "drop") {
                return Err(err(invalid_value(&v, "accept, reject, drop")));
            }
            RuleValue::One(v)
        }
        "source" | "destination" => {
            let v = one(&value);
            match rule::cidr(&v, family) {
                Ok(Some(c)) => RuleValue::One(c),
                Ok(None) => return Ok(None),
                Err(e) => return Err(err(format!("host_to_ip failed for {v}, exception {e}"))),
            }
        }
        "sport" | "dport" | "port" => {
            let RuleValue::Many(items) = value else {
                return Ok(Some(value));
            };
            let mut out = Vec::new();
            for item in items {
                out.push(port(&item, proto).map_err(err)?);
            }
            RuleValue::Many(out)
        }
        "proto" => {
            let v = one(&value);
            const PROTOS: &[&str] = &[
                "ip",
                "tcp",
                "udp",
                "icmp",
                "ipv6-icmp",
                "esp",
                "ah",
                "vrrp",
                "carp",
                "igmp",
                "ipencap",
                "ipv4",
                "ipv6",
                "ospf",
                "gre",
                "cbt",
                "sctp",
                "pim",
                "all",
            ];
            let bare = v.strip_prefix("! ").unwrap_or(&v);
            if !PROTOS.contains(&bare) {
                let valid: Vec<String> = PROTOS
                    .iter()
                    .flat_map(|p| [p.to_string(), format!("! {p}")])
                    .collect();
                return Err(err(invalid_value(&v, &valid.join(", "))));
            }
            RuleValue::One(v)
        }
        "chain" | "jump" | "goto" => {
            let v = one(&value);
            if !regex(&v, &|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                return Err(err(if name == "chain" {
                    format!("Invalid value {v:?}. Valid values match /^[a-zA-Z0-9\\-_]+$/.")
                } else {
                    format!(
                        "{} destination must consist of alphanumeric characters, an underscore or a hyphen.",
                        if name == "jump" { "Jump" } else { "Goto" }
                    )
                }));
            }
            if name != "chain" && matches!(v.to_lowercase().as_str(), "accept" | "reject" | "drop")
            {
                return Err(err(format!(
                    "{} destination should not be one of ACCEPT, REJECT or DROP. Use the action property instead.",
                    if name == "jump" { "Jump" } else { "Goto" }
                )));
            }
            RuleValue::One(v)
        }
        "table" => {
            let v = one(&value);
            if !matches!(v.as_str(), "nat" | "mangle" | "filter" | "raw" | "rawpost") {
                return Err(err(invalid_value(&v, "nat, mangle, filter, raw, rawpost")));
            }
            RuleValue::One(v)
        }
        "iniface" | "outiface" => {
            let v = one(&value);
            let bare = v.strip_prefix('!').map_or(v.as_str(), str::trim_start);
            if !regex(bare, &iface_char) {
                return Err(err(format!(
                    "Invalid value {v:?}. Valid values match /^!?\\s?[a-zA-Z0-9\\-\\._\\+\\:@]+$/."
                )));
            }
            RuleValue::One(v)
        }
        "log_level" => {
            let v = one(&value);
            match rule::log_level_number(&v) {
                Some(n) => RuleValue::One(n.to_string()),
                None => return Err(err("Unable to determine log level".into())),
            }
        }
        "log_prefix" => {
            let v = one(&value);
            if v.is_empty() {
                return Err(err("log_prefix should not be an empty string".into()));
            }
            RuleValue::One(v)
        }
        "icmp" => {
            let v = one(&value);
            if v == "any" {
                return Err(err("Value 'any' is not valid. This behaviour should be achieved by omitting or undefining the ICMP parameter.".into()));
            }
            match rule::icmp_number(&v, family) {
                Some(n) => RuleValue::One(n),
                None => return Err(err("cannot work out icmp type".into())),
            }
        }
        "state" | "ctstate" => {
            let RuleValue::Many(mut items) = value else {
                return Ok(Some(value));
            };
            let valid: &[&str] = if name == "state" {
                &["INVALID", "ESTABLISHED", "NEW", "RELATED", "UNTRACKED"]
            } else {
                &[
                    "INVALID",
                    "ESTABLISHED",
                    "NEW",
                    "RELATED",
                    "UNTRACKED",
                    "SNAT",
                    "DNAT",
                ]
            };
            for s in &items {
                if !valid.contains(&s.as_str()) {
                    return Err(err(invalid_value(s, &valid.join(", "))));
                }
            }
            items.sort();
            RuleValue::Many(items)
        }
        "connlimit_above" | "connlimit_mask" | "burst" => {
            let v = one(&value);
            if !regex(&v, &|c| c.is_ascii_digit()) {
                return Err(err(format!(
                    "Invalid value {v:?}. Valid values match /^\\d+$/."
                )));
            }
            RuleValue::One(v)
        }
        "pkttype" => {
            let v = one(&value);
            if !matches!(v.as_str(), "unicast" | "broadcast" | "multicast") {
                return Err(err(invalid_value(&v, "unicast, broadcast, multicast")));
            }
            RuleValue::One(v)
        }
        "mac_source" => {
            let v = one(&value);
            let parts: Vec<&str> = v.split(':').collect();
            if parts.len() != 6
                || parts
                    .iter()
                    .any(|p| p.len() != 2 || !p.chars().all(|c| c.is_ascii_hexdigit()))
            {
                return Err(err(format!(
                    "Invalid value {v:?}. Valid values match /^([0-9a-f]{{2}}[:]){{5}}([0-9a-f]{{2}})$/i."
                )));
            }
            RuleValue::One(v)
        }
        _ => value,
    }))
}

/// The type's `validate` for the supported properties.
fn validate(
    resource: &Resource,
    name: &str,
    desired: &[(&'static str, RuleValue)],
) -> Result<(), ResourceError> {
    let get = |k: &str| desired.iter().find(|(n, _)| *n == k).map(|(_, v)| v);
    let text = |k: &str| get(k).and_then(RuleValue::as_one).unwrap_or_default();
    let fail = |m: &str| Err(validation_error(resource, m));
    let (table, chain, jump) = (text("table"), text("chain"), text("jump"));
    if table == "filter" && (chain.contains("PREROUTING") || chain.contains("POSTROUTING")) {
        return fail("PREROUTING and POSTROUTING cannot be used in table 'filter'");
    }
    if table == "nat" && (chain.contains("INPUT") || chain.contains("FORWARD")) {
        return fail("INPUT and FORWARD cannot be used in table 'nat'");
    }
    if table == "raw"
        && (chain.contains("INPUT") || chain.contains("FORWARD") || chain.contains("POSTROUTING"))
    {
        return fail("INPUT, FORWARD and POSTROUTING cannot be used in table raw");
    }
    if let Some(RuleValue::Many(dport)) = get("dport") {
        let proto = text("proto");
        if !(proto.contains("tcp") || proto.contains("udp") || proto.contains("sctp")) {
            return fail(&format!(
                "[{name}] Parameter dport only applies to sctp, tcp and udp protocols. Current protocol is [{proto}] and dport is [{}]",
                ruby_array(dport)
            ));
        }
    }
    if jump == "DNAT" {
        if !table.contains("nat") {
            return fail("Parameter jump => DNAT only applies to table => nat");
        }
        if get("todest").is_none() {
            return fail("Parameter jump => DNAT must have todest parameter");
        }
    }
    if jump == "SNAT" {
        if !table.contains("nat") {
            return fail("Parameter jump => SNAT only applies to table => nat");
        }
        if get("tosource").is_none() {
            return fail("Parameter jump => SNAT must have tosource parameter");
        }
    }
    if jump == "MASQUERADE" && !table.contains("nat") {
        return fail("Parameter jump => MASQUERADE only applies to table => nat");
    }
    if (get("log_prefix").is_some() || get("log_level").is_some()) && jump != "LOG" {
        return fail(
            "Parameter log_prefix, log_level, log_tcp_sequence, log_tcp_options, log_ip_options  and log_uid require jump => LOG",
        );
    }
    if get("burst").is_some() && get("limit").is_none() {
        return fail("burst makes no sense without limit");
    }
    if get("action").is_some() && get("jump").is_some() {
        return fail("Only one of the parameters 'action' and 'jump' can be set");
    }
    if get("connlimit_mask").is_some() && get("connlimit_above").is_none() {
        return fail("Parameter 'connlimit_mask' requires 'connlimit_above'");
    }
    Ok(())
}

/// An array as Ruby's `to_s` prints it (`["80", "443"]`).
fn ruby_array(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(", "))
}

impl crate::Provider for Firewall {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        if let Some(why) = &self.unsupported {
            return Err(ResourceError::failed(why.clone()));
        }
        let saved = prefetched(cx.host, self.family, cx)?;
        let current = saved
            .rules
            .iter()
            .find(|r| r.name == self.name || r.name.to_lowercase() == self.name)
            .cloned();
        if let Some(found) = &current {
            let count = saved.rules.iter().filter(|r| r.name == found.name).count();
            if count > 1 {
                let core = format!("Duplicate rule found for {}.", found.name);
                match self.on_duplicate {
                    OnDuplicate::Error => {
                        return Err(ResourceError::failed(format!("{core} Skipping update.")));
                    }
                    OnDuplicate::Warn => cx.log(
                        Level::Warning,
                        self.source(),
                        format!("{core}. This may add an additional rule to the system."),
                    ),
                    OnDuplicate::Ignore => {}
                }
            }
        }
        let present = current.is_some();
        let ensure = parsed_ensure("firewall", present, self.ensure);
        let mut properties = vec![ensure];
        if let (Some(found), true) = (&current, self.ensure) {
            for (name, want) in &self.desired {
                let have = found.get(name);
                let sync = if have == Some(want) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                let current_value = have.map_or(Value::Null, RuleValue::to_json);
                let desired_value = want.to_json();
                let desired_text = match want {
                    RuleValue::Many(items) => items.join(","),
                    RuleValue::One(s) => crate::quote(s),
                };
                let current_text = crate::display(&current_value);
                properties.push(
                    Property::new(name, current_value, desired_value, sync)
                        .with_texts(current_text, desired_text),
                );
            }
        }
        self.current = current;
        Ok(Examined {
            present,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" if self.ensure => {
                let args = self.write_args("-I", cx.host)?;
                iptables(cx.host, self.family, args)?;
                Ok(property.ensure_message())
            }
            "ensure" => {
                let Some(found) = &self.current else {
                    return Ok(property.ensure_message());
                };
                let result = iptables(cx.host, self.family, save::delete_args(found));
                if result.is_err()
                    && self.family == Family::V6
                    && found.get("proto").and_then(RuleValue::as_one) == Some("all")
                {
                    // ip6tables matches a rule of any protocol only with `-p all`.
                    let mut args = save::delete_args(found);
                    args.extend(["-p".to_string(), "all".to_string()]);
                    let _ = iptables(cx.host, self.family, args);
                }
                match result {
                    Ok(_) => Ok(property.ensure_message()),
                    Err(e) => {
                        // Already gone (a side effect of another change).
                        let live = save_now(cx.host, self.family)?;
                        if live.rules.iter().any(|r| r.line == found.line) {
                            Err(e)
                        } else {
                            Ok("ensured absent".into())
                        }
                    }
                }
            }
            "chain" => Err(ResourceError::failed(
                "Modifying the chain for existing rules is not supported.",
            )),
            _ => {
                self.needs_change = true;
                Ok(property.change_message())
            }
        }
    }

    fn finish(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if std::mem::take(&mut self.needs_change) {
            cx.log(
                Level::Notice,
                self.source(),
                "Properties changed - updating rule",
            );
            let args = self.write_args("-R", cx.host)?;
            iptables(cx.host, self.family, args)?;
        }
        persist(cx.host, cx, self.source());
        Ok(())
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some(self.family.provider())
    }
}

/// The built-in chains (`INTERNAL_CHAINS`).
fn internal(chain: &str) -> bool {
    matches!(
        chain,
        "PREROUTING" | "POSTROUTING" | "BROUTING" | "INPUT" | "FORWARD" | "OUTPUT"
    )
}

/// `{chain}:{table}:{protocol}` split (`NAME_FORMAT`).
fn chain_name(name: &str) -> Option<(&str, &str, &str)> {
    let (rest, protocol) = name.rsplit_once(':')?;
    let (chain, table) = rest.rsplit_once(':')?;
    let tables = [
        "nat", "mangle", "filter", "raw", "rawpost", "broute", "security",
    ];
    let protocols = ["IP", "IPv4", "IPv6", "ethernet"];
    (!chain.is_empty() && tables.contains(&table) && protocols.contains(&protocol))
        .then_some((chain, table, protocol))
}

/// One `firewallchain` resource.
#[derive(Debug)]
pub struct Firewallchain {
    name: String,
    family: Family,
    chain: String,
    table: String,
    ensure: bool,
    policy: Option<String>,
    unsupported: Option<String>,
}

impl Firewallchain {
    pub fn new(resource: &Resource) -> Result<Firewallchain, ResourceError> {
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        let Some((chain, table, protocol)) = chain_name(&name) else {
            return Err(param_error(
                resource,
                "name",
                &format!(
                    "Inbuilt chains must be in the form {{chain}}:{{table}}:{{protocol}} where {{table}} is one of filter, nat, mangle, raw, rawpost, broute, security or empty (alias for filter), chain can be anything without colons or one of PREROUTING, POSTROUTING, BROUTING, INPUT, FORWARD, OUTPUT for the inbuilt chains, and {{protocol}} being IPv4, IPv6, ethernet (ethernet bridging) got '{name}' table:'' chain:'' protocol:''"
                ),
            ));
        };
        let builtin_error = match table {
            "filter" | "security"
                if matches!(chain, "PREROUTING" | "POSTROUTING" | "BROUTING") =>
            {
                Some(format!(
                    "INPUT, OUTPUT and FORWARD are the only inbuilt chains that can be used in table '{table}'"
                ))
            }
            "mangle" if chain == "BROUTING" => Some("PREROUTING, POSTROUTING, INPUT, FORWARD and OUTPUT are the only inbuilt chains that can be used in table 'mangle'".to_string()),
            "nat" if matches!(chain, "BROUTING" | "FORWARD") => Some("PREROUTING, POSTROUTING, INPUT, and OUTPUT are the only inbuilt chains that can be used in table 'nat'".to_string()),
            "raw" if matches!(chain, "POSTROUTING" | "BROUTING" | "INPUT" | "FORWARD") => {
                Some("PREROUTING and OUTPUT are the only inbuilt chains in the table 'raw'".to_string())
            }
            _ => None,
        };
        if let Some(m) = builtin_error {
            return Err(param_error(resource, "name", &m));
        }
        let ensure = match param_string(resource, "ensure").as_deref() {
            None | Some("present") => true,
            Some("absent") => false,
            Some(other) => {
                return Err(param_error(
                    resource,
                    "ensure",
                    &invalid_value(other, "present, absent"),
                ));
            }
        };
        let policy = param_string(resource, "policy");
        if let Some(p) = &policy
            && !matches!(p.as_str(), "accept" | "drop" | "queue" | "return")
        {
            return Err(param_error(
                resource,
                "policy",
                &invalid_value(p, "accept, drop, queue, return"),
            ));
        }
        // A chain the `resources` type purges is not validated again (Puppet
        // sets its `ensure` after making it).
        let purging = resource.parameters.contains_key(purge::PURGING);
        if internal(chain) && !ensure && !purging {
            return Err(validation_error(resource, "Cannot remove in-built chains"));
        }
        if !internal(chain) && policy.is_some() && protocol != "ethernet" {
            return Err(validation_error(
                resource,
                &format!(
                    "policy can only be set on in-built chains (with the exception of ethernet chains) (table:{table} chain:{chain} protocol:{protocol})"
                ),
            ));
        }
        if table == "nat" && policy.as_deref() == Some("drop") {
            return Err(validation_error(
                resource,
                "The \"nat\" table is not intended for filtering, the use of DROP is therefore inhibited",
            ));
        }
        param_bool(resource, "purge")?;
        param_bool(resource, "ignore_foreign")?;
        ignore_patterns(resource)?;
        let family = Family::of_protocol(protocol);
        let unsupported = family.is_none().then(|| {
            format!(
                "kuppet's firewallchain manages IPv4 and IPv6 chains (iptables, ip6tables), not {protocol}; manage them with an exec"
            )
        });
        Ok(Firewallchain {
            name: name.clone(),
            family: family.unwrap_or(Family::V4),
            chain: chain.to_string(),
            table: table.to_string(),
            ensure,
            policy,
            unsupported,
        })
    }
}

/// A chain's `ignore` patterns as regular expressions.
fn ignore_patterns(resource: &Resource) -> Result<Vec<regex::Regex>, ResourceError> {
    param_list(resource, "ignore")
        .iter()
        .map(|p| regex::Regex::new(p).map_err(|e| param_error(resource, "ignore", &e.to_string())))
        .collect()
}

impl crate::Provider for Firewallchain {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        if let Some(why) = &self.unsupported {
            return Err(ResourceError::failed(why.clone()));
        }
        let saved = prefetched(cx.host, self.family, cx)?;
        let found = saved
            .chains
            .iter()
            .find(|c| c.chain == self.chain && c.table == self.table);
        let present = internal(&self.chain) || found.is_some();
        let mut properties = vec![parsed_ensure("firewallchain", present, self.ensure)];
        if present
            && self.ensure
            && let Some(want) = &self.policy
        {
            let have = found.and_then(|c| c.policy.clone()).unwrap_or_default();
            let sync = if &have == want {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            properties.push(Property::new("policy", json!(have), json!(want), sync));
        }
        Ok(Examined {
            present,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let t = |args: &[&str]| {
            let mut v = vec!["-t".to_string(), self.table.clone()];
            v.extend(args.iter().map(|s| s.to_string()));
            v
        };
        match property.name {
            "ensure" if self.ensure => {
                iptables(cx.host, self.family, t(&["-N", &self.chain]))?;
                if let Some(p) = &self.policy {
                    iptables(
                        cx.host,
                        self.family,
                        t(&["-P", &self.chain, &p.to_uppercase()]),
                    )?;
                }
                Ok(property.ensure_message())
            }
            "ensure" if internal(&self.chain) => {
                cx.log(
                    Level::Warning,
                    Source::Provider("iptables_chain"),
                    format!("Attempting to destroy internal chain {}", self.name),
                );
                Ok(property.ensure_message())
            }
            "ensure" => {
                iptables(cx.host, self.family, t(&["-X", &self.chain]))?;
                Ok(property.ensure_message())
            }
            _ => {
                let p = self.policy.clone().unwrap_or_default().to_uppercase();
                iptables(cx.host, self.family, t(&["-P", &self.chain, &p]))?;
                Ok(property.change_message())
            }
        }
    }

    fn finish(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        persist(cx.host, cx, Source::Provider("iptables_chain"));
        Ok(())
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("iptables_chain")
    }
}

/// The rules on the host as `firewall` instances (for `resources` purge):
/// the iptables provider's, then the ip6tables provider's whose names the
/// first did not list (Puppet keeps the first provider's instance).
pub fn instances(host: &Machine) -> Result<Vec<Resource>, ResourceError> {
    let mut out: Vec<Resource> = Vec::new();
    for family in [Family::V4, Family::V6] {
        let saved = match save_now(host, family) {
            Ok(saved) => saved,
            // Without ip6tables its provider is not suitable: no instances.
            Err(_) if family == Family::V6 => continue,
            Err(e) => return Err(e),
        };
        for r in saved.rules {
            if out.iter().any(|o| o.title == r.name) {
                continue;
            }
            out.push(purge::instance(
                "Firewall",
                &r.name,
                &[("provider", json!(family.provider()))],
            ));
        }
    }
    Ok(out)
}

/// The chains on the host as `firewallchain` instances (for `resources`
/// purge): `CHAIN:TABLE:IPv4`, then the IPv6 ones; a family whose save
/// command fails lists none (the provider rescues it).
pub fn chain_instances(host: &Machine) -> Vec<Resource> {
    let mut out = Vec::new();
    for family in [Family::V4, Family::V6] {
        let Ok(saved) = save_now(host, family) else {
            continue;
        };
        for c in saved.chains {
            let name = format!("{}:{}:{}", c.chain, c.table, family.protocol());
            out.push(purge::instance("Firewallchain", &name, &[]));
        }
    }
    out
}

/// A purging chain's `generate`: a `firewall` with `ensure => absent` for
/// every rule of the chain the catalog does not manage (`managed(name)`),
/// its `ignore` patterns and `ignore_foreign` sparing some.
pub fn generate(
    resource: &Resource,
    host: &Machine,
    managed: &dyn Fn(&str) -> bool,
) -> Result<Vec<Resource>, ResourceError> {
    if !param_bool(resource, "purge")?.unwrap_or(false) {
        return Ok(Vec::new());
    }
    let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
    let Some((chain, table, protocol)) = chain_name(&name) else {
        return Ok(Vec::new());
    };
    let Some(family) = Family::of_protocol(protocol) else {
        return Err(ResourceError::failed(format!(
            "kuppet purges IPv4 and IPv6 chains only, not {protocol}"
        )));
    };
    let ignore = ignore_patterns(resource)?;
    let ignore_foreign = param_bool(resource, "ignore_foreign")?.unwrap_or(false);
    let saved = save_now(host, family)?;
    let mut out = Vec::new();
    for rule in saved
        .rules
        .iter()
        .filter(|r| r.chain == chain && r.table == table)
    {
        if ignore.iter().any(|re| re.is_match(&rule.line)) {
            continue;
        }
        let number: u64 = rule
            .name
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or(0);
        if ignore_foreign && number >= 9000 {
            continue;
        }
        if managed(&rule.name) {
            continue;
        }
        out.push(purge::instance(
            "Firewall",
            &rule.name,
            &[
                ("name", json!(rule.name)),
                ("ensure", json!("absent")),
                ("provider", json!(family.provider())),
            ],
        ));
    }
    Ok(out)
}

/// `firewall` requires its chains, the iptables packages and services;
/// `firewallchain` the packages.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let mut out = Vec::new();
    let packages = ["iptables", "iptables-persistent", "iptables-services"];
    if resource.type_name == "Firewall" {
        let Some(family) = Family::of_provider(param_string(resource, "provider").as_deref())
        else {
            return out;
        };
        let table = param_string(resource, "table").unwrap_or_else(|| "filter".into());
        let chain = param_string(resource, "chain").unwrap_or_else(|| "INPUT".into());
        for c in [Some(chain), param_string(resource, "jump")]
            .into_iter()
            .flatten()
        {
            if !(matches!(c.as_str(), "INPUT" | "OUTPUT" | "FORWARD") && table == "filter") {
                out.push(AutoRequire::new(
                    "Firewallchain",
                    format!("{c}:{table}:{}", family.protocol()),
                ));
            }
        }
        out.extend(packages.iter().map(|p| AutoRequire::new("Package", *p)));
        for s in [
            "firewalld",
            "iptables",
            "ip6tables",
            "iptables-persistent",
            "netfilter-persistent",
        ] {
            out.push(AutoRequire::new("Service", s));
        }
    } else {
        out.extend(packages.iter().map(|p| AutoRequire::new("Package", *p)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn new_rules_go_after_the_names_sorting_before_them() {
        assert_eq!(insert_order(&[], "100 x").unwrap(), 1);
        let rules = names(&["050 a", "100 b", "300 c"]);
        assert_eq!(insert_order(&rules, "010 first").unwrap(), 1);
        assert_eq!(insert_order(&rules, "200 mid").unwrap(), 3);
        assert_eq!(insert_order(&rules, "999 last").unwrap(), 4);
        // An existing rule keeps its place.
        assert_eq!(insert_order(&rules, "100 b").unwrap(), 2);
    }

    #[test]
    fn unmanaged_rules_ahead_are_counted() {
        // A foreign rule first: managed rules go after it, as the module does.
        let rules = names(&["9001 abc", "100 b"]);
        assert_eq!(insert_order(&rules, "050 a").unwrap(), 1);
        assert_eq!(insert_order(&rules, "200 c").unwrap(), 3);
        let rules = names(&["100 b", "9002 abc"]);
        assert_eq!(insert_order(&rules, "200 c").unwrap(), 2);
        assert!(insert_order(&names(&["100 b"]), "9005 mine").is_err());
    }

    fn resource(title: &str, params: &[(&str, Value)]) -> Resource {
        let mut r = purge::instance("Firewall", title, params);
        r.file = Some("/m.pp".into());
        r.line = Some(3);
        r
    }

    #[test]
    fn parameters_are_munged_and_validated_as_the_type_does() {
        let fw = Firewall::new(&resource(
            "100 web",
            &[
                ("dport", json!([80, "ssh", "1000-2000"])),
                ("source", json!("10.1.2.3/8")),
                ("state", json!(["NEW", "ESTABLISHED"])),
                ("action", json!("accept")),
            ],
        ))
        .expect("valid");
        let get = |k: &str| {
            fw.desired
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(
            get("dport"),
            Some(RuleValue::Many(names(&["80", "22", "1000-2000"])))
        );
        assert_eq!(get("source"), Some(RuleValue::One("10.0.0.0/8".into())));
        assert_eq!(
            get("state"),
            Some(RuleValue::Many(names(&["ESTABLISHED", "NEW"])))
        );
        assert_eq!(get("proto"), Some(RuleValue::One("tcp".into())));
        assert_eq!(get("chain"), Some(RuleValue::One("INPUT".into())));

        let err = |params: &[(&str, Value)]| {
            Firewall::new(&resource("100 x", params))
                .expect_err("invalid")
                .to_string()
        };
        assert_eq!(
            err(&[("action", json!("accept")), ("jump", json!("LOG"))]),
            "Validation of Firewall[100 x] failed: Only one of the parameters 'action' and 'jump' can be set (file: /m.pp, line: 3)"
        );
        assert_eq!(
            err(&[("dport", json!(80)), ("proto", json!("icmp"))]),
            "Validation of Firewall[100 x] failed: [100 x] Parameter dport only applies to sctp, tcp and udp protocols. Current protocol is [icmp] and dport is [[\"80\"]] (file: /m.pp, line: 3)"
        );
        assert!(err(&[("action", json!("allow"))]).starts_with(
            "Parameter action failed on Firewall[100 x]: Invalid value \"allow\". Valid values are accept, reject, drop."
        ));
        assert!(err(&[("jump", json!("ACCEPT"))]).contains("Use the action property instead"));
        let bad_name = Firewall::new(&resource("web", &[])).expect_err("name");
        assert!(bad_name.to_string().contains("Valid values match /^\\d+"));
        // Not supported by kuppet: the resource fails when evaluated.
        let fw = Firewall::new(&resource("100 x", &[("uid", json!("root"))])).expect("builds");
        assert!(fw.unsupported.as_deref().unwrap_or("").contains("uid"));
    }

    #[test]
    fn chains_are_named_chain_table_protocol() {
        assert_eq!(
            chain_name("INPUT:filter:IPv4"),
            Some(("INPUT", "filter", "IPv4"))
        );
        assert_eq!(chain_name("a:b:nat:IPv4"), Some(("a:b", "nat", "IPv4")));
        assert_eq!(chain_name("INPUT:bogus:IPv4"), None);
        let chain = |name: &str, params: &[(&str, Value)]| {
            let mut r = purge::instance("Firewallchain", name, params);
            r.line = Some(1);
            Firewallchain::new(&r)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        assert!(chain("web:filter:IPv4", &[]).is_ok());
        assert!(chain("INPUT:filter:IPv4", &[("policy", json!("drop"))]).is_ok());
        assert!(
            chain("web:filter:IPv4", &[("policy", json!("drop"))])
                .unwrap_err()
                .contains("policy can only be set on in-built chains")
        );
        assert!(
            chain("INPUT:filter:IPv4", &[("ensure", json!("absent"))])
                .unwrap_err()
                .contains("Cannot remove in-built chains")
        );
        assert!(
            chain("PREROUTING:filter:IPv4", &[])
                .unwrap_err()
                .contains("only inbuilt chains that can be used in table 'filter'")
        );
    }
}
