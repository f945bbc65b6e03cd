//! Ruby functions of modules other than stdlib, implemented natively and
//! offered, as Puppet offers them, only when the module that defines them
//! is on the modulepath: openstacklib's `is_service_default`,
//! `normalize_ip_for_uri`, `inet6_prefix`, `os_database_connection`,
//! `os_transport_url`; translate's `translate`; mysql's `mysql::password`;
//! neutron's `convert_to_json_string`; stdlib's legacy `get_module_path` and
//! `load_module_metadata` (which need Puppet's module API in Ruby); apache's `apache::bool2httpd` and
//! `apache::pw_hash`; and two that read the scope, redis's
//! `getvar_emptystring` and ssh's `ipaddresses`.

use super::{Builtin, Call};
use crate::compiler::Compiler;
use crate::error::EResult;
use crate::scope::TOP;
use indexmap::IndexMap;
use kuppet_values::ruby::rb_to_s;
use kuppet_values::value::Value;
use sha1::{Digest, Sha1};
use std::net::Ipv6Addr;
use std::path::Path;

/// A module's Ruby function: its name, where the module defines it
/// (relative to a module directory), and its native implementation.
pub(crate) struct ModuleFunction {
    pub name: &'static str,
    /// The file that defines it, relative to a module directory.
    pub file: &'static str,
    pub run: Builtin,
}

/// The module functions kuppet implements.
static MODULE_FUNCTIONS: &[ModuleFunction] = &[
    ModuleFunction {
        name: "is_service_default",
        file: "lib/puppet/functions/is_service_default.rb",
        run: Builtin::Pure(is_service_default),
    },
    ModuleFunction {
        name: "normalize_ip_for_uri",
        file: "lib/puppet/functions/normalize_ip_for_uri.rb",
        run: Builtin::Pure(normalize_ip_for_uri),
    },
    ModuleFunction {
        name: "inet6_prefix",
        file: "lib/puppet/functions/inet6_prefix.rb",
        run: Builtin::Pure(inet6_prefix),
    },
    ModuleFunction {
        name: "os_database_connection",
        file: "lib/puppet/functions/os_database_connection.rb",
        run: Builtin::Pure(os_database_connection),
    },
    ModuleFunction {
        name: "os_transport_url",
        file: "lib/puppet/functions/os_transport_url.rb",
        run: Builtin::Pure(os_transport_url),
    },
    ModuleFunction {
        name: "translate",
        file: "lib/puppet/functions/translate.rb",
        run: Builtin::Pure(translate),
    },
    ModuleFunction {
        name: "mysql::password",
        file: "lib/puppet/functions/mysql/password.rb",
        run: Builtin::Pure(mysql_password),
    },
    ModuleFunction {
        name: "convert_to_json_string",
        file: "lib/puppet/functions/convert_to_json_string.rb",
        run: Builtin::Pure(convert_to_json_string),
    },
    ModuleFunction {
        name: "apache::bool2httpd",
        file: "lib/puppet/functions/apache/bool2httpd.rb",
        run: Builtin::Pure(apache_bool2httpd),
    },
    ModuleFunction {
        name: "bool2httpd",
        file: "lib/puppet/functions/bool2httpd.rb",
        run: Builtin::Pure(apache_bool2httpd),
    },
    ModuleFunction {
        name: "apache::pw_hash",
        file: "lib/puppet/functions/apache/pw_hash.rb",
        run: Builtin::Pure(apache_pw_hash),
    },
    ModuleFunction {
        name: "apache::apache_pw_hash",
        file: "lib/puppet/functions/apache/apache_pw_hash.rb",
        run: Builtin::Pure(apache_pw_hash),
    },
    ModuleFunction {
        name: "get_module_path",
        file: "lib/puppet/parser/functions/get_module_path.rb",
        run: Builtin::Compiler(get_module_path),
    },
    ModuleFunction {
        name: "load_module_metadata",
        file: "lib/puppet/parser/functions/load_module_metadata.rb",
        run: Builtin::Compiler(load_module_metadata),
    },
    ModuleFunction {
        name: "getvar_emptystring",
        file: "lib/puppet/parser/functions/getvar_emptystring.rb",
        run: Builtin::Compiler(getvar_emptystring),
    },
    ModuleFunction {
        name: "ipaddresses",
        file: "lib/puppet/parser/functions/ipaddresses.rb",
        run: Builtin::Compiler(ipaddresses),
    },
];

/// The module function `name` and the file its module must have.
pub(super) fn lookup(name: &str) -> Option<&'static ModuleFunction> {
    MODULE_FUNCTIONS.iter().find(|f| f.name == name)
}

/// redis's `getvar_emptystring(name)`: the variable, or `''` when it is
/// unset or undef.
/// stdlib's `get_module_path(name)`: the directory of the module on the
/// modulepath (the first one with that name).
fn get_module_path<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let [name] = call.args.as_slice() else {
        return Err(c.call_error(
            "get_module_path(): Wrong number of arguments, expects one",
            call.expr,
            call.manifest,
        ));
    };
    let name = legacy_string(name);
    match c.modules.dir(&name) {
        Some(dir) => Ok(Value::string(dir.display().to_string())),
        None => Err(c.call_error(
            format!(
                "Could not find module {name} in environment {}",
                c.environment
            ),
            call.expr,
            call.manifest,
        )),
    }
}

/// stdlib's `load_module_metadata(name, allow_empty = false)`: the module's
/// `metadata.json` as a hash (its keys in the file's order); `{}` when the
/// file is missing and `allow_empty` is true.
fn load_module_metadata<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let fail = |c: &Compiler<'a>, msg: String| c.call_error(msg, call.expr, call.manifest);
    let (name, allow_empty) = match call.args.as_slice() {
        [name] => (name, false),
        // Ruby's truth of a 3.x argument: undef arrives as '', true.
        [name, allow] => (name, !matches!(allow, Value::Bool(false))),
        _ => {
            return Err(fail(
                c,
                "load_module_metadata(): Wrong number of arguments, expects one or two".into(),
            ));
        }
    };
    let name = legacy_string(name);
    let Some(dir) = c.modules.dir(&name) else {
        return Err(fail(
            c,
            format!(
                "Could not find module {name} in environment {}",
                c.environment
            ),
        ));
    };
    match std::fs::read_to_string(dir.join("metadata.json")) {
        Ok(text) => match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(json) => Ok(Value::from_json(&json)),
            Err(e) => Err(fail(
                c,
                format!("load_module_metadata(): metadata.json of module {name} is not JSON: {e}"),
            )),
        },
        Err(_) if allow_empty => Ok(Value::hash(IndexMap::default())),
        Err(_) => Err(fail(
            c,
            format!("load_module_metadata(): No metadata.json file for module {name}"),
        )),
    }
}

/// A 3.x function's string argument: undef is the empty string.
fn legacy_string(v: &Value) -> String {
    if v.is_undef() {
        String::new()
    } else {
        v.to_display()
    }
}

fn getvar_emptystring<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    match call.args.as_slice() {
        [v] => Ok(c
            .variable_quietly(call.frame.scope, &v.to_display())
            .filter(|v| !v.is_undef())
            .unwrap_or_else(|| Value::string(""))),
        args => Err(c.call_error(
            format!(
                "getvar_emptystring(): wrong number of arguments ({}; must be 1)",
                args.len()
            ),
            call.expr,
            call.manifest,
        )),
    }
}

/// ssh's `ipaddresses()`: the addresses of the interfaces Facter's
/// legacy facts list (`interfaces`, `ipaddress_IF`, `ipaddress6_IF`),
/// loopbacks left out; `false` without an `interfaces` fact.
fn ipaddresses<'a>(c: &mut Compiler<'a>, _call: Call<'a, '_>) -> EResult<Value> {
    Ok(c.ipaddresses())
}

impl Compiler<'_> {
    /// Whether some module on the modulepath has this file.
    pub(crate) fn module_file_exists(&mut self, rel: &str) -> bool {
        if let Some(&known) = self.module_files.get(rel) {
            return known;
        }
        let found = self
            .modules
            .dirs()
            .any(|dir| dir.join(Path::new(rel)).is_file());
        self.module_files.insert(rel.to_string(), found);
        found
    }

    /// ssh's `ipaddresses()`: the addresses of the interfaces Facter's
    /// legacy facts list (`interfaces`, `ipaddress_IF`, `ipaddress6_IF`),
    /// loopbacks left out; `false` without an `interfaces` fact.
    fn ipaddresses(&self) -> Value {
        let top = |name: &str| self.scopes[TOP].vars.get(name).cloned();
        let Some(Value::String(interfaces)) = top("interfaces") else {
            return Value::Bool(false);
        };
        let mut out = Vec::new();
        for iface in interfaces.split(',') {
            if iface.contains("lo") {
                continue;
            }
            for fact in [format!("ipaddress_{iface}"), format!("ipaddress6_{iface}")] {
                if let Some(v) = top(&fact).filter(|v| !v.is_undef()) {
                    out.push(v);
                }
            }
        }
        Value::array(out)
    }
}

/// apache's `apache::bool2httpd` (and the deprecated `bool2httpd`): `Off`
/// for undef, false or a string containing `false` (any case), `On` for
/// true or a string containing `true`, else the value as Ruby's `to_s`.
fn apache_bool2httpd(args: &[Value]) -> Result<Value, String> {
    let [arg] = args else {
        return Err(format!(
            "'apache::bool2httpd' expects 1 argument, got {}",
            args.len()
        ));
    };
    let contains = |word: &str| match arg {
        Value::String(s) => s.to_ascii_lowercase().contains(word),
        _ => false,
    };
    Ok(Value::string(match arg {
        Value::Undef | Value::Bool(false) => "Off".to_string(),
        _ if contains("false") => "Off".to_string(),
        Value::Bool(true) => "On".to_string(),
        _ if contains("true") => "On".to_string(),
        other => rb_to_s(other),
    }))
}

/// apache's `apache::pw_hash(password)`: `{SHA}` and the Base64 of the
/// password's SHA-1 digest, as htpasswd's SHA scheme.
fn apache_pw_hash(args: &[Value]) -> Result<Value, String> {
    let pw = match args {
        [Value::String(s)] if !s.is_empty() => s.to_string(),
        [other] => {
            return Err(format!(
                "'apache::pw_hash' parameter 'password' expects a String[1] value, got {}",
                kuppet_values::types::infer(other)
            ));
        }
        _ => {
            return Err(format!(
                "'apache::pw_hash' expects 1 argument, got {}",
                args.len()
            ));
        }
    };
    let digest = Sha1::digest(pw.as_bytes());
    Ok(Value::string(format!(
        "{{SHA}}{}",
        kuppet_values::binary::to_base64(&digest)
    )))
}

const SERVICE_DEFAULT: &str = "<SERVICE DEFAULT>";

fn is_service_default(args: &[Value]) -> Result<Value, String> {
    if args.len() != 1 {
        return Err(format!(
            "is_service_default(): Wrong number of argumentsgiven ({} for 1)",
            args.len()
        ));
    }
    Ok(Value::Bool(args[0].as_str() == Some(SERVICE_DEFAULT)))
}

/// Ruby's `IPAddr.new(s).ipv6?` (a bare or bracketed address, with an
/// optional prefix length or zone).
fn is_ipv6(s: &str) -> bool {
    let s = s
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .unwrap_or(s);
    let s = match s.split_once('/') {
        Some((addr, len)) if len.parse::<u8>().is_ok_and(|n| n <= 128) => addr,
        Some(_) => return false,
        None => s,
    };
    let s = s.split_once('%').map_or(s, |(a, _)| a);
    s.parse::<Ipv6Addr>().is_ok()
}

/// The per-address functions of openstacklib: one address, or an array
/// (one-element arrays give the element).
fn each_address(args: &[Value], f: impl Fn(&str) -> Option<String>) -> Value {
    let items: Vec<Value> = match args.first() {
        Some(Value::Array(a)) => a.to_vec(),
        _ => args.to_vec(),
    };
    let out: Vec<Value> = items
        .iter()
        .map(|ip| match ip.as_str().and_then(&f) {
            Some(s) => Value::string(s),
            None => ip.clone(),
        })
        .collect();
    if items.len() == 1 {
        return out.into_iter().next().unwrap_or(Value::Undef);
    }
    Value::array(out)
}

fn normalize_ip_for_uri(args: &[Value]) -> Result<Value, String> {
    Ok(each_address(args, |ip| {
        let bracketed = ip
            .find('[')
            .is_some_and(|o| ip[o + 1..].find(']').is_some_and(|c| c > 0));
        (is_ipv6(ip) && !bracketed).then(|| format!("[{ip}]"))
    }))
}

fn inet6_prefix(args: &[Value]) -> Result<Value, String> {
    Ok(each_address(args, |ip| {
        if ip.starts_with("inet6:") && ip.len() > 6 {
            return None;
        }
        let parts: Vec<&str> = ip
            .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
            .filter(|p| !p.is_empty())
            .collect();
        let first = parts.first()?;
        is_ipv6(first).then(|| format!("inet6:[{first}]{}", parts[1..].join("")))
    }))
}

/// Ruby's `ERB::Util.url_encode`.
fn url_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Ruby class names for the type errors of these functions.
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::String(_) => "String",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

fn string_hash(
    fname: &str,
    args: &[Value],
    message: &str,
) -> Result<IndexMap<String, Value>, String> {
    if args.len() != 1 {
        return Err(message.to_string());
    }
    let Value::Hash(h) = &args[0] else {
        return Err(format!(
            "{fname}(): Requires an hash, got {}",
            ruby_class(&args[0])
        ));
    };
    Ok(h.iter().map(|(k, v)| (k.to_display(), v.clone())).collect())
}

/// `userinfo` of openstacklib's URLs: url-encoded user and password.
fn userinfo(v: &IndexMap<String, Value>) -> Option<String> {
    let present = |k: &str| v.get(k).filter(|x| !x.is_undef() && !rb_to_s(x).is_empty());
    let user = present("username")?;
    let mut info = url_encode(&rb_to_s(user));
    if let Some(pw) = present("password") {
        info.push(':');
        info.push_str(&url_encode(&rb_to_s(pw)));
    }
    Some(info)
}

fn os_database_connection(args: &[Value]) -> Result<Value, String> {
    let f = "os_database_connection";
    let v = string_hash(
        f,
        args,
        &format!(
            "{f}(): Wrong number of arguments given ({} for 1)",
            args.len()
        ),
    )?;
    for (k, val) in &v {
        let want = if k == "extra" { "Hash" } else { "String" };
        if ruby_class(val) != want {
            return Err(format!("{f}(): {k} should be a {want}"));
        }
    }
    let Some(dialect) = v.get("dialect") else {
        return Err(format!("{f}(): dialect is required"));
    };
    let Some(database) = v.get("database") else {
        return Err(format!("{f}(): database is required"));
    };
    let host = v.get("host").map(rb_to_s);
    let port = match (v.get("port"), &host) {
        (Some(p), Some(_)) => Some(ruby_to_i(&rb_to_s(p))),
        (Some(_), None) => return Err(format!("{f}(): host is required with port")),
        _ => None,
    };
    let mut extra: Vec<(String, String)> = Vec::new();
    if let Some(Value::Hash(h)) = v.get("extra") {
        extra.extend(h.iter().map(|(k, x)| (k.to_display(), rb_to_s(x))));
    }
    if let Some(c) = v.get("charset") {
        let c = rb_to_s(c);
        match extra.iter_mut().find(|(k, _)| k == "charset") {
            Some(e) => e.1 = c,
            None => extra.push(("charset".into(), c)),
        }
    }
    let mut url = format!("{}:", rb_to_s(dialect));
    match &host {
        Some(h) => {
            url.push_str("//");
            if let Some(info) = userinfo(&v) {
                url.push_str(&info);
                url.push('@');
            }
            url.push_str(h);
            if let Some(p) = port {
                url.push_str(&format!(":{p}"));
            }
            url.push_str(&format!("/{}", rb_to_s(database)));
        }
        None => url.push_str(&format!("///{}", rb_to_s(database))),
    }
    if !extra.is_empty() {
        let q: Vec<String> = extra.iter().map(|(k, x)| format!("{k}={x}")).collect();
        url.push('?');
        url.push_str(&q.join("&"));
    }
    Ok(Value::string(url))
}

/// Ruby's `String#to_i`: the leading integer, else 0.
fn ruby_to_i(s: &str) -> i64 {
    kuppet_values::ruby::str_to_i(s)
}

/// openstacklib's private `_str2bool`.
fn str2bool(v: &Value) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(*b),
        Value::String(s) => {
            let lower = s.to_ascii_lowercase();
            match lower.as_str() {
                "" => Ok(false),
                "1" | "t" | "y" | "true" | "yes" => Ok(true),
                "0" | "f" | "n" | "false" | "no" => Ok(false),
                _ if s.as_ref() == "undef" || s.as_ref() == "undefined" => Ok(false),
                _ => Err("os_transport_url _str2bool(): Unknown type of boolean given".into()),
            }
        }
        _ => Err("str2bool(): Requires string to work with".into()),
    }
}

fn os_transport_url(args: &[Value]) -> Result<Value, String> {
    let f = "os_transport_url";
    let raw = string_hash(f, args, "os_transport_url(): Wrong number of arguments")?;
    let mut v: IndexMap<String, Value> = IndexMap::new();
    for (k, val) in raw {
        let val = if k == "port" {
            Value::string(rb_to_s(&val))
        } else {
            val
        };
        let want = match k.as_str() {
            "hosts" => "Array",
            "query" => "Hash",
            _ => "String",
        };
        if ruby_class(&val) != want {
            return Err(format!("{f}(): {k} should be a {want}"));
        }
        v.insert(k, val);
    }
    let Some(transport) = v.get("transport") else {
        return Err(format!("{f}(): transport is required"));
    };
    let (has_host, has_hosts) = (v.contains_key("host"), v.contains_key("hosts"));
    if !has_host && !has_hosts {
        return Err(format!("{f}(): host or hosts is required"));
    }
    if has_host && has_hosts {
        return Err(format!("{f}(): cannot use both host and hosts."));
    }
    let info = userinfo(&v);
    let port = v.get("port").map(rb_to_s);
    let with_info = |h: String| match &info {
        Some(i) => format!("{i}@{h}"),
        None => h,
    };
    let hostinfo = if let Some(h) = v.get("host") {
        let mut host = rb_to_s(&normalize_ip_for_uri(std::slice::from_ref(h))?);
        if let Some(p) = &port {
            host.push_str(&format!(":{p}"));
        }
        with_info(host)
    } else {
        let hosts = normalize_ip_for_uri(std::slice::from_ref(&v["hosts"]))?;
        let hosts: Vec<String> = match hosts {
            Value::Array(a) => a.iter().map(rb_to_s).collect(),
            other => vec![rb_to_s(&other)],
        };
        hosts
            .into_iter()
            .map(|h| match &port {
                Some(p) => with_info(format!("{h}:{p}")),
                None => with_info(h),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let path = match v.get("virtual_host") {
        Some(vh) => format!("/{}", rb_to_s(vh)),
        None => "/".to_string(),
    };
    let mut query: Vec<(String, String)> = Vec::new();
    if let Some(Value::Hash(q)) = v.get("query") {
        query.extend(q.iter().map(|(k, x)| (k.to_display(), rb_to_s(x))));
    }
    if let Some(ssl) = v.get("ssl") {
        let n = if str2bool(ssl)? { "1" } else { "0" };
        match query.iter_mut().find(|(k, _)| k == "ssl") {
            Some(e) => e.1 = n.to_string(),
            None => query.push(("ssl".into(), n.to_string())),
        }
    }
    let mut url = format!("{}://{hostinfo}{path}", rb_to_s(transport));
    if !query.is_empty() {
        let q: Vec<String> = query.iter().map(|(k, x)| format!("{k}={x}")).collect();
        url.push('?');
        url.push_str(&q.join("&"));
    }
    Ok(Value::string(url))
}

/// `translate(message, values)`: Ruby's `message % values` with `%{key}`.
fn translate(args: &[Value]) -> Result<Value, String> {
    let Some(Value::String(message)) = args.first() else {
        return Err("'translate' parameter 'message' expects a String value".into());
    };
    let values = match args.get(1) {
        None | Some(Value::Undef) => return Ok(Value::String(message.clone())),
        Some(Value::Hash(h)) => h,
        Some(_) => {
            return Err("'translate' parameter 'interpolation_values' expects a Hash value".into());
        }
    };
    let mut out = String::new();
    let mut rest: &str = message;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let after = &rest[p + 1..];
        if let Some(x) = after.strip_prefix('%') {
            out.push('%');
            rest = x;
        } else if let Some(body) = after.strip_prefix('{')
            && let Some(close) = body.find('}')
        {
            let key = &body[..close];
            let v = values
                .get(&Value::string(key))
                .ok_or_else(|| format!("key<{key}> not found"))?;
            out.push_str(&rb_to_s(v));
            rest = &body[close + 1..];
        } else {
            out.push('%');
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(Value::string(out))
}

/// MySQL's native password hash: `*` and the SHA-1 of the SHA-1, uppercase.
fn mysql_password(args: &[Value]) -> Result<Value, String> {
    let pw = match args {
        [Value::String(s)] => s.to_string(),
        [Value::Sensitive(inner)] if matches!(**inner, Value::String(_)) => inner.to_display(),
        [other] => {
            return Err(format!(
                "'mysql::password' parameter 'password' expects a String value, got {}",
                kuppet_values::types::infer(other)
            ));
        }
        _ => {
            return Err(format!(
                "'mysql::password' expects 1 argument, got {}",
                args.len()
            ));
        }
    };
    if pw.is_empty() {
        return Ok(Value::string(""));
    }
    let hashed = pw.len() >= 41 && {
        let tail = &pw[pw.len() - 41..];
        tail.starts_with('*')
            && tail[1..]
                .chars()
                .all(|c| c.is_ascii_digit() || ('A'..='F').contains(&c))
    };
    if hashed {
        return Ok(Value::string(pw));
    }
    let inner = Sha1::digest(pw.as_bytes());
    let outer = Sha1::digest(inner);
    let hex: String = outer.iter().map(|b| format!("{b:02X}")).collect();
    Ok(Value::string(format!("*{hex}")))
}

/// neutron's `convert_to_json_string`: `["k:v", ...]` as a JSON object, or
/// any value as JSON (Ruby's compact `to_json`).
fn convert_to_json_string(args: &[Value]) -> Result<Value, String> {
    let v = args.first().cloned().unwrap_or(Value::Undef);
    let json = match &v {
        Value::Array(items)
            if items
                .iter()
                .all(|i| i.as_str().is_some_and(|s| s.contains(':'))) =>
        {
            let mut obj = serde_json::Map::new();
            for i in items.iter() {
                let s = i.as_str().unwrap_or_default();
                let mut parts = s.split(':').filter(|p| !p.is_empty());
                let k = parts.next().unwrap_or_default().to_string();
                let val = parts.next().map_or(serde_json::Value::Null, |x| {
                    serde_json::Value::String(x.into())
                });
                obj.insert(k, val);
            }
            serde_json::Value::Object(obj)
        }
        other => other.to_catalog_json().unwrap_or(serde_json::Value::Null),
    };
    Ok(Value::string(json.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn h(pairs: &[(&str, Value)]) -> Value {
        Value::hash(pairs.iter().map(|(k, v)| (s(k), v.clone())).collect())
    }

    #[test]
    fn service_default_and_addresses() {
        assert_eq!(
            is_service_default(&[s("<SERVICE DEFAULT>")]).unwrap(),
            Value::Bool(true)
        );
        assert_eq!(
            is_service_default(&[Value::Undef]).unwrap(),
            Value::Bool(false)
        );
        assert_eq!(normalize_ip_for_uri(&[s("::1")]).unwrap(), s("[::1]"));
        assert_eq!(normalize_ip_for_uri(&[s("[::1]")]).unwrap(), s("[::1]"));
        assert_eq!(
            normalize_ip_for_uri(&[s("10.0.0.1")]).unwrap(),
            s("10.0.0.1")
        );
        assert_eq!(
            normalize_ip_for_uri(&[Value::array(vec![s("fe80::1"), s("h")])]).unwrap(),
            Value::array(vec![s("[fe80::1]"), s("h")])
        );
        assert_eq!(inet6_prefix(&[s("::1")]).unwrap(), s("inet6:[::1]"));
        assert_eq!(inet6_prefix(&[s("host")]).unwrap(), s("host"));
    }

    #[test]
    fn openstack_urls() {
        let db = h(&[
            ("dialect", s("mysql+pymysql")),
            ("host", s("127.0.0.1")),
            ("port", s("3306")),
            ("database", s("nova")),
            ("username", s("nova")),
            ("password", s("p@ss w")),
            ("charset", s("utf8")),
        ]);
        assert_eq!(
            os_database_connection(&[db]).unwrap(),
            s("mysql+pymysql://nova:p%40ss%20w@127.0.0.1:3306/nova?charset=utf8")
        );
        let sqlite = h(&[("dialect", s("sqlite")), ("database", s("/var/lib/x.db"))]);
        assert_eq!(
            os_database_connection(&[sqlite]).unwrap(),
            s("sqlite:////var/lib/x.db")
        );
        let mq = h(&[
            ("transport", s("rabbit")),
            ("hosts", Value::array(vec![s("a"), s("::1")])),
            ("port", Value::Integer(5672)),
            ("username", s("guest")),
            ("password", s("pw")),
            ("virtual_host", s("vh")),
            ("ssl", s("true")),
        ]);
        assert_eq!(
            os_transport_url(&[mq]).unwrap(),
            s("rabbit://guest:pw@a:5672,guest:pw@[::1]:5672/vh?ssl=1")
        );
        let bad = h(&[
            ("transport", s("rabbit")),
            ("host", s("h")),
            ("password", Value::Undef),
        ]);
        assert_eq!(
            os_transport_url(&[bad]).unwrap_err(),
            "os_transport_url(): password should be a String"
        );
    }

    #[test]
    fn translate_mysql_json() {
        assert_eq!(
            translate(&[s("Hello %{who}, 100%%"), h(&[("who", s("you"))])]).unwrap(),
            s("Hello you, 100%")
        );
        assert_eq!(
            mysql_password(&[s("secret")]).unwrap(),
            s("*14E65567ABDB5135D0CFD9A70B3032C179A49EE7")
        );
        assert_eq!(
            convert_to_json_string(&[Value::array(vec![s("a:1"), s("b:2")])]).unwrap(),
            s(r#"{"a":"1","b":"2"}"#)
        );
    }
}
