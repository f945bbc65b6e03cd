//! What changes between two catalogs of one node, resource by resource, the
//! way octocatalog-diff reports it: resources added and removed, and for each
//! resource in both, the attributes whose values differ (old and new value),
//! with the file and line that declare it.
//!
//! Compared: every parameter, with relationship metaparameters as sets (their
//! order means nothing), and the exported flag. Not compared: where a resource
//! is declared (file, line), containment, and, unless asked, tags. Values of
//! `Sensitive` parameters are never shown, only that they changed.

use super::{Catalog, RELATIONSHIP_PARAMS, Resource};
use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

/// What to compare.
#[derive(Debug, Clone, Copy, Default)]
pub struct DiffOptions {
    /// Compare the resources' tags too (octocatalog-diff leaves them out by default).
    pub tags: bool,
}

/// Where a resource is declared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Declared {
    /// `Type[title]`.
    pub resource: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

impl Declared {
    fn of(r: &Resource) -> Declared {
        Declared {
            resource: r.reference(),
            file: r.file.as_deref().map(String::from),
            line: r.line,
        }
    }
}

/// One attribute that differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributeChange {
    pub attribute: String,
    /// The old value; absent when the attribute was not set. Null for a
    /// `Sensitive` value (never shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
    /// The value is `Sensitive` in either catalog: only the change is shown.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sensitive: bool,
}

/// A resource in both catalogs whose attributes differ.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResourceChange {
    #[serde(flatten)]
    pub declared: Declared,
    pub attributes: Vec<AttributeChange>,
}

/// The differences between an old and a new catalog of one node.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct CatalogDiff {
    pub added: Vec<Declared>,
    pub removed: Vec<Declared>,
    pub changed: Vec<ResourceChange>,
}

impl CatalogDiff {
    /// Whether the two catalogs manage the same things the same way.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }

    /// Every resource this diff touches, added, removed or changed.
    pub fn resources(&self) -> impl Iterator<Item = &str> {
        self.added
            .iter()
            .chain(&self.removed)
            .map(|d| d.resource.as_str())
            .chain(self.changed.iter().map(|c| c.declared.resource.as_str()))
    }
}

/// The differences from `old` to `new`, resources in the new catalog's
/// order (removed ones in the old catalog's).
pub fn diff(old: &Catalog, new: &Catalog, options: DiffOptions) -> CatalogDiff {
    let index = |c: &Catalog| -> IndexMap<String, usize> {
        c.resources
            .iter()
            .enumerate()
            .map(|(i, r)| (r.reference(), i))
            .collect()
    };
    let (old_at, new_at) = (index(old), index(new));
    let mut out = CatalogDiff::default();
    for (reference, &i) in &new_at {
        let n = &new.resources[i];
        match old_at.get(reference) {
            None => out.added.push(Declared::of(n)),
            Some(&j) => {
                let attributes = resource_changes(&old.resources[j], n, options);
                if !attributes.is_empty() {
                    out.changed.push(ResourceChange {
                        declared: Declared::of(n),
                        attributes,
                    });
                }
            }
        }
    }
    for (reference, &j) in &old_at {
        if !new_at.contains_key(reference) {
            out.removed.push(Declared::of(&old.resources[j]));
        }
    }
    out
}

/// The attributes of one resource that differ, in name order.
fn resource_changes(old: &Resource, new: &Resource, options: DiffOptions) -> Vec<AttributeChange> {
    let mut names: Vec<&std::sync::Arc<str>> =
        old.parameters.keys().chain(new.parameters.keys()).collect();
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let (a, b) = (old.parameters.get(&**name), new.parameters.get(&**name));
        let same = match (a, b) {
            (Some(a), Some(b)) if RELATIONSHIP_PARAMS.contains(&&**name) => as_set(a) == as_set(b),
            (a, b) => a == b,
        };
        if same {
            continue;
        }
        let sensitive = old.sensitive_parameters.iter().any(|s| **s == **name)
            || new.sensitive_parameters.iter().any(|s| **s == **name);
        let shown = |v: Option<&Value>| v.map(|v| if sensitive { Value::Null } else { v.clone() });
        out.push(AttributeChange {
            attribute: name.to_string(),
            old: shown(a),
            new: shown(b),
            sensitive,
        });
    }
    if old.exported != new.exported {
        out.push(AttributeChange {
            attribute: "exported".into(),
            old: Some(Value::Bool(old.exported)),
            new: Some(Value::Bool(new.exported)),
            sensitive: false,
        });
    }
    if options.tags {
        let (mut a, mut b) = (old.tags.clone(), new.tags.clone());
        a.sort();
        b.sort();
        if a != b {
            out.push(AttributeChange {
                attribute: "tags".into(),
                old: Some(Value::from_iter(a.iter().map(|t| &**t))),
                new: Some(Value::from_iter(b.iter().map(|t| &**t))),
                sensitive: false,
            });
        }
    }
    out
}

/// A relationship metaparameter's targets, sorted.
fn as_set(v: &Value) -> Vec<String> {
    let mut items: Vec<String> = match v {
        Value::Array(items) => items.iter().map(|i| i.to_string()).collect(),
        other => vec![other.to_string()],
    };
    items.sort();
    items.dedup();
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn catalog(resources: Value) -> Catalog {
        serde_json::from_value(json!({"name": "n", "resources": resources})).expect("catalog")
    }

    #[test]
    fn reports_added_removed_and_changed_attributes() {
        let old = catalog(json!([
            {"type": "File", "title": "/a", "file": "s.pp", "line": 1,
             "parameters": {"content": "x", "mode": "0644", "require": ["Package[b]", "Package[a]"]}},
            {"type": "Service", "title": "gone", "line": 9},
            {"type": "File", "title": "/secret", "parameters": {"content": "old"},
             "sensitive_parameters": ["content"]},
        ]));
        let new = catalog(json!([
            {"type": "File", "title": "/a", "file": "s.pp", "line": 2,
             "parameters": {"content": "y", "require": ["Package[a]", "Package[b]"], "owner": "root"}},
            {"type": "Package", "title": "new", "file": "t.pp", "line": 3},
            {"type": "File", "title": "/secret", "parameters": {"content": "new"},
             "sensitive_parameters": ["content"]},
        ]));
        let d = diff(&old, &new, DiffOptions::default());
        assert_eq!(d.added.len(), 1);
        assert_eq!(d.added[0].resource, "Package[new]");
        assert_eq!(d.added[0].line, Some(3));
        assert_eq!(d.removed[0].resource, "Service[gone]");
        let a = &d.changed[0];
        assert_eq!(a.declared.resource, "File[/a]");
        let names: Vec<&str> = a.attributes.iter().map(|c| c.attribute.as_str()).collect();
        // The reordered `require` is no change; the moved line is none either.
        assert_eq!(names, ["content", "mode", "owner"]);
        assert_eq!(a.attributes[1].new, None);
        assert_eq!(a.attributes[2].old, None);
        let s = &d.changed[1].attributes[0];
        assert!(s.sensitive);
        assert_eq!(
            (s.old.clone(), s.new.clone()),
            (Some(Value::Null), Some(Value::Null))
        );
        assert!(!d.is_empty());
        assert!(diff(&new, &new, DiffOptions::default()).is_empty());
    }

    #[test]
    fn tags_count_only_when_asked() {
        let old = catalog(json!([{"type": "Notify", "title": "x", "tags": ["a", "b"]}]));
        let new = catalog(json!([{"type": "Notify", "title": "x", "tags": ["b", "c"]}]));
        assert!(diff(&old, &new, DiffOptions::default()).is_empty());
        let d = diff(&old, &new, DiffOptions { tags: true });
        assert_eq!(d.changed[0].attributes[0].attribute, "tags");
    }
}
