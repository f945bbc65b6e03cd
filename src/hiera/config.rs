//! `hiera.yaml`: version 5 (hierarchy levels with `path(s)`, `glob(s)`,
//! `mapped_paths`, `datadir`, `data_hash`, `defaults`, a module's
//! `default_hierarchy`), version 4 (modules), and version 3 (global layer:
//! `:backends:`, `:hierarchy:`, `:merge_behavior:`), each read into levels.

use super::data::{DataFormat, from_yaml};
use super::error::LookupError;
use super::merge::{DeepOptions, Merge};
use kuppet_values::value::Value;
use std::path::{Path, PathBuf};

/// Which layer a configuration serves (some keys are allowed only in one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    Global,
    /// `hiera.yaml` at an environment's root.
    Environment,
    Module,
}

/// A parsed configuration.
#[derive(Debug, Clone)]
pub(crate) struct HieraConfig {
    pub path: PathBuf,
    pub version: u8,
    pub hierarchy: Vec<Level>,
    /// A module's `default_hierarchy`: searched when no layer has the key.
    pub default_hierarchy: Vec<Level>,
    /// Hiera 3's `:merge_behavior:` (for `hiera_hash()`), when not native.
    pub v3_merge: Option<Merge>,
}

/// One level of a hierarchy.
#[derive(Debug, Clone)]
pub struct Level {
    pub name: String,
    pub provider: Provider,
    /// The data directory, absolute or relative to the configuration's
    /// directory, not yet interpolated.
    pub datadir: String,
    pub locations: Locations,
    /// Appended to paths that lack it (Hiera 3: `.yaml`).
    pub extension: Option<&'static str>,
    /// A relative `datadir` is relative to the configuration's directory
    /// (versions 4 and 5) or to the working directory (version 3).
    pub relative_to_config: bool,
}

/// Where a level's data comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Provider {
    /// A built-in `data_hash` function: `yaml_data`, `json_data`.
    DataHash(DataFormat),
    /// A function kuppet does not have: (kind, name), e.g. `lookup_key`, `eyaml_lookup_key`.
    Unsupported(&'static str, String),
}

/// A level's files, not yet interpolated.
#[derive(Debug, Clone, PartialEq)]
pub enum Locations {
    /// No locations: the function is called once without a path.
    None,
    Paths(Vec<String>),
    Globs(Vec<String>),
    /// `[variable, key, template]`: one path per element of the variable.
    MappedPaths(Vec<String>),
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const FUNCTION_KEYS_TEXT: &str = "'data_hash', 'lookup_key', 'data_dig', or 'hiera3_backend'";
const LOCATION_KEYS_TEXT: &str =
    "'path', 'paths', 'glob', 'globs', 'uri', 'uris', or 'mapped_paths'";

impl HieraConfig {
    /// Reads a configuration file; `Ok(None)` when it does not exist.
    pub fn load(path: &Path, layer: Layer) -> Result<Option<HieraConfig>, LookupError> {
        if !path.is_file() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(path).map_err(|e| LookupError::Config {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        HieraConfig::parse(path, &text, layer).map(Some)
    }

    /// Parses the text of a configuration file.
    pub fn parse(path: &Path, text: &str, layer: Layer) -> Result<HieraConfig, LookupError> {
        let fail = |message: String| LookupError::Config {
            path: path.to_path_buf(),
            message,
        };
        let y: serde_yaml::Value = if text.trim().is_empty() {
            serde_yaml::Value::Null
        } else {
            serde_yaml::from_str(text).map_err(|e| fail(e.to_string()))?
        };
        let root = match symkeys(from_yaml(&y)) {
            Value::Hash(h) => h,
            // Not a hash: Puppet falls back to Hiera 3's default configuration.
            _ => std::rc::Rc::new(indexmap::IndexMap::new()),
        };
        let get = |k: &str| root.get(&Value::string(k));
        let version = match get("version") {
            None | Some(Value::Undef) => 3,
            Some(Value::Integer(n)) => *n,
            Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
            Some(_) => 0,
        };
        let mut config = HieraConfig {
            path: path.to_path_buf(),
            version: 5,
            hierarchy: Vec::new(),
            default_hierarchy: Vec::new(),
            v3_merge: None,
        };
        match (version, layer) {
            (5, _) => {
                let defaults = match get("defaults") {
                    Some(Value::Hash(h)) => Some(h.clone()),
                    Some(Value::Undef) | None => None,
                    Some(_) => {
                        return Err(fail(format!(
                            "The Lookup Configuration at '{}' entry 'defaults' expects a Struct value",
                            path.display()
                        )));
                    }
                };
                let default_fn = match &defaults {
                    Some(d) => {
                        let found: Vec<&str> = FUNCTION_KEYS
                            .iter()
                            .copied()
                            .filter(|k| d.contains_key(&Value::string(*k)))
                            .collect();
                        if found.len() > 1 {
                            return Err(fail(format!(
                                "Only one of {FUNCTION_KEYS_TEXT} can be defined in defaults"
                            )));
                        }
                        found.first().map(|k| {
                            (
                                *k,
                                d.get(&Value::string(*k))
                                    .map(|v| v.to_display())
                                    .unwrap_or_default(),
                            )
                        })
                    }
                    // Without a `defaults` key, Puppet's defaults are
                    // `datadir: data` and `data_hash: yaml_data`.
                    None => Some(("data_hash", "yaml_data".to_string())),
                };
                let default_datadir = defaults
                    .as_ref()
                    .and_then(|d| d.get(&Value::string("datadir")))
                    .and_then(|v| v.as_str())
                    .unwrap_or("data")
                    .to_string();
                let levels = |key: &str| -> Result<Vec<Level>, LookupError> {
                    match get(key) {
                        None | Some(Value::Undef) if key == "hierarchy" => Ok(vec![Level {
                            name: "Common".into(),
                            provider: provider_of("data_hash", "yaml_data"),
                            datadir: "data".into(),
                            locations: Locations::Paths(vec!["common.yaml".into()]),
                            extension: None,
                            relative_to_config: true,
                        }]),
                        None | Some(Value::Undef) => Ok(Vec::new()),
                        Some(Value::Array(items)) => {
                            let mut out: Vec<Level> = Vec::new();
                            for item in items.iter() {
                                let level =
                                    level_v5(item, &default_fn, &default_datadir).map_err(fail)?;
                                if out.iter().any(|l| l.name == level.name) {
                                    return Err(fail(format!(
                                        "Hierarchy name '{}' defined more than once.",
                                        level.name
                                    )));
                                }
                                out.push(level);
                            }
                            Ok(out)
                        }
                        Some(_) => Err(fail(format!(
                            "The Lookup Configuration at '{}' entry '{key}' expects an Array value",
                            path.display()
                        ))),
                    }
                };
                config.hierarchy = levels("hierarchy")?;
                if get("default_hierarchy").is_some() {
                    if layer != Layer::Module {
                        return Err(fail(
                            "'default_hierarchy' is only allowed in the module layer".into(),
                        ));
                    }
                    config.default_hierarchy = levels("default_hierarchy")?;
                }
            }
            (4, Layer::Global) => {
                return Err(fail(
                    "hiera.yaml version 4 cannot be used in the global layer".into(),
                ));
            }
            (4, Layer::Module | Layer::Environment) => {
                config.version = 4;
                let datadir = get("datadir")
                    .and_then(|v| v.as_str())
                    .unwrap_or("data")
                    .to_string();
                let items = match get("hierarchy") {
                    Some(Value::Array(items)) => items.to_vec(),
                    _ => vec![Value::hash(
                        [
                            (Value::string("name"), Value::string("common")),
                            (Value::string("backend"), Value::string("yaml")),
                        ]
                        .into_iter()
                        .collect(),
                    )],
                };
                for item in &items {
                    config
                        .hierarchy
                        .push(level_v4(item, &datadir).map_err(fail)?);
                }
            }
            (3, Layer::Global) => {
                config.version = 3;
                let (levels, merge) = v3(&root);
                config.hierarchy = levels;
                config.v3_merge = merge;
            }
            (3, Layer::Module | Layer::Environment) => {
                // Puppet ignores (with a warning) a version 3 file in a
                // module or at an environment's root.
                config.version = 3;
            }
            (v, _) => {
                return Err(fail(format!(
                    "This runtime does not support hiera.yaml version {v}"
                )));
            }
        }
        Ok(config)
    }
}

/// Hiera 3 keys are Ruby symbols (`:backends:`): their names without the colon.
fn symkeys(v: Value) -> Value {
    match v {
        Value::Hash(h) => Value::hash(
            h.iter()
                .map(|(k, v)| {
                    let k = match k {
                        Value::String(s) if s.starts_with(':') => Value::string(&s[1..]),
                        other => other.clone(),
                    };
                    (k, symkeys(v.clone()))
                })
                .collect(),
        ),
        Value::Array(items) => Value::array(items.iter().cloned().map(symkeys).collect()),
        other => other,
    }
}

fn provider_of(kind: &'static str, name: &str) -> Provider {
    match (kind, DataFormat::from_function(name)) {
        ("data_hash", Some(f)) => Provider::DataHash(f),
        _ => Provider::Unsupported(kind, name.to_string()),
    }
}

fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items.iter().map(|i| i.to_display()).collect(),
        other => vec![other.to_display()],
    }
}

fn level_v5(
    item: &Value,
    default_fn: &Option<(&'static str, String)>,
    default_datadir: &str,
) -> Result<Level, String> {
    let Value::Hash(h) = item else {
        return Err("hierarchy entries must be hashes".into());
    };
    let get = |k: &str| h.get(&Value::string(k));
    let name = match get("name") {
        Some(Value::String(s)) if !s.is_empty() => s.to_string(),
        _ => return Err("hierarchy entries must have a 'name'".into()),
    };
    let fns: Vec<&'static str> = FUNCTION_KEYS
        .iter()
        .copied()
        .chain(["v4_data_hash"])
        .filter(|k| get(k).is_some())
        .collect();
    let provider = match (fns.as_slice(), default_fn) {
        ([], Some((k, f))) => provider_of(k, f),
        ([], None) => {
            return Err(format!(
                "One of {FUNCTION_KEYS_TEXT} must be defined in hierarchy '{name}'"
            ));
        }
        ([k], _) => provider_of(k, &get(k).map(|v| v.to_display()).unwrap_or_default()),
        _ => {
            return Err(format!(
                "Only one of {FUNCTION_KEYS_TEXT} can be defined in hierarchy '{name}'"
            ));
        }
    };
    let loc_keys: Vec<&str> = [
        "path",
        "paths",
        "glob",
        "globs",
        "uri",
        "uris",
        "mapped_paths",
    ]
    .into_iter()
    .filter(|k| get(k).is_some())
    .collect();
    let locations = match loc_keys.as_slice() {
        [] => Locations::None,
        ["path" | "paths"] => Locations::Paths(strings(get(loc_keys[0]).unwrap_or(&Value::Undef))),
        ["glob" | "globs"] => Locations::Globs(strings(get(loc_keys[0]).unwrap_or(&Value::Undef))),
        ["mapped_paths"] => {
            let m = strings(get("mapped_paths").unwrap_or(&Value::Undef));
            if m.len() != 3 {
                return Err(format!(
                    "'mapped_paths' of hierarchy '{name}' must have 3 elements"
                ));
            }
            Locations::MappedPaths(m)
        }
        [_] => Locations::None,
        _ => {
            return Err(format!(
                "Only one of {LOCATION_KEYS_TEXT} can be defined in hierarchy '{name}'"
            ));
        }
    };
    let datadir = get("datadir")
        .and_then(|v| v.as_str())
        .unwrap_or(default_datadir)
        .to_string();
    Ok(Level {
        name,
        provider,
        datadir,
        locations,
        extension: None,
        relative_to_config: true,
    })
}

fn level_v4(item: &Value, datadir: &str) -> Result<Level, String> {
    let Value::Hash(h) = item else {
        return Err("hierarchy entries must be hashes".into());
    };
    let get = |k: &str| h.get(&Value::string(k)).map(|v| v.to_display());
    let name = get("name").unwrap_or_default();
    let backend = get("backend").unwrap_or_default();
    let (provider, ext) = match backend.as_str() {
        "yaml" => (Provider::DataHash(DataFormat::Yaml), ".yaml"),
        "json" => (Provider::DataHash(DataFormat::Json), ".json"),
        other => {
            return Err(format!(
                "No data provider is registered for backend '{other}'"
            ));
        }
    };
    let paths = match h.get(&Value::string("paths")) {
        Some(v) => strings(v),
        None => vec![get("path").unwrap_or_else(|| name.clone())],
    };
    Ok(Level {
        name,
        provider,
        datadir: get("datadir").unwrap_or_else(|| datadir.to_string()),
        locations: Locations::Paths(paths),
        extension: Some(ext),
        relative_to_config: true,
    })
}

/// Hiera 3: one level per backend, each searching the whole hierarchy.
fn v3(root: &indexmap::IndexMap<Value, Value>) -> (Vec<Level>, Option<Merge>) {
    let get = |k: &str| root.get(&Value::string(k));
    let backends = get("backends")
        .map(strings)
        .unwrap_or_else(|| vec!["yaml".into()]);
    let hierarchy = get("hierarchy")
        .map(strings)
        .unwrap_or_else(|| vec!["nodes/%{::trusted.certname}".into(), "common".into()]);
    let mut levels = Vec::new();
    for backend in backends {
        let config = match get(&backend) {
            Some(Value::Hash(h)) => Some(h.clone()),
            _ => None,
        };
        let datadir = config
            .as_ref()
            .and_then(|c| c.get(&Value::string("datadir")))
            .map(|v| v.to_display())
            .unwrap_or_else(|| {
                "/etc/puppetlabs/code/environments/%{::environment}/hieradata".into()
            });
        let (provider, ext) = match backend.as_str() {
            "yaml" => (Provider::DataHash(DataFormat::Yaml), ".yaml"),
            "json" => (Provider::DataHash(DataFormat::Json), ".json"),
            other => (
                Provider::Unsupported("hiera3_backend", other.to_string()),
                "",
            ),
        };
        levels.push(Level {
            name: backend.clone(),
            provider,
            datadir,
            locations: Locations::Paths(hierarchy.clone()),
            extension: (!ext.is_empty()).then_some(ext),
            relative_to_config: false,
        });
    }
    let merge = match get("merge_behavior").and_then(|v| v.as_str()) {
        Some("deep") => Some(Merge::Deep(DeepOptions {
            reverse: true,
            ..v3_deep_options(get("deep_merge_options"))
        })),
        Some("deeper") => Some(Merge::Deep(v3_deep_options(get("deep_merge_options")))),
        _ => None,
    };
    (levels, merge)
}

fn v3_deep_options(v: Option<&Value>) -> DeepOptions {
    let Some(Value::Hash(h)) = v else {
        return DeepOptions::default();
    };
    let get = |k: &str| h.get(&Value::string(k));
    DeepOptions {
        knockout_prefix: get("knockout_prefix")
            .and_then(|v| v.as_str())
            .map(str::to_string),
        merge_hash_arrays: get("merge_hash_arrays").is_some_and(Value::is_truthy),
        sort_merged_arrays: get("sort_merged_arrays").is_some_and(Value::is_truthy),
        reverse: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_version_5_module_config() {
        let text = "---\nversion: 5\ndefaults:\n  datadir: 'data'\n  data_hash: 'yaml_data'\nhierarchy:\n  - name: 'os'\n    path: '%{facts.os.family}.yaml'\n  - name: 'common'\n    paths: ['a.yaml', 'common.yaml']\n    data_hash: json_data\n";
        let c = HieraConfig::parse(Path::new("/m/hiera.yaml"), text, Layer::Module).unwrap();
        assert_eq!(c.hierarchy.len(), 2);
        assert_eq!(
            c.hierarchy[0].provider,
            Provider::DataHash(DataFormat::Yaml)
        );
        assert_eq!(
            c.hierarchy[1].provider,
            Provider::DataHash(DataFormat::Json)
        );
        assert_eq!(
            c.hierarchy[1].locations,
            Locations::Paths(vec!["a.yaml".into(), "common.yaml".into()])
        );
    }

    #[test]
    fn missing_hierarchy_is_common_yaml() {
        let c =
            HieraConfig::parse(Path::new("/m/hiera.yaml"), "version: 5\n", Layer::Module).unwrap();
        assert_eq!(
            c.hierarchy[0].locations,
            Locations::Paths(vec!["common.yaml".into()])
        );
    }

    #[test]
    fn no_defaults_key_means_yaml_data() {
        let text = "version: 5\nhierarchy:\n  - name: x\n    path: a.yaml\n";
        let c = HieraConfig::parse(Path::new("h.yaml"), text, Layer::Global).unwrap();
        assert_eq!(
            c.hierarchy[0].provider,
            Provider::DataHash(DataFormat::Yaml)
        );
    }

    #[test]
    fn refuses_bad_configs() {
        let no_fn =
            "version: 5\ndefaults:\n  datadir: d\nhierarchy:\n  - name: x\n    path: a.yaml\n";
        let e = HieraConfig::parse(Path::new("h.yaml"), no_fn, Layer::Global).unwrap_err();
        assert!(e.to_string().contains("must be defined in hierarchy 'x'"));
        let dh = "version: 5\ndefault_hierarchy: []\n";
        assert!(HieraConfig::parse(Path::new("h.yaml"), dh, Layer::Global).is_err());
        assert!(HieraConfig::parse(Path::new("h.yaml"), "version: 7\n", Layer::Global).is_err());
    }

    #[test]
    fn reads_hiera_3() {
        let text = ":backends:\n  - yaml\n:yaml:\n  :datadir: /d\n:hierarchy:\n  - \"nodes/%{::trusted.certname}\"\n  - common\n:merge_behavior: deeper\n";
        let c = HieraConfig::parse(Path::new("h.yaml"), text, Layer::Global).unwrap();
        assert_eq!(c.version, 3);
        assert_eq!(c.hierarchy[0].datadir, "/d");
        assert_eq!(c.hierarchy[0].extension, Some(".yaml"));
        assert!(matches!(c.v3_merge, Some(Merge::Deep(_))));
    }
}
