//! What a compile reads of its node: the inputs (facts by path, the node
//! name, the node definition its name matches) recorded while it runs, so
//! that another node with the same values for exactly those inputs can reuse
//! the catalog (`reuse.rs`).
//!
//! Every read of top scope goes through [`Vars`], the variables of a scope:
//! top scope's carry the compile's [`ReadLog`], so `$x`, `$::x`, `getvar`,
//! `defined('$x')`, templates, Hiera interpolation and anything added later
//! are recorded without their own bookkeeping. A read of `$facts` (or of a
//! fact variable) is the whole value, unless the evaluator narrows it: an
//! access `$facts['os']['family']` reads only that path (`access.rs`).

use kuppet_values::value::Value;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

/// One input of a compile.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Input {
    /// The facts at a path of keys (`[]`: the whole `$facts` hash;
    /// `["os", "family"]`: `$facts['os']['family']`), or its absence.
    Fact(Vec<String>),
    /// The node's name (`$trusted`, `$settings::certname`).
    NodeName,
    /// Which node definition the name matches, with the regex captures.
    NodeMatch,
}

/// The top-scope variables that are not facts: set by the compiler the same
/// for every node (`$trusted` is the node name, `$facts` all facts).
const CONSTANT_TOP_VARS: &[&str] = &[
    "environment",
    "name",
    "title",
    "module_name",
    "server_facts",
];

/// The inputs one compile read, recorded as it runs.
#[derive(Debug, Default)]
pub struct ReadLog(RefCell<LogState>);

#[derive(Debug, Default)]
struct LogState {
    inputs: BTreeSet<Input>,
    /// Reads held back while the evaluator decides whether a narrower read
    /// stands for them (see [`ReadLog::defer`]).
    deferred: Vec<Input>,
    depth: u32,
    /// Why the catalog may not be reused (`generate()`, a Secret, the clock).
    volatile: Option<String>,
}

impl ReadLog {
    /// Records one input.
    pub fn note(&self, input: Input) {
        let mut s = self.0.borrow_mut();
        if s.depth > 0 {
            s.deferred.push(input);
        } else {
            s.inputs.insert(input);
        }
    }

    /// Records the read of a top-scope variable by name.
    pub fn note_top_var(&self, name: &str) {
        match name {
            "facts" => self.note(Input::Fact(Vec::new())),
            "trusted" => self.note(Input::NodeName),
            n if CONSTANT_TOP_VARS.contains(&n) => {}
            n => self.note(Input::Fact(vec![n.to_string()])),
        }
    }

    /// Records a read of every top-scope variable (a template's `scope.to_hash`).
    pub fn note_all(&self) {
        self.note(Input::Fact(Vec::new()));
        self.note(Input::NodeName);
    }

    /// Holds back the reads from now until [`ReadLog::undefer`] with the mark
    /// returned, which keeps or drops them.
    pub fn defer(&self) -> usize {
        let mut s = self.0.borrow_mut();
        s.depth += 1;
        s.deferred.len()
    }

    /// Ends a [`ReadLog::defer`]: the reads held back since `mark` are
    /// recorded when `keep`, else forgotten (a narrower read stands for them).
    pub fn undefer(&self, mark: usize, keep: bool) {
        let mut s = self.0.borrow_mut();
        if !keep {
            s.deferred.truncate(mark);
        }
        s.depth = s.depth.saturating_sub(1);
        if s.depth == 0 {
            let held = std::mem::take(&mut s.deferred);
            s.inputs.extend(held);
        }
    }

    /// Marks the compile's catalog as not reusable, saying why.
    pub fn volatile(&self, why: &str) {
        let mut s = self.0.borrow_mut();
        if s.volatile.is_none() {
            s.volatile = Some(why.to_string());
        }
    }

    /// The inputs read so far, sorted; `Err(why)` when not reusable.
    pub fn inputs(&self) -> Result<Vec<Input>, String> {
        let s = self.0.borrow();
        if let Some(why) = &s.volatile {
            return Err(why.clone());
        }
        let mut all = s.inputs.clone();
        all.extend(s.deferred.iter().cloned());
        Ok(all.into_iter().collect())
    }
}

/// The variables of a scope. Top scope's record every read in the compile's
/// [`ReadLog`]; there is deliberately no way to reach the map unrecorded
/// except [`Vars::get_unrecorded`], for the evaluator's narrowed reads.
#[derive(Debug, Default)]
pub struct Vars {
    map: FxHashMap<Rc<str>, Value>,
    log: Option<Rc<ReadLog>>,
}

impl Vars {
    /// Makes these variables record their reads in `log` (top scope).
    pub fn record_in(&mut self, log: Rc<ReadLog>) {
        self.log = Some(log);
    }

    fn note(&self, name: &str) {
        if let Some(log) = &self.log {
            log.note_top_var(name);
        }
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.note(name);
        self.map.get(name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.note(name);
        self.map.get_mut(name)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.note(name);
        self.map.contains_key(name)
    }

    pub fn insert(&mut self, name: Rc<str>, value: Value) -> Option<Value> {
        self.map.insert(name, value)
    }

    /// All variables (a read of every one of them).
    pub fn iter(&self) -> impl Iterator<Item = (&Rc<str>, &Value)> {
        if let Some(log) = &self.log {
            log.note_all();
        }
        self.map.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_scope_reads_are_recorded_by_kind() {
        let log = Rc::new(ReadLog::default());
        let mut vars = Vars::default();
        vars.record_in(log.clone());
        vars.insert("os".into(), Value::string("linux"));
        assert!(vars.get("os").is_some());
        assert!(!vars.contains_key("missing"));
        vars.get("environment");
        vars.get("trusted");
        vars.get("facts");
        assert_eq!(
            log.inputs().unwrap(),
            vec![
                Input::Fact(vec![]),
                Input::Fact(vec!["missing".into()]),
                Input::Fact(vec!["os".into()]),
                Input::NodeName,
            ]
        );
    }

    #[test]
    fn deferred_reads_are_kept_or_dropped() {
        let log = ReadLog::default();
        let mark = log.defer();
        log.note_top_var("a");
        log.undefer(mark, false);
        let mark = log.defer();
        log.note_top_var("b");
        log.undefer(mark, true);
        assert_eq!(log.inputs().unwrap(), vec![Input::Fact(vec!["b".into()])]);
        log.volatile("generate()");
        assert_eq!(log.inputs(), Err("generate()".to_string()));
    }

    #[test]
    fn other_scopes_record_nothing() {
        let log = Rc::new(ReadLog::default());
        let mut vars = Vars::default();
        vars.insert("x".into(), Value::Integer(1));
        vars.get("x");
        vars.iter().count();
        assert_eq!(log.inputs().unwrap(), vec![]);
    }
}
