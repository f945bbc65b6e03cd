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
