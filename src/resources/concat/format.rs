//! The structured formats of `concat_file` (`yaml`, `json`, `json-array`,
//! `json-pretty`, `json-array-pretty`): each fragment is parsed, the
//! documents merged as the type's `nested_merge` does (hashes deep-merged,
//! the earlier fragment's value kept; arrays joined without duplicates;
//! a conflict fails unless `force`), and the result written as Ruby's
//! `to_yaml` (Psych), `to_json` or `JSON.pretty_generate` writes it.

use indexmap::IndexMap;
use kuppet_values::Value;
use kuppet_values::ruby::rb_to_s;
use std::rc::Rc;

/// One of the structured formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Yaml,
    Json,
    JsonArray,
    JsonPretty,
    JsonArrayPretty,
}

impl Format {
    /// Parses a `format` value; `plain` is not structured (None).
    pub fn parse(name: &str) -> Option<Option<Format>> {
        Some(match name {
            "plain" => None,
            "yaml" => Some(Format::Yaml),
            "json" => Some(Format::Json),
            "json-array" => Some(Format::JsonArray),
            "json-pretty" => Some(Format::JsonPretty),
            "json-array-pretty" => Some(Format::JsonArrayPretty),
            _ => return None,
        })
    }
}

fn from_yaml(v: &serde_yaml::Value) -> Value {
    use serde_yaml::Value as Y;
    match v {
        Y::Null => Value::Undef,
        Y::Bool(b) => Value::Bool(*b),
        Y::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Y::String(s) => Value::string(s.as_str()),
        Y::Sequence(items) => Value::array(items.iter().map(from_yaml).collect()),
        Y::Mapping(map) => Value::hash(
            map.iter()
                .map(|(k, v)| (from_yaml(k), from_yaml(v)))
                .collect(),
        ),
        Y::Tagged(t) => from_yaml(&t.value),
    }
}

/// Ruby's `empty?` of a merged document (`nil` counts as empty).
fn is_empty(v: &Value) -> bool {
    match v {
        Value::Undef => true,
        Value::Hash(h) => h.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// Ruby's `==` between parsed values (`1 == 1.0`).
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            (*x as f64) == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| equal(a, b))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

/// The type's `nested_merge`.
fn merge(a: &Value, b: &Value, force: bool) -> Result<Value, String> {
    if is_empty(b) {
        return Ok(a.clone());
    }
    if is_empty(a) {
        return Ok(b.clone());
    }
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            let mut out: Vec<Value> = Vec::new();
            for v in x.iter().chain(y.iter()) {
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
            Ok(Value::Array(Rc::new(out)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            let mut out: IndexMap<Value, Value> = (**x).clone();
            for (k, v2) in y.iter() {
                let Some(v1) = x.get(k) else {
                    out.insert(k.clone(), v2.clone());
                    continue;
                };
                let merged = match (v1, v2) {
                    (Value::Hash(_), Value::Hash(_)) | (Value::Array(_), Value::Array(_)) => {
                        merge(v1, v2, force)?
                    }
                    _ => {
                        if !equal(v1, v2) && !force {
                            return Err(format!(
                                "Duplicate key '{}' found with values '{}' and {}'. Use 'force' attribute to merge keys.",
                                rb_to_s(k),
                                rb_to_s(v1),
                                rb_to_s(v2)
                            ));
                        }
                        v1.clone()
                    }
                };
                out.insert(k.clone(), merged);
            }
            Ok(Value::Hash(Rc::new(out)))
        }
        _ => Err(format!(
            "undefined method `merge' for {}",
            kuppet_values::ruby::rb_inspect(a)
        )),
    }
}

fn to_json(v: &Value) -> serde_json::Value {
    v.to_catalog_json().unwrap_or(serde_json::Value::Null)
}

/// The merged document of the fragments, written in `format`.
pub fn render(format: Format, fragments: &[String], force: bool) -> Result<String, String> {
    let mut docs = Vec::with_capacity(fragments.len());
    for text in fragments {
        docs.push(match format {
            Format::Yaml => serde_yaml::from_str::<serde_yaml::Value>(text)
                .map(|v| from_yaml(&v))
                .map_err(|e| e.to_string())?,
            _ => serde_json::from_str::<serde_json::Value>(text)
                .map(|v| Value::from_json(&v))
                .map_err(|e| format!("unexpected token in JSON: {e}"))?,
        });
    }
    let merged = || -> Result<Value, String> {
        let mut memo = Value::hash(IndexMap::new());
        for d in &docs {
            memo = merge(&memo, d, force)?;
        }
        Ok(memo)
    };
    Ok(match format {
        Format::Yaml => kuppet_values::yaml::yaml_document(&merged()?),
        Format::Json => to_json(&merged()?).to_string(),
        Format::JsonPretty => pretty(&to_json(&merged()?)),
        Format::JsonArray => {
            serde_json::Value::Array(docs.iter().map(to_json).collect()).to_string()
        }
        Format::JsonArrayPretty => pretty(&serde_json::Value::Array(
            docs.iter().map(to_json).collect(),
        )),
    })
}

/// Ruby's `JSON.pretty_generate` (json 2.6): two spaces a level, and empty
/// containers still broken over lines (`{` newline `}`, `[` blank line `]`).
fn pretty(v: &serde_json::Value) -> String {
    fn indent(out: &mut String, depth: usize) {
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
    fn walk(v: &serde_json::Value, depth: usize, out: &mut String) {
        match v {
            serde_json::Value::Object(map) => {
                out.push_str("{\n");
                for (i, (k, item)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(",\n");
                    }
                    indent(out, depth + 1);
                    out.push_str(&serde_json::Value::String(k.clone()).to_string());
                    out.push_str(": ");
                    walk(item, depth + 1, out);
                }
                if !map.is_empty() {
                    out.push('\n');
                }
                indent(out, depth);
                out.push('}');
            }
            serde_json::Value::Array(items) => {
                out.push_str("[\n");
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(",\n");
                    }
                    indent(out, depth + 1);
                    walk(item, depth + 1, out);
                }
                out.push('\n');
                indent(out, depth);
                out.push(']');
            }
            scalar => out.push_str(&scalar.to_string()),
        }
    }
    let mut out = String::new();
    walk(v, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_json_breaks_empty_containers_as_ruby_does() {
        let v: serde_json::Value =
            serde_json::from_str(r#"{"e": {}, "a": [], "n": {"x": [1], "y": {}}}"#).expect("json");
        assert_eq!(
            pretty(&v),
            "{\n  \"e\": {\n  },\n  \"a\": [\n\n  ],\n  \"n\": {\n    \"x\": [\n      1\n    ],\n    \"y\": {\n    }\n  }\n}"
        );
        assert_eq!(pretty(&serde_json::json!({})), "{\n}");
        assert_eq!(pretty(&serde_json::json!([])), "[\n\n]");
    }

    #[test]
    fn json_fragments_merge_keeping_the_first_value_with_force() {
        let frags = vec![
            r#"{"a": 1, "l": [1, 2]}"#.to_string(),
            r#"{"b": 2, "l": [2, 3]}"#.into(),
        ];
        assert_eq!(
            render(Format::Json, &frags, false).expect("merges"),
            r#"{"a":1,"l":[1,2,3],"b":2}"#
        );
        let frags = vec![r#"{"a": 1}"#.to_string(), r#"{"a": 2}"#.into()];
        assert_eq!(
            render(Format::Json, &frags, false).expect_err("conflict"),
            "Duplicate key 'a' found with values '1' and 2'. Use 'force' attribute to merge keys."
        );
        assert_eq!(
            render(Format::Json, &frags, true).expect("forced"),
            r#"{"a":1}"#
        );
        assert_eq!(
            render(Format::JsonArray, &frags, false).expect("array"),
            r#"[{"a":1},{"a":2}]"#
        );
        assert_eq!(
            render(Format::JsonPretty, &frags[..1], false).expect("pretty"),
            "{\n  \"a\": 1\n}"
        );
    }

    #[test]
    fn yaml_fragments_merge_into_one_document() {
        let frags = vec!["a:\n  x: 1\n".to_string(), "a:\n  w: two\nb: [1]\n".into()];
        assert_eq!(
            render(Format::Yaml, &frags, false).expect("merges"),
            "---\na:\n  x: 1\n  w: two\nb:\n- 1\n"
        );
    }
}
