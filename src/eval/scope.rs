//! Scopes: top, node, class and define scopes with their variables and resource
//! defaults, and the local frames of lambdas and match results.
//!
//! Lookup follows Puppet: local frames, then the scope, then the inherited
//! class scope or the enclosing node/top scope. Resource defaults follow the
//! dynamic parent chain (the scope that declared a class or define).

use indexmap::IndexMap;
use kuppet_values::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

pub(crate) type ScopeId = usize;
pub(crate) type ResId = usize;

pub(crate) const TOP: ScopeId = 0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    Top,
    Node,
    Class,
    Define,
    /// A Puppet function's body: sees only its parameters and top scope.
    Function,
}

/// A resource default set by `File { mode => ... }`.
#[derive(Debug, Clone)]
pub struct DefaultParam {
    pub value: Value,
    pub line: u32,
}

#[derive(Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    /// The scope this one was created from (dynamic; for defaults and enclosing lookup).
    pub parent: Option<ScopeId>,
    /// For a class with `inherits`: the parent class's scope.
    pub inherited: Option<ScopeId>,
    /// Top scope's record what the compile reads (`reads.rs`).
    pub vars: crate::reads::Vars,
    /// Defaults per lowercase type name.
    pub defaults: FxHashMap<String, IndexMap<Rc<str>, DefaultParam>>,
    /// The resource whose body this scope evaluates (Class[main], Class[x], a define instance, Node[x]).
    pub resource: Option<ResId>,
    /// The class or define name (lowercase) this scope belongs to, `""` for top.
    pub source: Rc<str>,
}

impl Scope {
    pub fn new(kind: ScopeKind, parent: Option<ScopeId>, source: &str) -> Scope {
        Scope {
            kind,
            parent,
            inherited: None,
            vars: Default::default(),
            defaults: FxHashMap::default(),
            resource: None,
            source: source.into(),
        }
    }
}

/// The local state of one evaluation: which scope, lambda frames, match data.
#[derive(Debug, Clone)]
pub struct Frame {
    pub scope: ScopeId,
    /// Lambda parameter and local frames, innermost last.
    pub locals: Vec<FxHashMap<Rc<str>, Value>>,
    /// The captures of the last successful match (`$0`, `$1` ...).
    pub matches: Option<Rc<Vec<Option<String>>>>,
}

impl Frame {
    pub fn new(scope: ScopeId) -> Frame {
        Frame {
            scope,
            locals: Vec::new(),
            matches: None,
        }
    }
}
