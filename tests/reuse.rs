//! Compile reuse is exact: for every manifest below, a fleet of nodes with
//! varied facts and names is compiled once per node and through a
//! `ReuseCache`, and the catalogs (and logs, and errors) must be identical.
//! Each case also says what its catalog depends on (a projection of the
//! node); the cache must compile exactly once per distinct projection,
//! which proves the reads it keys on are as narrow as claimed.
//!
//! The read paths covered: `$facts[...]` paths (one read only in a branch),
//! top-scope variables (`$x`, `$::x`), `getvar`, Hiera (hierarchy paths and
//! data interpolating facts), ERB (`template`, `inline_template`), EPP,
//! `defined('$x')`, node definitions by name and regex with captures,
//! `$trusted`, `fqdn_rand`, and whole-hash reads (`each`, `keys`, `inspect`,
//! interpolation, passing `$facts` to a function).

use kuppet_eval::reuse::{ReuseCache, compile_reusing};
use kuppet_eval::{CompileRequest, DataConfig, ManifestInput, compile_with_data};
use serde_json::{Value as Json, json};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

/// One node of the test fleet.
struct Node {
    name: String,
    short: String,
    /// `None`: `os` is the string "linux", not a hash.
    family: Option<&'static str>,
    major: String,
    role: Option<&'static str>,
    extra: bool,
    ip: String,
    facts: serde_json::Map<String, Json>,
}

fn fleet() -> Vec<Node> {
    let names = [
        "web01", "web02", "db01", "db02", "lb01", "web03", "db03", "odd01", "web04", "db04",
        "lb02", "web05", "cache1", "web06", "db05", "web07",
    ];
    names
        .iter()
        .enumerate()
        .map(|(i, short)| {
            let name = format!("{short}.example.com");
            let family = match i {
                7 => None,
                _ if i % 3 == 0 => Some("RedHat"),
                _ => Some("Debian"),
            };
            let role = match i % 4 {
                0 | 3 => Some("web"),
                1 => Some("db"),
                _ => None,
            };
            let major = format!("1{}", i % 2);
            let ip = format!("10.0.0.{i}");
            let mut facts = json!({
                "networking": {"hostname": short, "fqdn": name, "ip": ip},
                "os": match family {
                    Some(f) => json!({"family": f, "release": {"major": major}}),
                    None => json!("linux"),
                },
                "memory": {"system": {"total_bytes": 1000 + i}},
                "uptime_seconds": i * 100,
                "fqdn": name,
            });
            let map = facts.as_object_mut().unwrap();
            if let Some(r) = role {
                map.insert("role".into(), json!(r));
            }
            if i % 5 == 0 {
                map.insert("extra".into(), json!(true));
            }
            Node {
                name,
                short: short.to_string(),
                family,
                major,
                role,
                extra: i % 5 == 0,
                ip,
                facts: map.clone(),
            }
        })
        .collect()
}

/// Writes the module `site` (templates, module data) and a global Hiera.
fn environment(dir: &Path) -> DataConfig {
    let files: &[(&str, &str)] = &[
        (
            "modules/site/templates/t.erb",
            "role=<%= @role %> fam=<%= @facts['os']['family'] %> fqdn=<%= scope['::fqdn'] %><% if @extra %> extra<% end %>\n",
        ),
        (
            "modules/site/templates/t.epp",
            "<%= $facts['os']['family'] %>/<%= $::role %>/<%= $trusted['hostname'] %>\n",
        ),
        (
            "modules/site/manifests/data.pp",
            "class site::data (String $pkg, Integer $port, String $motd = 'none') {\n  notify { \"pkg=${pkg} port=${port} motd=${motd}\": }\n}\n",
        ),
        (
            "hiera.yaml",
            "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: role\n    path: \"roles/%{::role}.yaml\"\n  - name: os\n    path: \"os/%{facts.os.family}.yaml\"\n  - name: common\n    path: common.yaml\n",
        ),
        ("data/roles/web.yaml", "---\nsite::data::port: 80\n"),
        (
            "data/os/Debian.yaml",
            "---\nsite::data::pkg: apache2\nsite::data::motd: \"debian %{facts.os.release.major}\"\n",
        ),
        (
            "data/common.yaml",
            "---\nsite::data::pkg: httpd\nsite::data::port: 8080\n",
        ),
    ];
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    DataConfig {
        hiera_config: Some(dir.join("hiera.yaml")),
        ..DataConfig::default()
    }
}

type Projection = fn(&Node) -> String;

/// The manifests, each with what its catalog depends on.
fn cases() -> Vec<(&'static str, &'static str, Projection)> {
    // Nodes whose `os` is not a hash fail wherever `os` is dug into: each
    // such compile runs (errors are not kept).
    fn fam(n: &Node) -> String {
        n.family.map_or_else(|| n.name.clone(), str::to_string)
    }
    vec![
        (
            "fact path",
            "notify { \"family ${facts['os']['family']}\": }",
            fam,
        ),
        (
            "fact read in one branch",
            "if $facts['role'] == 'web' { notify { \"ip ${facts['networking']['ip']}\": } } else { notify { 'other': } }",
            |n| match n.role {
                Some("web") => n.ip.clone(),
                r => format!("{r:?}"),
            },
        ),
        (
            "top-scope variables",
            "class x { notify { \"role ${role} ${::role}\": } }\ninclude x",
            |n| format!("{:?}", n.role),
        ),
        (
            "getvar and defined",
            "notify { \"${getvar('role')} ${defined('$extra')} ${defined('$::nothere')}\": }",
            |n| format!("{:?} {}", n.role, n.extra),
        ),
        (
            "missing path and variable key",
            "$k = 'os'\nnotify { \"${facts['nothere']} ${facts['memory']['nothere']} ${facts[$k]['release']['major']}\": }",
            |n| match n.family {
                Some(_) => n.major.clone(),
                None => n.name.clone(),
            },
        ),
        (
            "fact variable narrowed",
            "notify { \"${os['family']} ${::os['release']['major']}\": }",
            |n| match n.family {
                Some(f) => format!("{f} {}", n.major),
                None => n.name.clone(),
            },
        ),
        (
            "whole hash: each",
            "$facts.each |$k, $v| { notify { \"fact ${k}\": } }",
            |n| n.name.clone(),
        ),
        (
            "whole hash: keys",
            "notify { \"${facts.keys.sort.join(',')}\": }",
            |n| n.name.clone(),
        ),
        (
            "whole hash: String() and interpolation",
            "$x = String($facts)\nnotify { 'n': message => \"${x} ${facts}\" }",
            |n| n.name.clone(),
        ),
        (
            "whole hash: passed to a function",
            "$f = $facts.filter |$k, $v| { $k == 'role' }\nnotify { \"${f}\": }",
            |n| n.name.clone(),
        ),
        (
            "whole hash: dig",
            "notify { \"${facts.dig('os', 'family')}\": }",
            |n| n.name.clone(),
        ),
        (
            "hiera",
            "include site::data",
            // Only Debian's data interpolates the release.
            |n| match n.family {
                Some("Debian") => format!("Debian {} {:?}", n.major, n.role),
                Some(f) => format!("{f} {:?}", n.role),
                None => n.name.clone(),
            },
        ),
        (
            "erb template",
            "$r = $role\nnotify { 'erb': message => template('site/t.erb') }",
            |n| n.name.clone(),
        ),
        (
            "inline_template of a top variable",
            "notify { 'erb': message => inline_template('<%= @role %><%= scope[\"::extra\"] %>') }",
            |n| format!("{:?} {}", n.role, n.extra),
        ),
        (
            "epp",
            "notify { 'epp': message => epp('site/t.epp') }",
            |n| match n.family {
                Some(f) => format!("{f} {:?} {}", n.role, n.short),
                None => n.name.clone(),
            },
        ),
        (
            "node definitions",
            "node /^web(\\d+)/ { notify { \"web ${1}\": } }\nnode 'db01.example.com' { notify { 'db01': } }\nnode default { notify { 'default': } }",
            |n| {
                if let Some(d) = n.short.strip_prefix("web") {
                    format!("web {d}")
                } else if n.short == "db01" {
                    "db01".into()
                } else {
                    "default".into()
                }
            },
        ),
        ("trusted", "notify { \"${trusted['certname']}\": }", |n| {
            n.name.clone()
        }),
        ("fqdn_rand", "notify { \"${fqdn_rand(100)}\": }", |n| {
            n.name.clone()
        }),
        (
            "top-scope assignment to a fact name",
            "$extra = 1\nnotify { \"${extra}\": }",
            |n| {
                if n.extra {
                    n.name.clone()
                } else {
                    "none".into()
                }
            },
        ),
        (
            "no fact read",
            "notify { 'constant': }\nfile { '/etc/motd': content => \"${environment}\" }",
            |_| String::new(),
        ),
    ]
}

/// A compile's result as compared: the catalog and logs, or the error.
fn outcome(r: &Result<kuppet_eval::Compiled, kuppet_syntax::diagnostics::Diagnostic>) -> String {
    match r {
        Ok(c) => format!(
            "{}\n{:?}",
            serde_json::to_string_pretty(&c.catalog).unwrap(),
            c.logs
        ),
        Err(d) => format!("error: {d:?}"),
    }
}

#[test]
fn reuse_gives_the_catalogs_of_fresh_compiles() {
    let dir = tempfile::tempdir().unwrap();
    let data = environment(dir.path());
    let nodes = fleet();
    for (name, code, projection) in cases() {
        let manifest = Arc::new(kuppet_syntax::parse("site.pp", code).unwrap());
        let request = |n: &Node| CompileRequest {
            manifests: vec![ManifestInput {
                manifest: manifest.clone(),
                apply_top_level: true,
            }],
            facts: n.facts.clone(),
            node: n.name.clone(),
            modulepath: vec![dir.path().join("modules")],
            ..CompileRequest::default()
        };
        let mut cache = ReuseCache::new(0);
        let mut ok = 0;
        for n in &nodes {
            let fresh = compile_with_data(&request(n), &data);
            let reused = compile_reusing(&mut cache, &request(n), &data).map(|(c, _)| c);
            assert_eq!(
                outcome(&fresh),
                outcome(&reused),
                "case '{name}', node {}: the reused catalog differs from a fresh compile",
                n.name
            );
            ok += fresh.is_ok() as usize;
        }
        assert!(ok > 0, "case '{name}': no node compiled");
        let distinct: HashSet<String> = nodes.iter().map(projection).collect();
        assert_eq!(
            cache.stats.compiled as usize,
            distinct.len(),
            "case '{name}': compiles run (reused {})",
            cache.stats.reused
        );
    }
}

#[test]
fn volatile_compiles_are_not_kept() {
    let manifest = Arc::new(
        kuppet_syntax::parse("site.pp", "notify { generate('/bin/echo', 'x'): }").unwrap(),
    );
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest,
            apply_top_level: true,
        }],
        node: "a".into(),
        allow_generate: true,
        ..CompileRequest::default()
    };
    let mut cache = ReuseCache::new(0);
    for _ in 0..2 {
        let (c, reused) = compile_reusing(&mut cache, &request, &DataConfig::default()).unwrap();
        assert!(c.reads.is_none());
        assert!(!reused);
    }
    assert_eq!(cache.len(), 0);
    assert_eq!(cache.stats.compiled, 2);
}

#[test]
fn a_reused_catalog_carries_the_nodes_name() {
    let manifest = Arc::new(kuppet_syntax::parse("site.pp", "notify { 'x': }").unwrap());
    let mut cache = ReuseCache::new(0);
    for node in ["a.example.com", "b.example.com"] {
        let request = CompileRequest {
            manifests: vec![ManifestInput {
                manifest: manifest.clone(),
                apply_top_level: true,
            }],
            node: node.into(),
            ..CompileRequest::default()
        };
        let (c, _) = compile_reusing(&mut cache, &request, &DataConfig::default()).unwrap();
        assert_eq!(c.catalog.name, node);
    }
    assert_eq!(cache.stats.reused, 1);
}

/// A small deterministic generator (no dependency, the same fleet each run).
struct Lcg(u64);

impl Lcg {
    fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        from[((self.0 >> 33) as usize) % from.len()].clone()
    }
}

/// Random fleets over small domains (so that nodes share inputs), including
/// absent facts and facts of the wrong type, through a manifest that mixes
/// the read paths: every node's reused catalog equals its fresh compile.
#[test]
fn random_fleets_reuse_exactly() {
    let code = r#"
class role::web { notify { "web ${facts['os']['family']} ${::tier}": } }
class role::db {
  if $facts['os']['release']['major'] == '12' { notify { 'db12': } }
  else { notify { "db ${facts['memory']['system']['total']}": } }
}
case $facts['role'] {
  'web': { include role::web }
  'db': { include role::db }
  default: {
    notify { "other ${getvar('tier')} ${defined('$zone')}": }
    # A whole-hash read, only here.
    $n = $facts.filter |$key, $v| { $key =~ /^t/ }.length
    notify { "t-facts ${n}": }
  }
}
if $facts['os'] =~ Hash and $facts['os']['family'] =~ /Deb/ {
  notify { "zone ${inline_template('<%= @zone %>')}": }
}
$k = $facts['pick']
if $k =~ String { notify { "picked ${facts[$k]}": } }
"#;
    let manifest = Arc::new(kuppet_syntax::parse("site.pp", code).unwrap());
    let mut rng = Lcg(7);
    let mut nodes = Vec::new();
    for i in 0..80 {
        let mut facts = serde_json::Map::new();
        let mut set = |k: &str, v: Option<Json>| {
            if let Some(v) = v {
                facts.insert(k.to_string(), v);
            }
        };
        set(
            "role",
            rng.pick(&[
                Some(json!("web")),
                Some(json!("db")),
                Some(json!("x")),
                None,
            ]),
        );
        let os = rng.pick(&[
            json!({"family": "Debian", "release": {"major": "12"}}),
            json!({"family": "Debian", "release": {"major": "11"}}),
            json!({"family": "RedHat", "release": {"major": "12"}}),
            json!({"family": "RedHat"}),
            json!("linux"),
        ]);
        set("os", Some(os));
        set(
            "tier",
            rng.pick(&[Some(json!("a")), Some(json!("b")), None]),
        );
        set("zone", rng.pick(&[Some(json!("z1")), Some(json!(5)), None]));
        set(
            "memory",
            Some(json!({"system": {"total": rng.pick(&[1, 2])}, "swap": i})),
        );
        set(
            "pick",
            rng.pick(&[
                Some(json!("tier")),
                Some(json!("zone")),
                Some(json!(3)),
                None,
            ]),
        );
        set("uptime", Some(json!(i)));
        nodes.push((format!("n{i}.example.com"), facts));
    }
    let mut cache = ReuseCache::new(0);
    let data = DataConfig::default();
    for (name, facts) in &nodes {
        let request = CompileRequest {
            manifests: vec![ManifestInput {
                manifest: manifest.clone(),
                apply_top_level: true,
            }],
            facts: facts.clone(),
            node: name.clone(),
            ..CompileRequest::default()
        };
        let fresh = compile_with_data(&request, &data);
        let reused = compile_reusing(&mut cache, &request, &data).map(|(c, _)| c);
        assert_eq!(outcome(&fresh), outcome(&reused), "node {name}");
    }
    assert!(cache.stats.reused > 0, "no node shared its inputs");
    assert!(cache.groups() > 1, "every compile read the same inputs");
}
