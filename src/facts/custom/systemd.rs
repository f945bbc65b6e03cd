//! The systemd module's facts: `systemd` (the service provider is systemd),
//! `systemd_version` (what `systemctl --version` names: the version in the
//! name of libsystemd-shared) and `systemd_internal_services` (the
//! `systemd-*` service unit files that `systemctl list-unit-files` shows
//! enabled, disabled, enabled-runtime or indirect: kuppet computes their
//! state from the unit files and the symlinks in the root's configuration
//! directories, as systemctl does).

use super::Ctx;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// The unit directories of the system manager, in priority order, and
/// whether each is configuration (`Some(runtime?)`), generated or transient.
const UNIT_DIRS: [(&str, Kind); 13] = [
    ("/etc/systemd/system.control", Kind::Config(false)),
    ("/run/systemd/system.control", Kind::Config(true)),
    ("/run/systemd/transient", Kind::Transient),
    ("/run/systemd/generator.early", Kind::Generated),
    ("/etc/systemd/system", Kind::Config(false)),
    ("/etc/systemd/system.attached", Kind::Config(false)),
    ("/run/systemd/system", Kind::Config(true)),
    ("/run/systemd/system.attached", Kind::Config(true)),
    ("/run/systemd/generator", Kind::Generated),
    ("/usr/local/lib/systemd/system", Kind::Vendor),
    ("/usr/lib/systemd/system", Kind::Vendor),
    ("/run/systemd/generator.late", Kind::Generated),
    ("/lib/systemd/system", Kind::Vendor),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Config(bool),
    Transient,
    Generated,
    Vendor,
}

/// The `[Install]` section's keys of a unit file.
fn install_keys(text: &str) -> Vec<String> {
    let mut in_install = false;
    let mut keys = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_install = line == "[Install]";
            continue;
        }
        if in_install
            && let Some((k, v)) = line.split_once('=')
            && !v.trim().is_empty()
        {
            keys.push(k.trim().to_string());
        }
    }
    keys
}

/// The names symlinks in configuration directories point to, with whether
/// the directory is a runtime one.
fn enabled_targets(ctx: &Ctx) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    let mut scan = |dir: &Path, runtime: bool| {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if let Ok(target) = std::fs::read_link(&path) {
                let t = Path::new(&target)
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                out.push((name, t, runtime));
            }
        }
    };
    for (dir, kind) in UNIT_DIRS {
        let Kind::Config(runtime) = kind else {
            continue;
        };
        let base = ctx.host.path(dir);
        scan(&base, runtime);
        for e in std::fs::read_dir(&base).into_iter().flatten().flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if (n.ends_with(".wants") || n.ends_with(".requires") || n.ends_with(".upholds"))
                && e.path().is_dir()
            {
                scan(&e.path(), runtime);
            }
        }
    }
    out
}

/// The state `systemctl list-unit-files` gives each `systemd-*.service`.
pub(crate) fn unit_states(ctx: &Ctx) -> BTreeMap<String, String> {
    let links = enabled_targets(ctx);
    let mut states = BTreeMap::new();
    for (dir, kind) in UNIT_DIRS {
        let base = ctx.host.path(dir);
        let mut names: Vec<String> = std::fs::read_dir(&base)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("systemd-") && n.ends_with(".service"))
            .collect();
        names.sort();
        for name in names {
            if states.contains_key(&name) {
                continue;
            }
            let path = base.join(&name);
            let link = std::fs::read_link(&path).ok();
            let state = if link.as_deref() == Some(Path::new("/dev/null")) {
                if kind == Kind::Config(true) {
                    "masked-runtime"
                } else {
                    "masked"
                }
                .to_string()
            } else if kind == Kind::Generated {
                "generated".into()
            } else if kind == Kind::Transient {
                "transient".into()
            } else if link
                .as_ref()
                .and_then(|l| l.file_name())
                .is_some_and(|f| f.to_string_lossy() != name)
            {
                "alias".into()
            } else {
                let enabled = links
                    .iter()
                    .filter(|(link_name, target, _)| *target == name || *link_name == name)
                    .map(|(_, _, runtime)| *runtime)
                    .min();
                match enabled {
                    Some(false) => "enabled".into(),
                    Some(true) => "enabled-runtime".into(),
                    None => {
                        let text = crate::host::read_text(&path).unwrap_or_default();
                        let keys = install_keys(&text);
                        let rules = ["WantedBy", "RequiredBy", "UpheldBy", "Alias"];
                        if keys.iter().any(|k| rules.contains(&k.as_str())) {
                            "disabled".into()
                        } else if keys.iter().any(|k| k == "Also") {
                            "indirect".into()
                        } else {
                            "static".into()
                        }
                    }
                }
            };
            states.insert(name, state);
        }
    }
    states
}

/// The systemd version in the name of libsystemd-shared (`252`).
fn systemd_version(ctx: &Ctx) -> Option<String> {
    let mut dirs = vec![
        "/usr/lib/systemd".to_string(),
        "/usr/lib64/systemd".to_string(),
        "/lib/systemd".to_string(),
    ];
    for e in std::fs::read_dir(ctx.host.path("/usr/lib"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let n = e.file_name().to_string_lossy().into_owned();
        if n.contains("-linux-") {
            dirs.push(format!("/usr/lib/{n}/systemd"));
        }
    }
    dirs.iter().find_map(|d| {
        std::fs::read_dir(ctx.host.path(d))
            .into_iter()
            .flatten()
            .flatten()
            .find_map(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                let v = n.strip_prefix("libsystemd-shared-")?.strip_suffix(".so")?;
                let digits: String = v.chars().take_while(char::is_ascii_digit).collect();
                (!digits.is_empty()).then_some(digits)
            })
    })
}

pub(crate) fn gather(ctx: &mut Ctx) {
    if !ctx.has("systemd.rb")
        || ctx.str_fact("kernel").map(str::to_lowercase).as_deref() != Some("linux")
    {
        return;
    }
    let on = ctx.str_fact("service_provider") == Some("systemd");
    ctx.set("systemd", Some(json!(on)));
    if on {
        let v = systemd_version(ctx);
        ctx.set("systemd_version", v.map(Value::from));
        let wanted = ["enabled", "disabled", "enabled-runtime", "indirect"];
        let services: Map<String, Value> = unit_states(ctx)
            .into_iter()
            .filter(|(_, s)| wanted.contains(&s.as_str()))
            .map(|(n, s)| (n, json!(s)))
            .collect();
        ctx.set("systemd_internal_services", Some(Value::Object(services)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_states_are_what_systemctl_lists() {
        // testdata/systemd-units: this machine's systemd-*.service units and
        // unit directory symlinks; systemctl-all.txt is
        // `systemctl list-unit-files --no-legend "systemd-*" -t service` there.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/systemd-units");
        let listed = std::fs::read_to_string(dir.join("systemctl-all.txt")).expect("listing");
        let want: BTreeMap<String, String> = listed
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                Some((f.first()?.to_string(), f.get(1)?.to_string()))
            })
            .collect();
        let got =
            super::super::tests::with_ctx("systemd-units", &[], json!({}), |ctx| unit_states(ctx));
        assert_eq!(got, want);
        // The fact keeps the four states the module asks systemctl for.
        let facts = super::super::tests::with_ctx(
            "systemd-units",
            &["systemd.rb"],
            json!({"kernel": "Linux", "service_provider": "systemd"}),
            |ctx| {
                gather(ctx);
                ctx.facts.clone()
            },
        );
        assert_eq!(facts["systemd"], true);
        assert_eq!(
            facts["systemd_internal_services"]["systemd-timesyncd.service"],
            "enabled"
        );
        assert_eq!(
            facts["systemd_internal_services"]["systemd-networkd.service"],
            "disabled"
        );
        assert!(
            facts["systemd_internal_services"]
                .get("systemd-journald.service")
                .is_none()
        );
        assert_eq!(
            facts["systemd_internal_services"]
                .as_object()
                .map(|m| m.len()),
            Some(9)
        );
    }

    #[test]
    fn install_sections() {
        assert_eq!(
            install_keys(
                "[Unit]\nWantedBy=nope\n[Install]\nWantedBy=multi-user.target\nAlso=x.socket\n"
            ),
            vec!["WantedBy", "Also"]
        );
        assert!(install_keys("[Service]\nExecStart=/bin/true\n").is_empty());
    }
}
