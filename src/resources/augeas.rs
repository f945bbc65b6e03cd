//! The `augeas` type of augeas_core, through libaugeas (the `raugeas`
//! binding) with the lenses installed beside the agent (Debian's
//! `augeas-lenses`), as Puppet's `augeas` provider behaves:
//!
//! - `returns` is the one property: examining runs `onlyif`, then (unless
//!   `force`) the `changes` in `newfile` save mode to see whether any file
//!   would change (the `.augnew` files are removed again); out of sync means
//!   "need to run", and the sync loads again and saves for real.
//! - `changes`: set, setm, rm/remove, clear, clearm, touch, ins/insert,
//!   mv/move, rename, defvar, defnode; `onlyif`: get (with comparators),
//!   values and match (size, include, not_include, ==, !=); `context`
//!   (default `/files` + `incl`); `incl` + `lens` load just that file;
//!   `load_path`, `root`, `type_check`, `force`.
//!
//! Containment: libaugeas opens files by path itself, so it works on a
//! thread of its own that unshares its filesystem attributes and chroots
//! into the managed root's directory descriptor (the one every file
//! resource resolves from) after the lenses were compiled from the agent's
//! own filesystem: every file augeas reads or saves resolves inside the
//! root as a command run there would. Augeas' own `root` parameter is then
//! a path inside the managed root.

mod engine;
mod parse;

use super::{Context, Examined, Level, Property, ResourceError, Source, Sync, located};
use super::{param_bool, param_list, param_string};
use kuppet_catalog::Resource;
use serde_json::json;

/// An `augeas` resource.
#[derive(Debug, Clone)]
pub struct Augeas {
    settings: engine::Settings,
}

impl Augeas {
    pub fn new(resource: &Resource) -> Result<Augeas, ResourceError> {
        let lens = param_string(resource, "lens");
        let incl = param_string(resource, "incl");
        if lens.is_some() != incl.is_some() {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Validation of {} failed: You must specify both the lens and incl parameters, or neither.",
                    resource.reference()
                ),
            )));
        }
        let mut context = param_string(resource, "context").unwrap_or_default();
        if context.is_empty()
            && let Some(i) = &incl
        {
            context = format!("/files{i}");
        }
        let type_check = match param_string(resource, "type_check").as_deref() {
            None | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter type_check failed on {}: Invalid value \"{other}\". Valid values are true, false.",
                        resource.reference()
                    ),
                )));
            }
        };
        let load_path = param_list(resource, "load_path")
            .iter()
            .flat_map(|p| p.split(':').map(str::to_string).collect::<Vec<_>>())
            .filter(|p| !p.is_empty())
            .collect();
        let returns = param_string(resource, "returns").unwrap_or_else(|| "0".into());
        Ok(Augeas {
            settings: engine::Settings {
                changes: param_list(resource, "changes"),
                onlyif: param_list(resource, "onlyif"),
                context,
                incl: incl.zip(lens),
                load_path,
                root: param_string(resource, "root").unwrap_or_else(|| "/".into()),
                force: param_bool(resource, "force")?.unwrap_or(false),
                type_check,
                returns,
            },
        })
    }

    fn flush(cx: &mut Context, logs: Vec<(Level, String)>) {
        for (level, text) in logs {
            cx.log(level, Source::Resource, text);
        }
    }
}

impl super::Provider for Augeas {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let outcome = engine::run(cx.host, &self.settings, engine::Mode::Check);
        Self::flush(cx, outcome.logs);
        if let Some(e) = outcome.error {
            return Err(ResourceError::failed(e));
        }
        let (current, sync) = if outcome.need_to_run {
            (json!("need_to_run"), Sync::OutOfSync)
        } else {
            (json!(0), Sync::InSync)
        };
        let desired = match self.settings.returns.parse::<i64>() {
            Ok(n) => json!(n),
            Err(_) => json!(self.settings.returns),
        };
        Ok(Examined {
            present: true,
            properties: vec![Property::new("returns", current, desired, sync)],
        })
    }

    fn sync(&mut self, _property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let outcome = engine::run(cx.host, &self.settings, engine::Mode::Execute);
        Self::flush(cx, outcome.logs);
        match outcome.error {
            Some(e) => Err(ResourceError::failed(e)),
            None => Ok("executed successfully".into()),
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("augeas")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Machine, Provider};
    use serde_json::{Value, json};

    fn resource(params: Value) -> Resource {
        let mut r = crate::purge::instance("Augeas", "hosts", &[]);
        r.file = Some("/m.pp".into());
        r.line = Some(3);
        if let Value::Object(map) = params {
            r.parameters
                .extend(map.into_iter().map(|(k, v)| (k.into(), v)));
        }
        r
    }

    fn check(aug: &mut Augeas, host: &Machine) -> Sync {
        let mut cx = Context::new(host, false, Level::Notice);
        let examined = aug.examine(&mut cx).expect("examines");
        examined.properties[0].sync.clone()
    }

    #[test]
    fn changes_apply_inside_the_root_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("etc")).expect("mkdir");
        let hosts = dir.path().join("etc/hosts");
        std::fs::write(&hosts, "127.0.0.1 localhost\n").expect("write");
        let host = Machine::new(dir.path()).expect("root");
        let mut aug = Augeas::new(&resource(json!({
            "incl": "/etc/hosts",
            "lens": "Hosts.lns",
            "changes": ["set 01/ipaddr 192.0.2.1", "set 01/canonical web"],
            "onlyif": "match *[canonical = 'web'] size == 0",
        })))
        .expect("valid");
        assert!(matches!(check(&mut aug, &host), Sync::OutOfSync));
        // The check saved to a .augnew beside the file and removed it.
        assert_eq!(
            std::fs::read_to_string(&hosts).expect("read"),
            "127.0.0.1 localhost\n"
        );
        assert!(!dir.path().join("etc/hosts.augnew").exists());
        let mut cx = Context::new(&host, false, Level::Notice);
        let property = aug.examine(&mut cx).expect("examines").properties.remove(0);
        assert_eq!(
            aug.sync(&property, &mut cx).expect("syncs"),
            "executed successfully"
        );
        assert_eq!(
            std::fs::read_to_string(&hosts).expect("read"),
            "127.0.0.1 localhost\n192.0.2.1\tweb\n"
        );
        assert!(matches!(check(&mut aug, &host), Sync::InSync));
    }

    #[test]
    fn changes_that_change_nothing_are_in_sync_and_bad_ones_fail() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("etc")).expect("mkdir");
        std::fs::write(
            dir.path().join("etc/hosts"),
            "127.0.0.1 localhost\n10.0.0.1 a\n",
        )
        .expect("write");
        let host = Machine::new(dir.path()).expect("root");
        let mut aug = Augeas::new(&resource(json!({
            "context": "/files/etc/hosts",
            "changes": "set *[canonical = 'localhost']/ipaddr 127.0.0.1",
        })))
        .expect("valid");
        assert!(matches!(check(&mut aug, &host), Sync::InSync));
        // A set libaugeas refuses (two nodes match) changes nothing, as
        // with Puppet's ruby-augeas; a bad path expression fails.
        let mut refused = Augeas::new(&resource(json!({
            "incl": "/etc/hosts",
            "lens": "Hosts.lns",
            "changes": "set */ipaddr 10.0.0.9",
        })))
        .expect("valid");
        assert!(matches!(check(&mut refused, &host), Sync::InSync));
        let mut bad = Augeas::new(&resource(json!({
            "incl": "/etc/hosts",
            "lens": "Hosts.lns",
            "changes": "rm 1[",
        })))
        .expect("valid");
        let mut cx = Context::new(&host, false, Level::Notice);
        let err = bad.examine(&mut cx).expect_err("bad path");
        assert_eq!(
            err.to_string(),
            "Error sending command 'rm' with params [\"/files/etc/hosts/1[\"]/Error sending command 'rm' with params [\"/files/etc/hosts/1[\"]"
        );
        let err = Augeas::new(&resource(json!({"lens": "Hosts.lns"}))).expect_err("no incl");
        assert_eq!(
            err.to_string(),
            "Validation of Augeas[hosts] failed: You must specify both the lens and incl parameters, or neither. (file: /m.pp, line: 3)"
        );
    }
}
