//! The catalog: what a compile produces and what a run applies.
//!
//! The model mirrors Puppet's catalog JSON (`catalog_format` 2, as written by
//! `Puppet::Resource::Catalog#to_data_hash`), so a catalog round-trips through
//! the same bytes PuppetDB and octocatalog-diff read. Parameter values are plain
//! JSON data ([`serde_json::Value`]); relationship metaparameters hold resource
//! references as `"Type[title]"` strings, one or an array.

pub mod diff;
pub mod graph;
pub mod validate;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// A resource's parameters in their catalog order (hashed with FxHash: the
/// keys are attribute names, and SipHash was a visible share of building
/// and reading catalogs; each name one shared string per compile).
pub type Parameters = IndexMap<std::sync::Arc<str>, serde_json::Value, rustc_hash::FxBuildHasher>;

/// The relationship metaparameters, in the order Puppet lists them.
pub const RELATIONSHIP_PARAMS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// One node's compiled catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    /// Tags of the catalog itself (Puppet writes `["settings"]`).
    #[serde(default)]
    pub tags: Vec<String>,
    /// The node name (certname) the catalog was compiled for.
    pub name: String,
    /// The configuration version (Puppet: seconds since the epoch at compile).
    #[serde(default)]
    pub version: serde_json::Value,
    #[serde(default)]
    pub code_id: Option<String>,
    #[serde(default)]
    pub catalog_uuid: String,
    #[serde(default = "default_format")]
    pub catalog_format: u32,
    #[serde(default = "default_environment")]
    pub environment: String,
    pub resources: Vec<Resource>,
    #[serde(default)]
    pub edges: Vec<Edge>,
    /// Names of the classes declared, lowercase, in evaluation order.
    #[serde(default)]
    pub classes: Vec<String>,
}

fn default_format() -> u32 {
    2
}

fn default_environment() -> String {
    "production".to_string()
}

/// One resource of a catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resource {
    /// Capitalized type name: `File`, `Class`, `Mymod::Thing`.
    #[serde(rename = "type")]
    pub type_name: String,
    pub title: String,
    /// Shared strings: a compile's resources mostly carry the same few tags.
    #[serde(default)]
    pub tags: Vec<std::sync::Arc<str>>,
    /// The manifest that declared it (absent for Stage[main] and Class[main]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<std::sync::Arc<str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(default)]
    pub exported: bool,
    /// `compilable_type` for Stage and core types, `unknown` otherwise (as Puppet writes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<std::borrow::Cow<'static, str>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub parameters: Parameters,
    /// Parameters whose values were `Sensitive`: never shown in logs or reports.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sensitive_parameters: Vec<String>,
}

impl Resource {
    /// The reference `Type[title]` that names this resource in edges and metaparameters.
    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }

    /// A parameter's value as a string, if it is one.
    pub fn param_str(&self, name: &str) -> Option<&str> {
        self.parameters.get(name).and_then(|v| v.as_str())
    }

    /// The references a relationship metaparameter names (one string or an array of them).
    pub fn relationship_targets(&self, param: &str) -> Vec<String> {
        match self.parameters.get(param) {
            Some(serde_json::Value::String(s)) => vec![s.clone()],
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A containment edge: `source` contains `target`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Edge {
    pub source: String,
    pub target: String,
}

/// Splits a reference `Type[title]` into its type and title, as Puppet's
/// `Resource.type_and_title` does: a type without brackets, a title that is
/// not empty.
pub fn split_reference(reference: &str) -> Option<(&str, &str)> {
    let open = reference.find('[')?;
    let ty = &reference[..open];
    let title = reference[open + 1..].strip_suffix(']')?;
    if ty.is_empty() || ty.contains(']') || title.is_empty() {
        return None;
    }
    Some((ty, title))
}

impl Catalog {
    /// Parses catalog JSON.
    pub fn from_json(text: &str) -> Result<Catalog, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Pretty JSON, deterministic for the same catalog.
    pub fn to_json(&self) -> String {
        let mut out = serde_json::to_string_pretty(self).unwrap_or_default();
        out.push('\n');
        out
    }

    /// Looks a resource up by its reference `Type[title]`.
    pub fn resource(&self, reference: &str) -> Option<&Resource> {
        self.resources.iter().find(|r| r.reference() == reference)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_split_at_the_first_bracket() {
        assert_eq!(split_reference("File[/a[1]]"), Some(("File", "/a[1]")));
        assert_eq!(split_reference("Class[main]"), Some(("Class", "main")));
        assert_eq!(split_reference("nonsense"), None);
        assert_eq!(split_reference("File[]"), None);
        assert_eq!(split_reference("[x]"), None);
    }

    #[test]
    fn catalog_json_round_trips() {
        let text = r#"{"tags":["settings"],"name":"n","version":1,"code_id":null,
            "catalog_uuid":"u","catalog_format":2,"environment":"production",
            "resources":[{"type":"File","title":"/x","tags":["file"],"file":"/m.pp","line":3,
            "exported":false,"parameters":{"ensure":"file","require":["File[/y]"]}}],
            "edges":[{"source":"Class[main]","target":"File[/x]"}],"classes":["settings"]}"#;
        let cat = Catalog::from_json(text).expect("parses");
        let r = cat.resource("File[/x]").expect("present");
        assert_eq!(
            r.relationship_targets("require"),
            vec!["File[/y]".to_string()]
        );
        let again = Catalog::from_json(&cat.to_json()).expect("reparses");
        assert_eq!(again, cat);
    }
}
