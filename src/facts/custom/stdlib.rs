//! puppetlabs-stdlib's custom facts: `root_home`, `service_provider`,
//! `package_provider`, `puppet_vardir`, `puppet_environmentpath`,
//! `puppet_server`, `pe_version` and `is_pe`.
//!
//! The Puppet settings are those of Debian's Puppet 7 (the one kuppet
//! matches), with the `[main]` section of the root's
//! `/etc/puppet/puppet.conf` applied.

use super::{Ctx, providers};
use serde_json::json;
use std::collections::BTreeMap;

/// `[main]` settings of a puppet.conf.
fn main_section(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut in_main = true;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            in_main = section.trim() == "main";
            continue;
        }
        if in_main && let Some((k, v)) = line.split_once('=') {
            out.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    out
}

/// Puppet's settings that stdlib reports.
pub(crate) struct PuppetSettings {
    pub vardir: String,
    pub environmentpath: String,
    pub server: String,
}

/// Debian's Puppet defaults, with the root's puppet.conf `[main]`.
pub(crate) fn puppet_settings(ctx: &Ctx) -> PuppetSettings {
    let conf = ctx
        .host
        .read("/etc/puppet/puppet.conf")
        .map(|t| main_section(&t))
        .unwrap_or_default();
    let confdir = conf
        .get("confdir")
        .cloned()
        .unwrap_or_else(|| "/etc/puppet".into());
    let expand = |v: &str, vars: &[(&str, &str)]| {
        let mut v = v.to_string();
        for (k, val) in vars {
            v = v.replace(&format!("${k}"), val);
        }
        v
    };
    let codedir = conf
        .get("codedir")
        .map(|c| expand(c, &[("confdir", &confdir)]))
        .unwrap_or_else(|| format!("{confdir}/code"));
    let vardir = conf
        .get("vardir")
        .map(|v| expand(v, &[("confdir", &confdir)]))
        .unwrap_or_else(|| "/var/cache/puppet".into());
    let environmentpath = conf
        .get("environmentpath")
        .map(|v| {
            expand(
                v,
                &[
                    ("codedir", &codedir),
                    ("confdir", &confdir),
                    ("vardir", &vardir),
                ],
            )
        })
        .unwrap_or_else(|| format!("{codedir}/environments"));
    PuppetSettings {
        vardir,
        environmentpath,
        server: conf
            .get("server")
            .cloned()
            .unwrap_or_else(|| "puppet".into()),
    }
}

/// `getent passwd root`'s home directory, from the root's passwd file.
fn root_home(ctx: &Ctx) -> Option<String> {
    let passwd = ctx.host.read("/etc/passwd")?;
    passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.first() == Some(&"root")).then(|| f.get(5).copied().unwrap_or("").to_string())
    })
}

pub(crate) fn gather(ctx: &mut Ctx) {
    if ctx.has("root_home.rb") {
        let v = root_home(ctx);
        ctx.set("root_home", v.map(Into::into));
    }
    if ctx.has("service_provider.rb") {
        let v = providers::service(ctx);
        ctx.set("service_provider", v.map(Into::into));
    }
    if ctx.has("package_provider.rb") {
        let v = providers::package(ctx);
        ctx.set("package_provider", v.map(Into::into));
    }
    if ctx.has("puppet_settings.rb") {
        let s = puppet_settings(ctx);
        ctx.set("puppet_vardir", Some(json!(s.vardir)));
        ctx.set("puppet_environmentpath", Some(json!(s.environmentpath)));
        ctx.set("puppet_server", Some(json!(s.server)));
    }
    if ctx.has("pe_version.rb") {
        // PE's build (an external fact), else `Puppet Enterprise X.Y.Z` in
        // puppetversion: neither for the Puppet kuppet matches.
        let pe = ctx.str_fact("pe_build").map(str::to_string).or_else(|| {
            let v = ctx.str_fact("puppetversion")?;
            let rest = v.split("Puppet Enterprise ").nth(1)?;
            let ver: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            (ver.split('.').filter(|p| !p.is_empty()).count() >= 3).then_some(ver)
        });
        let is_pe = pe.as_deref().is_some_and(|p| !p.is_empty());
        if let Some(p) = &pe {
            let parts: Vec<&str> = p.split('.').collect();
            ctx.set("pe_major_version", parts.first().map(|x| json!(x)));
            ctx.set("pe_minor_version", parts.get(1).map(|x| json!(x)));
            ctx.set("pe_patch_version", parts.get(2).map(|x| json!(x)));
        }
        ctx.set("pe_version", pe.map(Into::into));
        ctx.set("is_pe", Some(json!(is_pe)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puppet_conf_main_section() {
        let s = main_section("# c\n[main]\nvardir = /srv/puppet # x\n[agent]\nserver = other\n");
        assert_eq!(s.get("vardir").map(String::as_str), Some("/srv/puppet"));
        assert_eq!(s.get("server"), None);
    }
}
