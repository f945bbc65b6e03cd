//! The lookup engine over small data trees on disk.

use super::*;
use std::fs;

struct Vars(IndexMap<String, Value>);

impl ScopeVars for Vars {
    fn var(&self, name: &str) -> Option<Value> {
        self.0.get(name.trim_start_matches("::")).cloned()
    }
}

fn vars() -> Vars {
    let mut os = IndexMap::new();
    os.insert(Value::string("family"), Value::string("Debian"));
    let mut facts = IndexMap::new();
    facts.insert(Value::string("os"), Value::hash(os));
    let mut m = IndexMap::new();
    m.insert("facts".to_string(), Value::hash(facts));
    Vars(m)
}

fn write(dir: &Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

fn tree() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let m = t.path().join("modules/mod");
    write(
        &m,
        "hiera.yaml",
        "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: os\n    path: '%{facts.os.family}.yaml'\n  - name: common\n    path: common.yaml\n",
    );
    write(
        &m,
        "data/Debian.yaml",
        "mod::list: [b]\nmod::h: {x: deb}\nmod::s: 'on %{facts.os.family}'\nmod::alias: '%{alias(\"mod::h\")}'\nother::k: dropped\n",
    );
    write(
        &m,
        "data/common.yaml",
        "lookup_options:\n  mod::list:\n    merge: unique\n  '^mod::h.*':\n    merge: hash\nmod::list: [a, b]\nmod::h: {x: common, y: common}\nmod::loop: '%{lookup(\"mod::loop\")}'\n",
    );
    write(
        t.path(),
        "global/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: g\n    path: g.json\n    data_hash: json_data\n",
    );
    write(
        t.path(),
        "global/data/g.json",
        "{\"mod::s\": \"global\", \"k\": {\"a\": [1, 2]}}",
    );
    t
}

fn state(t: &tempfile::TempDir, global: bool) -> HieraState {
    HieraState::new(
        global.then(|| t.path().join("global/hiera.yaml")),
        vec![t.path().join("modules")],
    )
}

fn get(state: &mut HieraState, key: &str, merge: Option<Merge>) -> Option<Value> {
    let v = vars();
    let mut l = Lookup::new(state, &v);
    l.search(key, merge).unwrap().map(|f| f.value)
}

#[test]
fn module_data_level_by_level() {
    let t = tree();
    let mut s = state(&t, false);
    assert_eq!(
        get(&mut s, "mod::s", None),
        Some(Value::string("on Debian"))
    );
    assert_eq!(get(&mut s, "mod::nope", None), None);
    // Keys of other modules are dropped, with a warning.
    assert_eq!(get(&mut s, "other::k", None), None);
    assert!(
        s.warnings
            .iter()
            .any(|w| w.contains("must use keys qualified"))
    );
}

#[test]
fn lookup_options_merge() {
    let t = tree();
    let mut s = state(&t, false);
    assert_eq!(
        get(&mut s, "mod::list", None),
        Some(Value::array(vec![Value::string("b"), Value::string("a")]))
    );
    let Some(Value::Hash(h)) = get(&mut s, "mod::h", None) else {
        panic!("a hash")
    };
    assert_eq!(h.get(&Value::string("x")), Some(&Value::string("deb")));
    assert_eq!(h.get(&Value::string("y")), Some(&Value::string("common")));
    // An explicit merge wins over lookup_options.
    assert_eq!(
        get(&mut s, "mod::list", Some(Merge::First)),
        Some(Value::array(vec![Value::string("b")]))
    );
}

#[test]
fn global_layer_first_and_dotted_keys() {
    let t = tree();
    let mut s = state(&t, true);
    assert_eq!(get(&mut s, "mod::s", None), Some(Value::string("global")));
    assert_eq!(get(&mut s, "k.a.1", None), Some(Value::Integer(2)));
    assert_eq!(get(&mut s, "k.b", None), None);
}

#[test]
fn alias_and_recursion() {
    let t = tree();
    let mut s = state(&t, false);
    assert!(matches!(
        get(&mut s, "mod::alias", None),
        Some(Value::Hash(_))
    ));
    let v = vars();
    let mut l = Lookup::new(&mut s, &v);
    let err = l.search("mod::loop", None).unwrap_err();
    assert!(matches!(err, LookupError::Recursive(_)), "{err}");
}

#[test]
fn globs_sorted() {
    let t = tempfile::tempdir().unwrap();
    write(t.path(), "d/b.yaml", "x: 1");
    write(t.path(), "d/a.yaml", "x: 1");
    write(t.path(), "d/c.json", "{}");
    let found = glob(&t.path().join("d/*.yaml"));
    let names: Vec<_> = found
        .iter()
        .map(|p| p.file_name().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["a.yaml", "b.yaml"]);
}

/// Global, environment and module layers as Puppet 7.23 searched them
/// (`puppet apply --environmentpath ... --environment e --hiera_config
/// global/hiera.yaml`); each expected value is what Puppet printed.
fn layers() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let p = t.path();
    write(
        p,
        "global/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: g\n    path: g.yaml\n",
    );
    write(
        p,
        "global/data/g.yaml",
        "lookup_options:\n  lo:\n    merge: first\nk: global\narr: [global]\nm::h:\n  global: 1\nlo: [g]\n",
    );
    write(
        p,
        "env/hiera.yaml",
        "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    );
    write(
        p,
        "env/data/common.yaml",
        "lookup_options:\n  lo:\n    merge: unique\n  m::h:\n    merge: hash\n  arr:\n    merge: unique\nk: env\nm::k: env\nm::h:\n  env: 1\narr: [env]\nlo: [e]\n",
    );
    write(
        p,
        "env/modules/m/hiera.yaml",
        "version: 5\nhierarchy:\n  - name: mc\n    path: common.yaml\n",
    );
    write(
        p,
        "env/modules/m/data/common.yaml",
        "m::k: module\nm::h:\n  module: 1\nm::only: module\nlookup_options:\n  m::only:\n    merge: unique\n",
    );
    t
}

fn env_state(t: &tempfile::TempDir, env_hiera: &str) -> HieraState {
    let mut s = HieraState::new(
        Some(t.path().join("global/hiera.yaml")),
        vec![t.path().join("env/modules")],
    );
    s.environment_config = Some(t.path().join(env_hiera));
    s
}

fn strings(items: &[&str]) -> Value {
    Value::array(items.iter().map(|s| Value::string(*s)).collect())
}

fn hiera(state: &mut HieraState, key: &str) -> Option<Value> {
    let v = vars();
    let mut l = Lookup::new(state, &v).global_only();
    l.search(key, None).unwrap().map(|f| f.value)
}

#[test]
fn the_environment_layer_is_between_global_and_modules() {
    let t = layers();
    let mut s = env_state(&t, "env/hiera.yaml");
    assert_eq!(get(&mut s, "k", None), Some(Value::string("global")));
    assert_eq!(get(&mut s, "m::k", None), Some(Value::string("env")));
    // The environment's lookup_options merge the key across all layers,
    // the module's keys first (Puppet: {module => 1, env => 1, global => 1}).
    let Some(Value::Hash(h)) = get(&mut s, "m::h", None) else {
        panic!("a hash")
    };
    let keys: Vec<String> = h.keys().map(|k| k.to_display()).collect();
    assert_eq!(keys, ["module", "env", "global"]);
    assert_eq!(get(&mut s, "arr", None), Some(strings(&["global", "env"])));
    assert_eq!(get(&mut s, "m::only", None), Some(strings(&["module"])));
    // The global layer's lookup_options win over the environment's.
    assert_eq!(get(&mut s, "lo", None), Some(strings(&["g"])));
}

#[test]
fn hiera_functions_search_every_layer_only_with_environment_data() {
    let t = layers();
    let mut s = env_state(&t, "env/hiera.yaml");
    assert_eq!(hiera(&mut s, "k"), Some(Value::string("global")));
    assert_eq!(hiera(&mut s, "m::k"), Some(Value::string("env")));
    assert_eq!(hiera(&mut s, "m::only"), Some(strings(&["module"])));
    // Without an environment layer: the global layer only.
    let mut s = env_state(&t, "env/none.yaml");
    assert_eq!(hiera(&mut s, "m::only"), None);
    assert_eq!(get(&mut s, "m::only", None), Some(strings(&["module"])));
}

#[test]
fn environment_versions() {
    let t = layers();
    // Version 4 is searched; version 3 is ignored with Puppet's warning.
    write(
        t.path(),
        "v4/hiera.yaml",
        "version: 4\ndatadir: data\nhierarchy:\n  - name: c\n    backend: yaml\n    path: common\n",
    );
    write(t.path(), "v4/data/common.yaml", "only_env: v4\n");
    let mut s = env_state(&t, "v4/hiera.yaml");
    assert_eq!(get(&mut s, "only_env", None), Some(Value::string("v4")));
    write(
        t.path(),
        "v3/hiera.yaml",
        ":backends:\n  - yaml\n:hierarchy:\n  - common\n",
    );
    write(t.path(), "v3/common.yaml", "only_env: v3\n");
    let mut s = env_state(&t, "v3/hiera.yaml");
    assert_eq!(get(&mut s, "only_env", None), None);
    assert!(
        s.warnings
            .iter()
            .any(|w| w == "hiera.yaml version 3 found at the environment root was ignored")
    );
    // default_hierarchy belongs to modules.
    write(
        t.path(),
        "dh/hiera.yaml",
        "version: 5\ndefault_hierarchy:\n  - name: c\n    path: common.yaml\n",
    );
    let mut s = env_state(&t, "dh/hiera.yaml");
    let v = vars();
    let err = Lookup::new(&mut s, &v).search("x", None).unwrap_err();
    assert!(
        err.to_string()
            .contains("'default_hierarchy' is only allowed in the module layer"),
        "{err}"
    );
}
