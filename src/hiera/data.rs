//! Data files: `yaml_data` and `json_data`, read into Puppet values once per
//! compile.

use super::error::LookupError;
use indexmap::IndexMap;
use kuppet_values::value::Value;
use std::path::Path;
use std::rc::Rc;

/// The keys and values of one data file.
pub(crate) type DataHash = IndexMap<String, Value>;

/// The built-in `data_hash` functions kuppet has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataFormat {
    Yaml,
    Json,
}

impl DataFormat {
    /// The format a `data_hash` function name stands for.
    pub(crate) fn from_function(name: &str) -> Option<DataFormat> {
        match name {
            "yaml_data" => Some(DataFormat::Yaml),
            "json_data" => Some(DataFormat::Json),
            _ => None,
        }
    }
}

/// Reads a data file. An empty YAML file (or one that is not a hash) holds no
/// data, as in Puppet (which warns about the latter).
pub fn read(path: &Path, format: DataFormat) -> Result<DataHash, LookupError> {
    let text = std::fs::read_to_string(path).map_err(|e| LookupError::Data {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    parse(path, &text, format)
}

/// Parses the text of a data file.
pub fn parse(path: &Path, text: &str, format: DataFormat) -> Result<DataHash, LookupError> {
    let bad = |message: String| LookupError::Data {
        path: path.to_path_buf(),
        message,
    };
    let root = match format {
        DataFormat::Yaml => {
            if text.trim().is_empty() {
                return Ok(DataHash::new());
            }
            let y: serde_yaml::Value =
                serde_yaml::from_str(text).map_err(|e| bad(e.to_string()))?;
            from_yaml(&y)
        }
        DataFormat::Json => {
            let j: serde_json::Value =
                serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
            Value::from_json(&j)
        }
    };
    match root {
        Value::Hash(map) => Ok(map
            .iter()
            .map(|(k, v)| (key_string(k), v.clone()))
            .collect()),
        _ if format == DataFormat::Json => {
            Err(bad("file does not contain a valid JSON hash".into()))
        }
        _ => Ok(DataHash::new()),
    }
}

/// A top-level key as a string (Ruby symbols `:key` lose their colon).
fn key_string(k: &Value) -> String {
    match k {
        Value::String(s) => s.strip_prefix(':').unwrap_or(s).to_string(),
        other => other.to_display(),
    }
}

/// A YAML value as a Puppet value.
pub(crate) fn from_yaml(y: &serde_yaml::Value) -> Value {
    use serde_yaml::Value as Y;
    match y {
        Y::Null => Value::Undef,
        Y::Bool(b) => Value::Bool(*b),
        Y::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Y::String(s) => Value::string(s.as_str()),
        Y::Sequence(items) => Value::array(items.iter().map(from_yaml).collect()),
        Y::Mapping(map) => Value::Hash(Rc::new(
            map.iter()
                .map(|(k, v)| (from_yaml(k), from_yaml(v)))
                .collect(),
        )),
        Y::Tagged(t) => from_yaml(&t.value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_keys_and_values() {
        let d = parse(
            Path::new("x.yaml"),
            "---\nmod::a: 1\n:mod::b: [x, 2.5]\nmod::c:\n  k: ~\n",
            DataFormat::Yaml,
        )
        .unwrap();
        assert!(matches!(d["mod::a"], Value::Integer(1)));
        assert!(matches!(&d["mod::b"], Value::Array(a) if a.len() == 2));
        assert!(
            matches!(&d["mod::c"], Value::Hash(h) if h.values().next().is_some_and(Value::is_undef))
        );
    }

    #[test]
    fn empty_and_broken_files() {
        assert!(
            parse(Path::new("e.yaml"), "", DataFormat::Yaml)
                .unwrap()
                .is_empty()
        );
        assert!(
            parse(Path::new("e.yaml"), "--- []\n", DataFormat::Yaml)
                .unwrap()
                .is_empty()
        );
        assert!(parse(Path::new("b.yaml"), "a: [\n", DataFormat::Yaml).is_err());
        assert!(parse(Path::new("b.json"), "[1]", DataFormat::Json).is_err());
    }
}
