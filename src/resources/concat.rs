//! puppetlabs-concat's `concat_file` and `concat_fragment`.
//!
//! As in Puppet, `concat_file` manages nothing itself: when the run begins
//! it generates a `file` resource for its path ([`expand`]: right after it
//! in the catalog, in its container, after it in the graph, with its
//! owner, group, mode, replace, backup, validate_cmd, show_diff and
//! metaparameters but not its relationships or tags), and when the walk
//! reaches it ([`content`], Puppet's `eval_generate`) it gathers the
//! `concat_fragment`s that name it (by `target` path or title, or by `tag`),
//! sorts them (`order` then name, numerically or alphabetically), joins or
//! merges them (see [`format`]) and gives the result to that file — whose
//! provider writes it like any file content (atomically, backups,
//! validate_cmd, ownership). A `file` of the same path already in the
//! catalog is used instead of a new one, as Puppet does.
//!
//! `concat_fragment` is inert: its parameters are checked when the catalog
//! is loaded, and its `source` (local paths and `file:` URIs) is read when
//! its `concat_file` is reached.

pub mod format;

use crate::{
    Context, Examined, Property, ResourceError, file::io_text, located, param_bool, param_list,
    param_string,
};
use format::Format;
use kuppet_catalog::graph::{AutoRequire, normalize_path};
use kuppet_catalog::{Catalog, Edge, Resource};
use serde_json::Value;

/// The parameters a generated file takes over from its `concat_file`.
const FILE_PARAMS: [&str; 13] = [
    "path",
    "owner",
    "group",
    "mode",
    "replace",
    "backup",
    "selinux_ignore_defaults",
    "selrange",
    "selrole",
    "seltype",
    "seluser",
    "validate_cmd",
    "show_diff",
];

/// The metaparameters a generated file takes over (not its relationships
/// nor `tag`).
const METAPARAMS: [&str; 6] = ["noop", "schedule", "audit", "loglevel", "alias", "stage"];

/// A `concat_file`: checked when the catalog is loaded, always in sync.
#[derive(Debug)]
pub struct ConcatFile;

impl ConcatFile {
    pub fn new(resource: &Resource) -> Result<ConcatFile, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, message: String| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {message}"),
            ))
        };
        let path = concat_path(resource);
        if !path.starts_with('/') {
            return Err(invalid(
                "path",
                format!("File paths must be fully qualified, not '{path}'"),
            ));
        }
        match param_string(resource, "ensure").as_deref() {
            None | Some("present" | "absent") => {}
            Some(other) => {
                return Err(invalid(
                    "ensure",
                    format!("Invalid value \"{other}\". Valid values are present, absent."),
                ));
            }
        }
        match param_string(resource, "order").as_deref() {
            None | Some("alpha" | "numeric") => {}
            Some(other) => {
                return Err(invalid(
                    "order",
                    format!("Invalid value \"{other}\". Valid values are alpha, numeric."),
                ));
            }
        }
        if let Some(f) = param_string(resource, "format")
            && Format::parse(&f).is_none()
        {
            return Err(invalid(
                "format",
                format!(
                    "Invalid value \"{f}\". Valid values are plain, yaml, json, json-array, json-pretty, json-array-pretty."
                ),
            ));
        }
        if let Some(mode) = param_string(resource, "mode")
            && !crate::mode::valid(&mode)
        {
            return Err(invalid(
                "mode",
                format!("The file mode specification is invalid: {mode:?}"),
            ));
        }
        match resource.parameters.get("backup") {
            None | Some(Value::Null | Value::Bool(_) | Value::String(_)) => {}
            Some(_) => {
                return Err(invalid(
                    "backup",
                    "Backup must be a Boolean or String".into(),
                ));
            }
        }
        for p in ["replace", "ensure_newline", "force", "show_diff"] {
            param_bool(resource, p)?;
        }
        Ok(ConcatFile)
    }
}

impl crate::Provider for ConcatFile {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Ok(Examined {
            present: true,
            properties: Vec::new(),
        })
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Ok(String::new())
    }
    fn provider_name(&self) -> Option<&'static str> {
        None
    }
}

/// A `concat_fragment`: checked when the catalog is loaded, inert.
#[derive(Debug)]
pub struct ConcatFragment;

impl ConcatFragment {
    pub fn new(resource: &Resource) -> Result<ConcatFragment, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, message: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {message}"),
            ))
        };
        let validation = |message: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Validation of {reference} failed: {message}"),
            ))
        };
        match resource.parameters.get("target") {
            None | Some(Value::String(_)) => {}
            Some(_) => return Err(invalid("target", "Target must be a String")),
        }
        match resource.parameters.get("content") {
            None | Some(Value::String(_)) => {}
            Some(_) => return Err(invalid("content", "Content must be a String")),
        }
        match resource.parameters.get("source") {
            None | Some(Value::String(_) | Value::Array(_)) => {}
            Some(_) => return Err(invalid("source", "Content must be a String or Array")),
        }
        match resource.parameters.get("order") {
            None | Some(Value::String(_)) => {}
            Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {}
            Some(_) => return Err(invalid("order", "$order is not a string or integer.")),
        }
        if let Some(order) = param_string(resource, "order")
            && order.contains([':', '\n', '/'])
        {
            return Err(invalid("order", "Order cannot contain '/', ':', or '\\n'."));
        }
        if !resource.parameters.contains_key("target") && fragment_tag(resource).is_none() {
            return Err(validation("No 'target' or 'tag' set"));
        }
        let has = |p: &str| !matches!(resource.parameters.get(p), None | Some(Value::Null));
        if !has("source") && !has("content") {
            return Err(validation("Set either 'source' or 'content'"));
        }
        if has("source") && has("content") {
            return Err(validation(
                "Can't use 'source' and 'content' at the same time",
            ));
        }
        Ok(ConcatFragment)
    }
}

impl crate::Provider for ConcatFragment {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Ok(Examined {
            present: true,
            properties: Vec::new(),
        })
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Ok(String::new())
    }
    fn provider_name(&self) -> Option<&'static str> {
        None
    }
}

/// The path a `concat_file` writes (its `path`, else its title).
fn concat_path(resource: &Resource) -> String {
    param_string(resource, "path").unwrap_or_else(|| resource.title.clone())
}

/// A resource's `tag` parameter as these types read it (the first tag
/// given; the catalog folds it into `tags` after the type's own name).
fn fragment_tag(resource: &Resource) -> Option<String> {
    param_string(resource, "tag")
}

/// Whether a fragment belongs to a concat_file (by path, title or tag).
fn targets(fragment: &Resource, concat: &Resource) -> bool {
    let target = fragment.param_str("target");
    target == Some(concat_path(concat).as_str())
        || target == Some(concat.title.as_str())
        || fragment_tag(fragment).is_some_and(|t| fragment_tag(concat).as_deref() == Some(&t))
}

/// The warning a fragment whose concat_file is not in the catalog logs
/// (Puppet's, when its autorequire is computed).
pub fn missing_target_warning(fragment: &Resource, catalog: &Catalog) -> Option<String> {
    if fragment.type_name != "Concat_fragment" {
        return None;
    }
    let found = catalog
        .resources
        .iter()
        .any(|r| r.type_name == "Concat_file" && targets(fragment, r));
    if found {
        return None;
    }
    let tag_message = match fragment_tag(fragment) {
        Some(t) => format!("or tag '{t} "),
        None => String::new(),
    };
    Some(format!(
        "Target Concat_file with path or title '{}' {tag_message}not found in the catalog",
        fragment.param_str("target").unwrap_or("")
    ))
}

/// A `concat_file` requires the `file` of its path.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    vec![AutoRequire::new("File", concat_path(resource))]
}

/// Adds the `file` each `concat_file` generates (Puppet's `generate`, run
/// when the transaction begins). Returns None when the catalog has no
/// `concat_file`; else the catalog with the files, and for each
/// `concat_file` (by index in the new catalog) the index of its file.
pub fn expand(catalog: &Catalog) -> Option<(Catalog, Vec<(usize, usize)>)> {
    if !catalog
        .resources
        .iter()
        .any(|r| r.type_name == "Concat_file")
    {
        return None;
    }
    let mut out = catalog.clone();
    out.resources.clear();
    let mut generated: Vec<(String, String)> = Vec::new();
    for r in &catalog.resources {
        out.resources.push(r.clone());
        if r.type_name != "Concat_file" {
            continue;
        }
        let path = normalize_path(&concat_path(r));
        let exists = catalog.resources.iter().any(|f| {
            f.type_name == "File" && normalize_path(f.param_str("path").unwrap_or(&f.title)) == path
        });
        if exists {
            continue;
        }
        out.resources.push(generated_file(r, &path));
        generated.push((r.reference(), format!("File[{path}]")));
    }
    // The file goes into the concat_file's container.
    for (concat, file) in &generated {
        if let Some(container) = catalog
            .edges
            .iter()
            .find(|e| e.target == *concat)
            .map(|e| e.source.clone())
        {
            out.edges.push(Edge {
                source: container,
                target: file.clone(),
            });
        }
    }
    let mut pairs = Vec::new();
    for (i, r) in out.resources.iter().enumerate() {
        if r.type_name != "Concat_file" {
            continue;
        }
        let path = normalize_path(&concat_path(r));
        if let Some(j) = out.resources.iter().position(|f| {
            f.type_name == "File" && normalize_path(f.param_str("path").unwrap_or(&f.title)) == path
        }) {
            pairs.push((i, j));
        }
    }
    Some((out, pairs))
}

/// The `file` a `concat_file` generates.
fn generated_file(concat: &Resource, path: &str) -> Resource {
    let mut parameters = kuppet_catalog::Parameters::default();
    let absent = param_string(concat, "ensure").as_deref() == Some("absent");
    parameters.insert(
        "ensure".into(),
        Value::String(if absent { "absent" } else { "file" }.into()),
    );
    for p in FILE_PARAMS.iter().chain(METAPARAMS.iter()) {
        if let Some(v) = concat.parameters.get(*p)
            && !v.is_null()
        {
            parameters.insert((*p).into(), v.clone());
        }
    }
    parameters.insert("path".into(), Value::String(path.to_string()));
    // After the concat_file, which fills its content in first (Puppet's
    // generated dependency).
    parameters.insert("require".into(), Value::String(concat.reference()));
    let mut tags: Vec<std::sync::Arc<str>> = vec!["file".into()];
    for t in &concat.tags {
        if !tags.contains(t) {
            tags.push(t.clone());
        }
    }
    Resource {
        type_name: "File".into(),
        title: path.to_string(),
        tags,
        file: concat.file.clone(),
        line: concat.line,
        exported: false,
        kind: None,
        parameters,
        sensitive_parameters: Vec::new(),
    }
}

/// Reads a fragment's first existing source (a path or `file:` URI inside
/// the root).
fn read_source(fragment: &Resource, cx: &crate::Machine) -> Result<Vec<u8>, String> {
    let sources = param_list(fragment, "source");
    for source in &sources {
        let path = source
            .strip_prefix("file://")
            .or_else(|| source.strip_prefix("file:"))
            .unwrap_or(source);
        if !path.starts_with('/') {
            return Err(format!(
                "kuppet reads concat fragments only from local files (a path or file:// URI), not {source}; give the fragment content => file(...) instead"
            ));
        }
        match cx.fs().read(path) {
            Ok(data) => return Ok(data),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("Could not read {path}: {}", io_text(&e))),
        }
    }
    Err(format!(
        "Could not retrieve source(s) {}",
        sources.join(", ")
    ))
}

/// One key of the sort: digits compare as numbers (`decompound`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Number(u128),
    Text(String),
}

/// The content of a `concat_file` (Puppet's `should_content`), from the
/// catalog's fragments; an error is Puppet's (`Duplicate key ...`,
/// `Could not retrieve source(s) ...`).
pub fn content(
    concat: &Resource,
    catalog: &Catalog,
    host: &crate::Machine,
) -> Result<Vec<u8>, String> {
    let ensure_newline = param_bool(concat, "ensure_newline")
        .ok()
        .flatten()
        .unwrap_or(false);
    let mut fragments: Vec<(String, Vec<u8>)> = Vec::new();
    for r in &catalog.resources {
        if r.type_name != "Concat_fragment" || !targets(r, concat) {
            continue;
        }
        let mut data = match r.parameters.get("content") {
            Some(Value::String(s)) => s.clone().into_bytes(),
            _ => read_source(r, host)?,
        };
        if ensure_newline && !data.ends_with(b"\n") {
            data.push(b'\n');
        }
        let order = param_string(r, "order").unwrap_or_else(|| "10".into());
        let name = param_string(r, "name").unwrap_or_else(|| r.title.clone());
        fragments.push((format!("{order}___{name}"), data));
    }
    if param_string(concat, "order").as_deref() == Some("alpha") {
        fragments.sort_by(|a, b| {
            let split = |k: &str| {
                let (o, n) = k.split_once("__").unwrap_or((k, ""));
                (o.to_string(), n.to_string())
            };
            split(&a.0).cmp(&split(&b.0))
        });
    } else {
        let decompound = |k: &str| -> Vec<Part> {
            k.splitn(2, "___")
                .map(|v| {
                    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
                        v.parse().map(Part::Number).unwrap_or(Part::Text(v.into()))
                    } else {
                        Part::Text(v.to_string())
                    }
                })
                .collect()
        };
        let keys: Vec<Vec<Part>> = fragments.iter().map(|f| decompound(&f.0)).collect();
        // Ruby cannot compare a number with a string: the sort fails.
        for k in &keys {
            for other in &keys {
                for (a, b) in k.iter().zip(other) {
                    match (a, b) {
                        (Part::Number(_), Part::Text(_)) | (Part::Text(_), Part::Number(_)) => {
                            return Err("comparison of Array with Array failed".into());
                        }
                        (x, y) if x != y => break,
                        _ => {}
                    }
                }
            }
        }
        let mut indexed: Vec<_> = keys.into_iter().zip(fragments).collect();
        indexed.sort_by(|(a, _), (b, _)| {
            for (x, y) in a.iter().zip(b) {
                let o = match (x, y) {
                    (Part::Number(m), Part::Number(n)) => m.cmp(n),
                    (Part::Text(m), Part::Text(n)) => m.cmp(n),
                    _ => std::cmp::Ordering::Equal,
                };
                if o != std::cmp::Ordering::Equal {
                    return o;
                }
            }
            a.len().cmp(&b.len())
        });
        fragments = indexed.into_iter().map(|(_, f)| f).collect();
    }
    let format = param_string(concat, "format")
        .and_then(|f| Format::parse(&f))
        .flatten();
    match format {
        None => Ok(fragments.into_iter().flat_map(|(_, d)| d).collect()),
        Some(format) => {
            let texts: Vec<String> = fragments
                .into_iter()
                .map(|(_, d)| String::from_utf8_lossy(&d).into_owned())
                .collect();
            let force = param_bool(concat, "force").ok().flatten().unwrap_or(false);
            format::render(format, &texts, force).map(String::into_bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn res(ty: &str, title: &str, params: &[(&str, Value)]) -> Resource {
        let mut parameters = kuppet_catalog::Parameters::default();
        for (k, v) in params {
            parameters.insert((*k).into(), v.clone());
        }
        Resource {
            type_name: ty.into(),
            title: title.into(),
            tags: vec![ty.to_lowercase().into()],
            file: None,
            line: None,
            exported: false,
            kind: None,
            parameters,
            sensitive_parameters: Vec::new(),
        }
    }

    fn catalog(resources: Vec<Resource>) -> Catalog {
        Catalog {
            tags: vec![],
            name: "n".into(),
            version: json!(1),
            code_id: None,
            catalog_uuid: String::new(),
            catalog_format: 2,
            environment: "production".into(),
            resources,
            edges: vec![],
            classes: vec![],
        }
    }

    #[test]
    fn fragments_sort_by_order_then_name() {
        let cat = catalog(vec![
            res("Concat_file", "/f", &[]),
            res(
                "Concat_fragment",
                "b",
                &[
                    ("target", json!("/f")),
                    ("content", json!("b")),
                    ("order", json!("2")),
                ],
            ),
            res(
                "Concat_fragment",
                "a",
                &[
                    ("target", json!("/f")),
                    ("content", json!("a")),
                    ("order", json!(10)),
                ],
            ),
            res(
                "Concat_fragment",
                "c",
                &[("target", json!("/other")), ("content", json!("c"))],
            ),
        ]);
        let host = crate::Machine::new("/").expect("root");
        let numeric = content(&cat.resources[0], &cat, &host).expect("content");
        assert_eq!(numeric, b"ba");
        let alpha = res("Concat_file", "/f", &[("order", json!("alpha"))]);
        assert_eq!(content(&alpha, &cat, &host).expect("content"), b"ab");
    }

    #[test]
    fn the_file_is_generated_after_its_concat_file() {
        let cat = catalog(vec![
            res(
                "Concat_file",
                "x",
                &[
                    ("path", json!("/f")),
                    ("mode", json!("0600")),
                    ("require", json!("Notify[n]")),
                    ("noop", json!(true)),
                ],
            ),
            res("Notify", "n", &[]),
        ]);
        let (out, pairs) = expand(&cat).expect("expands");
        assert_eq!(out.resources[1].reference(), "File[/f]");
        assert_eq!(out.resources[1].parameters["mode"], json!("0600"));
        assert_eq!(out.resources[1].parameters["noop"], json!(true));
        assert_eq!(
            out.resources[1].parameters["require"],
            json!("Concat_file[x]")
        );
        assert_eq!(pairs, vec![(0, 1)]);
    }

    #[test]
    fn fragments_are_validated_like_puppet() {
        let err = ConcatFragment::new(&res("Concat_fragment", "f", &[("target", json!("/x"))]))
            .expect_err("no content");
        assert_eq!(
            err.to_string(),
            "Validation of Concat_fragment[f] failed: Set either 'source' or 'content'"
        );
        let err = ConcatFragment::new(&res(
            "Concat_fragment",
            "f",
            &[
                ("target", json!("/x")),
                ("content", json!("c")),
                ("order", json!("a/b")),
            ],
        ))
        .expect_err("bad order");
        assert!(err.to_string().contains("Order cannot contain"));
    }
}
