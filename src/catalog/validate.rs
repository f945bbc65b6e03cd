//! Checks a catalog's shape before anything acts on it: an agent refuses a
//! catalog that fails them as a whole (`CatalogInvalid`) and keeps the last
//! good one; `kuppet apply --catalog` exits 1.
//!
//! What is checked here holds for every resource type: sizes (resources,
//! edges, parameters, bytes), nesting depth of parameter values, type and
//! parameter names, titles, NUL bytes, duplicate resources, containment
//! edges to resources the catalog does not hold. What depends on a type
//! (a file's path must be absolute, a mode must parse) is checked by its
//! provider when the run is prepared (`kuppet_resources::validate_in_catalog`
//! and `provider_for`); [`check_path`] gives them the path rules.
//!
//! Types kuppet has no provider for are *not* refused here: the controller's
//! compile already refuses types that exist nowhere, so such a type is one
//! Puppet knows (a module's Ruby type) that kuppet does not manage; its
//! resources fail when evaluated and the rest of the catalog is applied
//! (Puppet's agent refuses the whole catalog, "Resource type 'X' was not
//! found"; see docs/resource-guide.md).

use crate::graph::{canonical_pair, canonical_reference};
use crate::{Catalog, Resource};
use serde_json::Value;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// The longest path the kernel resolves (PATH_MAX, its NUL excluded).
pub const PATH_MAX: usize = 4095;
/// The longest name of one path component (NAME_MAX).
pub const NAME_MAX: usize = 255;

/// How big a catalog an agent accepts. The defaults fit any catalog a real
/// site compiles many times over, and stop one that would exhaust the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Resources, containers included (large real catalogs hold a few
    /// thousand).
    pub max_resources: usize,
    /// Containment edges.
    pub max_edges: usize,
    /// Parameters of one resource (the richest core types have ~60).
    pub max_parameters: usize,
    /// Bytes of one parameter value, as JSON (a file's `content`).
    pub max_value_bytes: usize,
    /// Bytes of all titles, tags and parameter values together: what a
    /// NodeCatalog may decompress to (`k8s::codec::DECOMPRESSED_LIMIT`).
    pub max_total_bytes: usize,
    /// Nesting of arrays and hashes in one parameter value.
    pub max_depth: usize,
    /// Bytes of a title (a notify's title can be its message; titles
    /// appear in every event, log line and status).
    pub max_title_bytes: usize,
    /// Bytes of a type or parameter name.
    pub max_name_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_resources: 100_000,
            max_edges: 400_000,
            max_parameters: 1_000,
            max_value_bytes: 64 << 20,
            max_total_bytes: 256 << 20,
            max_depth: 32,
            max_title_bytes: 64 << 10,
            max_name_bytes: 256,
        }
    }
}

/// A catalog that must not be applied: what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{subject}: {problem}")]
pub struct Invalid {
    /// The catalog, or the resource (`File[/x] (file: /m.pp, line: 3)`).
    pub subject: String,
    pub problem: Problem,
}

/// What is wrong with a catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("it holds {count} resources, more than the {max} an agent accepts")]
    TooManyResources { count: usize, max: usize },
    #[error("it holds {count} containment edges, more than the {max} an agent accepts")]
    TooManyEdges { count: usize, max: usize },
    #[error("its parameters, titles and tags take more than {max} bytes")]
    TooLarge { max: usize },
    #[error(
        "its type {name:?} is not a resource type name (capitalized words joined by '::', \
         at most {max} bytes)"
    )]
    TypeName { name: String, max: usize },
    #[error("its title {0}")]
    Title(String),
    #[error("it has {count} parameters, more than {max}")]
    TooManyParameters { count: usize, max: usize },
    #[error(
        "its parameter name {name:?} is not a parameter name (letters, digits and '_', at most {max} bytes)"
    )]
    ParameterName { name: String, max: usize },
    #[error("its parameter {name} takes {size} bytes, more than {max}")]
    ValueTooLarge {
        name: String,
        size: usize,
        max: usize,
    },
    #[error("its parameter {name} nests arrays and hashes more than {max} levels deep")]
    TooDeep { name: String, max: usize },
    #[error("{what} holds a NUL byte")]
    Nul { what: String },
    #[error("it is declared twice (resources {first} and {second} of the catalog)")]
    Duplicate { first: usize, second: usize },
    #[error("a containment edge names {reference}, which the catalog does not hold")]
    UnknownEdge { reference: String },
}

/// What is wrong with a path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathProblem {
    #[error("is not fully qualified (it must start with '/')")]
    Relative,
    #[error("is empty")]
    Empty,
    #[error("holds a NUL byte")]
    Nul,
    #[error("is {0} bytes long, more than the {PATH_MAX} a path may have")]
    TooLong(usize),
    #[error("has a component of {0} bytes, more than the {NAME_MAX} a file name may have")]
    NameTooLong(usize),
}

/// Checks a path a resource acts on: not empty, no NUL, at most PATH_MAX
/// bytes and NAME_MAX per component, and absolute when `absolute`.
pub fn check_path(path: &str, absolute: bool) -> Result<(), PathProblem> {
    if path.is_empty() {
        return Err(PathProblem::Empty);
    }
    if path.contains('\0') {
        return Err(PathProblem::Nul);
    }
    if absolute && !path.starts_with('/') {
        return Err(PathProblem::Relative);
    }
    if path.len() > PATH_MAX {
        return Err(PathProblem::TooLong(path.len()));
    }
    if let Some(long) = path.split('/').map(str::len).find(|n| *n > NAME_MAX) {
        return Err(PathProblem::NameTooLong(long));
    }
    Ok(())
}

/// How a resource is named in messages: its reference and where it was
/// declared (a title is cut to 200 characters).
fn subject(r: &Resource) -> String {
    let title: String = r.title.chars().take(200).collect();
    let cut = if title.len() < r.title.len() {
        "..."
    } else {
        ""
    };
    let at = match (&r.file, r.line) {
        (Some(f), Some(l)) if !f.is_empty() => format!(" (file: {f}, line: {l})"),
        _ => String::new(),
    };
    format!(
        "{}[{title}{cut}]{at}",
        r.type_name.chars().take(100).collect::<String>()
    )
}

fn type_name_ok(name: &str, max: usize) -> bool {
    !name.is_empty()
        && name.len() <= max
        && name.split("::").all(|seg| {
            let mut chars = seg.chars();
            chars.next().is_some_and(|c| c.is_ascii_uppercase())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

fn parameter_name_ok(name: &str, max: usize) -> bool {
    !name.is_empty()
        && name.len() <= max
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Measures a value: its size as JSON (roughly), whether it holds a NUL in
/// a string, whether it nests deeper than `max_depth`. Stops descending at
/// `max_depth`, so a hostile value cannot exhaust the stack.
struct Measure {
    bytes: usize,
    nul: bool,
    too_deep: bool,
}

fn measure(value: &Value, depth: usize, max_depth: usize, m: &mut Measure) {
    match value {
        Value::Null | Value::Bool(_) => m.bytes += 5,
        Value::Number(_) => m.bytes += 20,
        Value::String(s) => {
            m.bytes += s.len() + 2;
            m.nul |= s.contains('\0');
        }
        Value::Array(items) => {
            if depth >= max_depth {
                m.too_deep = true;
                return;
            }
            m.bytes += 2 + items.len();
            for item in items {
                measure(item, depth + 1, max_depth, m);
            }
        }
        Value::Object(map) => {
            if depth >= max_depth {
                m.too_deep = true;
                return;
            }
            m.bytes += 2;
            for (k, v) in map {
                m.bytes += k.len() + 4;
                m.nul |= k.contains('\0');
                measure(v, depth + 1, max_depth, m);
            }
        }
    }
}

/// Parameters whose strings may hold any byte (a file's content).
const BINARY_PARAMETERS: &[&str] = &["content"];

/// Checks a catalog against `limits` and the rules every resource follows.
/// Returns the first problem found, naming the resource.
pub fn validate(catalog: &Catalog, limits: &Limits) -> Result<(), Invalid> {
    let whole = |problem: Problem| Invalid {
        subject: "the catalog".into(),
        problem,
    };
    if catalog.resources.len() > limits.max_resources {
        return Err(whole(Problem::TooManyResources {
            count: catalog.resources.len(),
            max: limits.max_resources,
        }));
    }
    if catalog.edges.len() > limits.max_edges {
        return Err(whole(Problem::TooManyEdges {
            count: catalog.edges.len(),
            max: limits.max_edges,
        }));
    }
    if catalog.name.contains('\0') {
        return Err(whole(Problem::Nul {
            what: "its node name".into(),
        }));
    }
    let mut total = 0usize;
    // Canonical references (`Class[Foo]`), as the run graph resolves them.
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(catalog.resources.len());
    for (i, r) in catalog.resources.iter().enumerate() {
        let fail = |problem: Problem| Invalid {
            subject: subject(r),
            problem,
        };
        if !type_name_ok(&r.type_name, limits.max_name_bytes) {
            return Err(Invalid {
                subject: format!("resource {i} of the catalog"),
                problem: Problem::TypeName {
                    name: r.type_name.chars().take(100).collect(),
                    max: limits.max_name_bytes,
                },
            });
        }
        if r.title.is_empty() {
            return Err(fail(Problem::Title("is empty".into())));
        }
        if r.title.contains('\0') {
            return Err(fail(Problem::Nul {
                what: "its title".into(),
            }));
        }
        if r.title.len() > limits.max_title_bytes {
            return Err(fail(Problem::Title(format!(
                "is {} bytes long, more than {}",
                r.title.len(),
                limits.max_title_bytes
            ))));
        }
        match seen.entry(canonical_pair(&r.type_name, &r.title)) {
            Entry::Occupied(first) => {
                return Err(fail(Problem::Duplicate {
                    first: *first.get(),
                    second: i,
                }));
            }
            Entry::Vacant(slot) => {
                slot.insert(i);
            }
        }
        if r.parameters.len() > limits.max_parameters {
            return Err(fail(Problem::TooManyParameters {
                count: r.parameters.len(),
                max: limits.max_parameters,
            }));
        }
        let mut m = Measure {
            bytes: r.title.len(),
            nul: false,
            too_deep: false,
        };
        for tag in &r.tags {
            m.bytes += tag.len() + 2;
            m.nul |= tag.contains('\0');
        }
        if r.file.as_deref().is_some_and(|f| f.contains('\0')) {
            m.nul = true;
        }
        if m.nul {
            return Err(fail(Problem::Nul {
                what: "a tag or its manifest's name".into(),
            }));
        }
        total += m.bytes;
        for (name, value) in &r.parameters {
            if !parameter_name_ok(name, limits.max_name_bytes) {
                return Err(fail(Problem::ParameterName {
                    name: name.chars().take(100).collect(),
                    max: limits.max_name_bytes,
                }));
            }
            let mut m = Measure {
                bytes: 0,
                nul: false,
                too_deep: false,
            };
            measure(value, 0, limits.max_depth, &mut m);
            if m.too_deep {
                return Err(fail(Problem::TooDeep {
                    name: name.to_string(),
                    max: limits.max_depth,
                }));
            }
            if m.bytes > limits.max_value_bytes {
                return Err(fail(Problem::ValueTooLarge {
                    name: name.to_string(),
                    size: m.bytes,
                    max: limits.max_value_bytes,
                }));
            }
            if m.nul && !BINARY_PARAMETERS.contains(&&**name) {
                return Err(fail(Problem::Nul {
                    what: format!("its parameter {name}"),
                }));
            }
            total = total.saturating_add(m.bytes);
        }
        if total > limits.max_total_bytes {
            return Err(whole(Problem::TooLarge {
                max: limits.max_total_bytes,
            }));
        }
    }
    for edge in &catalog.edges {
        for end in [&edge.source, &edge.target] {
            if !seen.contains_key(&canonical_reference(end)) {
                return Err(whole(Problem::UnknownEdge {
                    reference: end.chars().take(300).collect(),
                }));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
