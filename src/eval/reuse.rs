//! Compile once per distinct input: a catalog compiled for one node serves
//! every node whose values are the same for exactly the inputs that compile
//! read ([`ReadSet`], recorded by `reads.rs`). Only the catalog's `name` is
//! the node's: every other place a node's name could reach the catalog is
//! an input (`$trusted`, `$settings::certname`, the node definition matched).
//!
//! A [`ReuseCache`] holds the catalogs of one version of the code (the
//! caller keys caches by it): grouped by the inputs read, each group a map
//! from the digest of those inputs' values to the catalog. A node is looked
//! up in every group (few: one per shape of compile, such as a role).

use crate::reads::Input;
use crate::{CompileRequest, Compiled, DataConfig};
use kuppet_syntax::ast::{ExprKind, NodeDef, StringPart};
use kuppet_syntax::diagnostics::Diagnostic;
use kuppet_values::value::RegexValue;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

/// One way a node definition matches (`node 'a', /b/, default`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum NodeSpec {
    /// A name, lowercase; `default` when written exactly `default` (the
    /// default node); `quoted_default` when that was a plain string (then
    /// not an exact match for a node named "default").
    Name {
        lower: String,
        default: bool,
        quoted_default: bool,
    },
    Regex(String),
    Default,
    /// Anything else (never matches).
    Other,
}

/// Which node definition a node name matches, as owned data: the compiler
/// and the cache's lookups use the same rules (exact names, then regexes,
/// then `default`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NodeMatcher {
    defs: Vec<Vec<NodeSpec>>,
}

/// The definition matched (its index), the node resource's name and the
/// regex captures.
pub type Matched = (usize, String, Option<Vec<Option<String>>>);

impl NodeMatcher {
    /// The matcher of node definitions in their order.
    pub fn new<'n>(defs: impl Iterator<Item = &'n NodeDef>) -> NodeMatcher {
        let spec = |e: &kuppet_syntax::ast::Expr| match &e.kind {
            ExprKind::Default => NodeSpec::Default,
            ExprKind::String(s) => NodeSpec::Name {
                lower: s.to_ascii_lowercase(),
                default: s == "default",
                quoted_default: s == "default",
            },
            ExprKind::Concat(parts) => match parts.as_slice() {
                [StringPart::Literal(s)] => NodeSpec::Name {
                    lower: s.to_ascii_lowercase(),
                    default: s == "default",
                    quoted_default: false,
                },
                _ => NodeSpec::Other,
            },
            ExprKind::Regex(r) => NodeSpec::Regex(r.clone()),
            _ => NodeSpec::Other,
        };
        NodeMatcher {
            defs: defs.map(|d| d.matches.iter().map(spec).collect()).collect(),
        }
    }

    /// The definition `node` matches; `Err((definition, match, message))`
    /// for a regex that does not compile.
    pub fn find(&self, node: &str) -> Result<Option<Matched>, (usize, usize, String)> {
        let name = node.to_ascii_lowercase();
        for (i, specs) in self.defs.iter().enumerate() {
            for s in specs {
                if let NodeSpec::Name {
                    lower,
                    quoted_default,
                    ..
                } = s
                    && *lower == name
                    && !quoted_default
                {
                    return Ok(Some((i, name, None)));
                }
            }
        }
        for (i, specs) in self.defs.iter().enumerate() {
            for (j, s) in specs.iter().enumerate() {
                if let NodeSpec::Regex(r) = s {
                    let re = RegexValue::new(r).map_err(|e| (i, j, e))?;
                    if let Some(caps) = re.captures(&name) {
                        let cleaned: String = r
                            .to_ascii_lowercase()
                            .chars()
                            .filter(|c| c.is_ascii_alphanumeric() || "-_:.".contains(*c))
                            .collect();
                        let cleaned = cleaned.trim_start_matches('.');
                        return Ok(Some((i, format!("__node_regexp__{cleaned}"), Some(caps))));
                    }
                }
            }
        }
        for (i, specs) in self.defs.iter().enumerate() {
            let is_default = specs.iter().any(|s| match s {
                NodeSpec::Default => true,
                NodeSpec::Name { default, .. } => *default,
                _ => false,
            });
            if is_default {
                return Ok(Some((i, "default".to_string(), None)));
            }
        }
        Ok(None)
    }
}

/// What one compile read of its node: the inputs, and how node definitions
/// match names when the match is one of them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReadSet {
    pub inputs: Vec<Input>,
    pub node_matcher: Option<NodeMatcher>,
}

/// A digest of values, the key of a catalog within its [`ReadSet`]'s group.
pub type Key = [u8; 32];

impl ReadSet {
    /// The digest of a node's values for these inputs: equal for two nodes
    /// exactly when every input has the same value (or is absent) for both.
    pub fn key(&self, node: &str, facts: &serde_json::Map<String, serde_json::Value>) -> Key {
        let mut h = Sha256::new();
        for input in &self.inputs {
            match input {
                Input::Fact(path) => {
                    h.update(b"F");
                    frame(&mut h, path.len().to_string().as_bytes());
                    for k in path {
                        frame(&mut h, k.as_bytes());
                    }
                    fact_at(&mut h, facts, path);
                }
                Input::NodeName => {
                    h.update(b"N");
                    frame(&mut h, node.as_bytes());
                }
                Input::NodeMatch => {
                    h.update(b"M");
                    let outcome = match &self.node_matcher {
                        Some(m) => format!("{:?}", m.find(node)),
                        None => format!("no matcher for {node}"),
                    };
                    frame(&mut h, outcome.as_bytes());
                }
            }
        }
        h.finalize().into()
    }
}

/// A length-prefixed piece of a digest (no two sequences feed the same bytes).
fn frame(h: &mut Sha256, bytes: &[u8]) {
    h.update((bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// Feeds the value at `path` in the facts: the value, or where the path
/// ends (a key missing from a hash, or a value that is not a hash, in full).
fn fact_at(h: &mut Sha256, facts: &serde_json::Map<String, serde_json::Value>, path: &[String]) {
    let json = |v: &serde_json::Value| serde_json::to_vec(v).unwrap_or_default();
    let Some((first, rest)) = path.split_first() else {
        h.update(b"v");
        let all = serde_json::to_vec(facts).unwrap_or_default();
        frame(h, &all);
        return;
    };
    let Some(mut cur) = facts.get(first) else {
        h.update(b"a");
        frame(h, b"0");
        return;
    };
    for (i, k) in rest.iter().enumerate() {
        match cur {
            serde_json::Value::Object(map) => match map.get(k) {
                Some(v) => cur = v,
                None => {
                    h.update(b"a");
                    frame(h, (i + 1).to_string().as_bytes());
                    return;
                }
            },
            other => {
                h.update(b"s");
                frame(h, (i + 1).to_string().as_bytes());
                frame(h, &json(other));
                return;
            }
        }
    }
    h.update(b"v");
    frame(h, &json(cur));
}

/// How many compiles ran and how many catalogs were reused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReuseStats {
    pub compiled: u64,
    pub reused: u64,
}

/// The catalogs of one version of the code, by what their compiles read.
#[derive(Debug, Default)]
pub struct ReuseCache {
    groups: Vec<Group>,
    index: HashMap<ReadSet, usize>,
    entries: usize,
    /// The most catalogs kept (0: no limit); past it new ones are not kept.
    pub max_entries: usize,
    pub stats: ReuseStats,
}

#[derive(Debug)]
struct Group {
    reads: ReadSet,
    catalogs: HashMap<Key, Arc<Compiled>>,
}

impl ReuseCache {
    /// A cache keeping at most `max_entries` catalogs (0: no limit).
    pub fn new(max_entries: usize) -> ReuseCache {
        ReuseCache {
            max_entries,
            ..ReuseCache::default()
        }
    }

    /// The catalog a compile for `node` with `facts` would produce, when a
    /// compile with the same values for what it read is held; its `name`
    /// is `node`'s.
    pub fn get(
        &self,
        node: &str,
        facts: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<Compiled> {
        let found = self.get_shared(node, facts)?;
        let mut compiled = Compiled::clone(&found);
        compiled.catalog.name = node.to_string();
        Some(compiled)
    }

    /// As [`ReuseCache::get`], without copying: the catalog as compiled,
    /// named for the node it was compiled for (the caller names it).
    pub fn get_shared(
        &self,
        node: &str,
        facts: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<Arc<Compiled>> {
        self.groups
            .iter()
            .find_map(|g| g.catalogs.get(&g.reads.key(node, facts)).cloned())
    }

    /// Keeps a compile's catalog for `node` with `facts` (not one that read
    /// something else: `compiled.reads` is `None`). Whether it was kept.
    pub fn insert(
        &mut self,
        node: &str,
        facts: &serde_json::Map<String, serde_json::Value>,
        compiled: &Compiled,
    ) -> bool {
        let Some(reads) = &compiled.reads else {
            return false;
        };
        if self.max_entries > 0 && self.entries >= self.max_entries {
            return false;
        }
        let key = reads.key(node, facts);
        let g = match self.index.get(reads) {
            Some(&g) => g,
            None => {
                self.groups.push(Group {
                    reads: reads.clone(),
                    catalogs: HashMap::new(),
                });
                self.index.insert(reads.clone(), self.groups.len() - 1);
                self.groups.len() - 1
            }
        };
        let fresh = self.groups[g]
            .catalogs
            .insert(key, Arc::new(compiled.clone()))
            .is_none();
        if fresh {
            self.entries += 1;
        }
        true
    }

    /// How many catalogs are held.
    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// How many distinct sets of inputs the held catalogs read.
    pub fn groups(&self) -> usize {
        self.groups.len()
    }
}

/// Compiles `request`, or reuses a catalog of `cache` (same code, same
/// data configuration) when one was compiled from the same inputs; keeps
/// what it compiles. Whether it was reused is in `cache.stats`, and the
/// second value.
pub fn compile_reusing(
    cache: &mut ReuseCache,
    request: &CompileRequest,
    data: &DataConfig,
) -> Result<(Compiled, bool), Diagnostic> {
    if let Some(c) = cache.get(&request.node, &request.facts) {
        cache.stats.reused += 1;
        return Ok((c, true));
    }
    cache.stats.compiled += 1;
    let compiled = crate::compile_with_data(request, data)?;
    cache.insert(&request.node, &request.facts, &compiled);
    Ok((compiled, false))
}
