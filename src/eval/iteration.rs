//! Iteration functions and the other lambda-taking functions of Puppet's
//! core (`each`, `map`, `filter`, `reduce`, `reverse_each`, `step`, `with`,
//! `lest`, `then`, `any`, `all`, `find`, `index`, `partition`, `group_by`,
//! `tree_each`), and what they iterate over.

use super::compiler::Compiler;
use super::error::{EResult, Flow};
use super::functions::library::signature::{P, sig};
use super::scope::Frame;
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::types::PType;
use kuppet_values::types::{Signature, describe_signatures};
use kuppet_values::value::Value;

impl<'a> Compiler<'a> {
    /// Iteration and lambda-taking functions.
    pub(super) fn iteration(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        match name {
            "with" => {
                let Some(l) = lambda else {
                    return Err(self.call_error("'with' expects a block", e, m));
                };
                return self.call_lambda(l, args, f, m);
            }
            "lest" => {
                let v = args.into_iter().next().unwrap_or(Value::Undef);
                if v.is_undef()
                    && let Some(l) = lambda
                {
                    return self.call_lambda(l, Vec::new(), f, m);
                }
                return Ok(v);
            }
            "then" => {
                let v = args.into_iter().next().unwrap_or(Value::Undef);
                if v.is_undef() {
                    return Ok(v);
                }
                return match lambda {
                    Some(l) => self.call_lambda(l, vec![v], f, m),
                    None => Ok(v),
                };
            }
            "tree_each" => return self.tree_each(args, lambda, e, f, m),
            _ => {}
        }
        self.check_iteration_call(name, &args, lambda, e, m)?;
        let Some(subject) = args.first().cloned() else {
            return Err(self.call_error(
                format!("'{name}' expects at least 1 argument, got none"),
                e,
                m,
            ));
        };
        let (items, is_hash) = self
            .iterable_items(&subject)
            .map_err(|msg| self.call_error(format!("'{name}' {msg}"), e, m))?;
        match name {
            "reverse_each" => match lambda {
                None => {
                    let mut rev = self.items_vec(items, e, m)?;
                    rev.reverse();
                    Ok(Value::array(rev))
                }
                Some(l) => {
                    for v in items.iter().rev() {
                        match self.call_lambda(l, vec![v], f, m) {
                            Err(Flow::Break) => break,
                            r => {
                                r?;
                            }
                        }
                    }
                    Ok(subject)
                }
            },
            "step" => {
                let n = match args.get(1) {
                    Some(Value::Integer(n)) if *n > 0 => usize::try_from(*n).unwrap_or(usize::MAX),
                    _ => {
                        return Err(self.call_error(
                            "'step' expects a positive Integer step",
                            e,
                            m,
                        ));
                    }
                };
                match lambda {
                    None => {
                        let count = items.len().div_ceil(n as u64);
                        kuppet_values::budget::check_elements(
                            "The stepped array",
                            usize::try_from(count).unwrap_or(usize::MAX),
                        )
                        .map_err(|x| self.budget_error(x, e.span, m))?;
                        Ok(Value::array(items.step_by(n).collect()))
                    }
                    Some(l) => {
                        for v in items.step_by(n) {
                            match self.call_lambda(l, vec![v], f, m) {
                                Err(Flow::Break) => break,
                                r => {
                                    r?;
                                }
                            }
                        }
                        Ok(subject)
                    }
                }
            }
            _ => {
                let Some(l) = lambda else {
                    return Err(self.call_error(format!("'{name}' expects a block"), e, m));
                };
                let two = l.params.len() >= 2;
                let call_args = |i: usize, v: &Value| -> Vec<Value> {
                    if is_hash {
                        if two && let Value::Array(pair) = v {
                            return pair.to_vec();
                        }
                        vec![v.clone()]
                    } else if two {
                        vec![Value::Integer(i as i64), v.clone()]
                    } else {
                        vec![v.clone()]
                    }
                };
                match name {
                    "each" => {
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            match self.call_lambda(l, call_args(i, v), f, m) {
                                Err(Flow::Break) => break,
                                r => {
                                    r?;
                                }
                            }
                        }
                        Ok(subject)
                    }
                    "map" => {
                        let mut out = Vec::with_capacity(items.capacity());
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            match self.call_lambda(l, call_args(i, v), f, m) {
                                Err(Flow::Break) => break,
                                r => out.push(r?),
                            }
                        }
                        Ok(Value::array(out))
                    }
                    "filter" => {
                        let mut out = Vec::new();
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            match self.call_lambda(l, call_args(i, v), f, m) {
                                Err(Flow::Break) => break,
                                r => {
                                    if r?.is_truthy() {
                                        out.push(v.clone());
                                    }
                                }
                            }
                        }
                        if is_hash {
                            let mut h = IndexMap::new();
                            for pair in out {
                                if let Value::Array(p) = pair
                                    && p.len() == 2
                                {
                                    h.insert(p[0].clone(), p[1].clone());
                                }
                            }
                            return Ok(Value::hash(h));
                        }
                        Ok(Value::array(out))
                    }
                    "any" | "all" => {
                        let want_any = name == "any";
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            let t = self.call_lambda(l, call_args(i, v), f, m)?.is_truthy();
                            if want_any && t {
                                return Ok(Value::Bool(true));
                            }
                            if !want_any && !t {
                                return Ok(Value::Bool(false));
                            }
                        }
                        Ok(Value::Bool(!want_any))
                    }
                    "index" => {
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            if self.call_lambda(l, call_args(i, v), f, m)?.is_truthy() {
                                if is_hash && let Value::Array(p) = v {
                                    return Ok(p[0].clone());
                                }
                                return Ok(Value::Integer(i as i64));
                            }
                        }
                        Ok(Value::Undef)
                    }
                    "reduce" => {
                        let mut iter = items.iter();
                        let mut memo = match args.get(1) {
                            Some(start) => start.clone(),
                            None => iter.next().unwrap_or(Value::Undef),
                        };
                        for v in iter {
                            match self.call_lambda(l, vec![memo.clone(), v], f, m) {
                                Err(Flow::Break) => break,
                                r => memo = r?,
                            }
                        }
                        Ok(memo)
                    }
                    "partition" => {
                        let (mut yes, mut no) = (Vec::new(), Vec::new());
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            if self.call_lambda(l, call_args(i, v), f, m)?.is_truthy() {
                                yes.push(v.clone());
                            } else {
                                no.push(v.clone());
                            }
                        }
                        Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
                    }
                    "group_by" => {
                        let mut groups: IndexMap<Value, Vec<Value>> = IndexMap::new();
                        for (i, v) in items.iter().enumerate() {
                            let v = &v;
                            let k = self.call_lambda(l, call_args(i, v), f, m)?;
                            groups.entry(k).or_default().push(v.clone());
                        }
                        Ok(Value::hash(
                            groups
                                .into_iter()
                                .map(|(k, v)| (k, Value::array(v)))
                                .collect(),
                        ))
                    }
                    _ => Err(self.call_error(format!("Unknown function: '{name}'"), e, m)),
                }
            }
        }
    }

    /// The elements an iteration walks: array items, hash pairs, integers up to
    /// n, the range of an `Integer[a, b]`, or the characters of a string.
    /// Ranges are not materialised: `10000000000000.each` walks them one by
    /// one (under the step budget).
    pub(super) fn iterable_items(&self, v: &Value) -> Result<(Items, bool), String> {
        Ok(match v {
            Value::Array(items) => (Items::List(items.to_vec()), false),
            Value::Hash(h) => (
                Items::List(
                    h.iter()
                        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                        .collect(),
                ),
                true,
            ),
            Value::Integer(n) => (
                Items::Range {
                    start: 0,
                    len: (*n).max(0) as u64,
                },
                false,
            ),
            Value::String(s) => (
                Items::List(s.chars().map(|c| Value::string(c.to_string())).collect()),
                false,
            ),
            Value::Type(t) => match &**t {
                PType::Integer { min, max } if *min != i64::MIN && *max != i64::MAX => {
                    // max - min + 1 in i128: at most 2^64 - 1, a u64.
                    let len = (*max as i128 - *min as i128 + 1).max(0) as u64;
                    (Items::Range { start: *min, len }, false)
                }
                other => return Err(format!("expects an Iterable value, got Type[{other}]")),
            },
            other => {
                return Err(format!(
                    "expects an Iterable value, got {}",
                    other.type_name()
                ));
            }
        })
    }

    /// The elements of an iteration as a vector, within the per-value cap.
    pub(crate) fn items_vec(&self, items: Items, e: &Expr, m: &Manifest) -> EResult<Vec<Value>> {
        items
            .into_vec()
            .map_err(|x| self.budget_error(x, e.span, m))
    }

    /// A limit of the budget went past at `at`.
    pub(crate) fn budget_error(
        &self,
        x: kuppet_values::budget::Exceeded,
        at: kuppet_syntax::span::Span,
        m: &Manifest,
    ) -> Flow {
        super::error::EvalError::budget(x).at(m, at).into()
    }

    /// Checks an iteration call against the function's signatures, as
    /// Puppet's dispatcher: the arguments, then the block's parameter count.
    fn check_iteration_call(
        &mut self,
        name: &str,
        args: &[Value],
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        m: &'a Manifest,
    ) -> EResult<()> {
        let sigs = iteration_signatures(name);
        if sigs.is_empty() {
            return Ok(());
        }
        let accepted: Vec<&(Signature, usize)> =
            sigs.iter().filter(|(s, _)| s.accepts(args)).collect();
        if accepted.is_empty() {
            let plain: Vec<Signature> = sigs.iter().map(|(s, _)| s.clone()).collect();
            return Err(self.call_error(describe_signatures(name, &plain, args), e, m));
        }
        let Some(l) = lambda else {
            return Ok(());
        };
        let required = l
            .params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let max = if l.params.iter().any(|p| p.captures_rest) {
            usize::MAX
        } else {
            l.params.len()
        };
        if accepted.iter().any(|(_, n)| required <= *n && *n <= max) {
            return Ok(());
        }
        let lo = accepted.iter().map(|(_, n)| *n).min().unwrap_or(0);
        let hi = accepted.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let expected = if lo == hi {
            format!("{lo} argument{}", if lo == 1 { "" } else { "s" })
        } else {
            format!("between {lo} and {hi} arguments")
        };
        Err(self.call_error(
            format!("'{name}' block expects {expected}, got {}", l.params.len()),
            e,
            m,
        ))
    }

    /// `tree_each(tree, options)`: `[path, value]` of every node of a tree of
    /// arrays and hashes, depth first (or breadth first), root included.
    fn tree_each(
        &mut self,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let Some(tree) = args.first().cloned() else {
            return Err(self.call_error(
                "'tree_each' expects between 1 and 2 arguments, got none",
                e,
                m,
            ));
        };
        let mut opts = TreeOptions::default();
        if let Some(o) = args.get(1) {
            let Value::Hash(h) = o else {
                return Err(self.call_error(
                    format!(
                        "'tree_each' parameter 'options' expects a Hash value, got {}",
                        o.type_name()
                    ),
                    e,
                    m,
                ));
            };
            for (k, v) in h.iter() {
                match (k.as_str().unwrap_or(""), v) {
                    ("order", Value::String(s)) if &**s == "depth_first" => {
                        opts.breadth_first = false
                    }
                    ("order", Value::String(s)) if &**s == "breadth_first" => {
                        opts.breadth_first = true
                    }
                    ("include_containers", Value::Bool(b)) => opts.containers = *b,
                    ("include_values", Value::Bool(b)) => opts.values = *b,
                    ("include_root", Value::Bool(b)) => opts.root = *b,
                    ("container_type", _) => {}
                    (other, _) => {
                        return Err(self.call_error(
                            format!("tree_each(): unknown or invalid option '{other}'"),
                            e,
                            m,
                        ));
                    }
                }
            }
        }
        if !matches!(tree, Value::Array(_) | Value::Hash(_)) {
            return Err(self.call_error(
                format!(
                    "Only Array, Hash, and Object types can be used as the root of a tree; got {}",
                    tree.type_name()
                ),
                e,
                m,
            ));
        }
        let mut entries = Vec::new();
        if opts.breadth_first {
            let mut level = vec![(Vec::new(), tree)];
            let mut first = true;
            while !level.is_empty() {
                let mut next = Vec::new();
                for (path, v) in level {
                    if opts.includes(&v, first) {
                        entries.push((path.clone(), v.clone()));
                    }
                    next.extend(children(&path, &v));
                }
                first = false;
                level = next;
            }
        } else {
            walk_depth_first(Vec::new(), tree, true, &opts, &mut entries);
        }
        let pairs: Vec<Value> = entries
            .into_iter()
            .map(|(p, v)| Value::array(vec![Value::array(p), v]))
            .collect();
        let Some(l) = lambda else {
            return Ok(Value::array(pairs));
        };
        let two = l.params.len() >= 2;
        for pair in pairs {
            let call_args = match (&pair, two) {
                (Value::Array(p), true) => p.to_vec(),
                _ => vec![pair.clone()],
            };
            match self.call_lambda(l, call_args, f, m) {
                Err(Flow::Break) => break,
                r => {
                    r?;
                }
            }
        }
        Ok(args.into_iter().next().unwrap_or(Value::Undef))
    }
}

/// What an iteration walks: values, or a range of integers produced one at
/// a time.
pub(crate) enum Items {
    List(Vec<Value>),
    /// `start`, `start + 1`, ... (`len` of them; the last is at most `i64::MAX`).
    Range {
        start: i64,
        len: u64,
    },
}

impl Items {
    /// How many elements.
    pub(crate) fn len(&self) -> u64 {
        match self {
            Items::List(v) => v.len() as u64,
            Items::Range { len, .. } => *len,
        }
    }

    /// The elements, in order (either way round).
    pub(crate) fn iter(&self) -> Box<dyn DoubleEndedIterator<Item = Value> + '_> {
        match self {
            Items::List(v) => Box::new(v.iter().cloned()),
            // start + i is in range for every i < len; wrapping arithmetic
            // gives it even where i itself does not fit an i64.
            Items::Range { start, len } => {
                let start = *start;
                Box::new((0..*len).map(move |i| Value::Integer(start.wrapping_add(i as i64))))
            }
        }
    }

    /// Every `n`th element from the first. A range skips in O(1): walking
    /// `10000000000000.step(9223372036854775807)` one element at a time would
    /// take hours without a single evaluation step to stop it.
    pub(crate) fn step_by(&self, n: usize) -> Box<dyn Iterator<Item = Value> + '_> {
        match self {
            Items::List(v) => Box::new(v.iter().step_by(n).cloned()),
            Items::Range { start, len } => {
                let start = *start;
                Box::new(
                    (0..*len)
                        .step_by(n)
                        .map(move |i| Value::Integer(start.wrapping_add(i as i64))),
                )
            }
        }
    }

    /// The elements as a vector, when that many may be built
    /// (`Exceeded::Size` past the compile's per-value cap).
    pub(crate) fn into_vec(self) -> Result<Vec<Value>, kuppet_values::budget::Exceeded> {
        match self {
            Items::List(v) => Ok(v),
            Items::Range { len, .. } => {
                kuppet_values::budget::check_elements(
                    "An array of the range",
                    usize::try_from(len).unwrap_or(usize::MAX),
                )?;
                Ok(self.iter().collect())
            }
        }
    }

    /// A capacity to reserve for one result per element: the count, up to
    /// what is cheap to reserve before the elements exist.
    pub(crate) fn capacity(&self) -> usize {
        self.len().min(1024) as usize
    }
}

/// The options of `tree_each`.
struct TreeOptions {
    breadth_first: bool,
    containers: bool,
    values: bool,
    root: bool,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions {
            breadth_first: false,
            containers: true,
            values: true,
            root: true,
        }
    }
}

impl TreeOptions {
    fn includes(&self, v: &Value, is_root: bool) -> bool {
        if is_root && !self.root {
            return false;
        }
        if matches!(v, Value::Array(_) | Value::Hash(_)) {
            self.containers
        } else {
            self.values
        }
    }
}

/// The children of a tree node with their paths.
fn children(path: &[Value], v: &Value) -> Vec<(Vec<Value>, Value)> {
    let extend = |k: Value| {
        let mut p = path.to_vec();
        p.push(k);
        p
    };
    match v {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, x)| (extend(Value::Integer(i as i64)), x.clone()))
            .collect(),
        Value::Hash(h) => h
            .iter()
            .map(|(k, x)| (extend(k.clone()), x.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

fn walk_depth_first(
    path: Vec<Value>,
    v: Value,
    is_root: bool,
    opts: &TreeOptions,
    out: &mut Vec<(Vec<Value>, Value)>,
) {
    if opts.includes(&v, is_root) {
        out.push((path.clone(), v.clone()));
    }
    for (p, c) in children(&path, &v) {
        walk_depth_first(p, c, false, opts, out);
    }
}

/// The signatures of an iteration function with the parameter count of
/// their block (Puppet's `dispatch` declarations).
fn iteration_signatures(name: &str) -> Vec<(Signature, usize)> {
    let hash_enum = || {
        vec![
            (
                sig(&[
                    P::Req("Hash[Any, Any]", "hash"),
                    P::Block("Callable[2,2]", "block"),
                ]),
                2,
            ),
            (
                sig(&[
                    P::Req("Hash[Any, Any]", "hash"),
                    P::Block("Callable[1,1]", "block"),
                ]),
                1,
            ),
            (
                sig(&[
                    P::Req("Iterable", "enumerable"),
                    P::Block("Callable[2,2]", "block"),
                ]),
                2,
            ),
            (
                sig(&[
                    P::Req("Iterable", "enumerable"),
                    P::Block("Callable[1,1]", "block"),
                ]),
                1,
            ),
        ]
    };
    let collection = || {
        vec![
            (
                sig(&[
                    P::Req("Collection", "collection"),
                    P::Block("Callable[1,1]", "block"),
                ]),
                1,
            ),
            (
                sig(&[P::Req("Array", "array"), P::Block("Callable[2,2]", "block")]),
                2,
            ),
            (
                sig(&[
                    P::Req("Collection", "collection"),
                    P::Block("Callable[2,2]", "block"),
                ]),
                2,
            ),
        ]
    };
    match name {
        "each" | "map" | "filter" | "any" | "all" => hash_enum(),
        "partition" | "group_by" => collection(),
        "reduce" => vec![
            (
                sig(&[
                    P::Req("Iterable", "enumerable"),
                    P::Block("Callable[2,2]", "block"),
                ]),
                2,
            ),
            (
                sig(&[
                    P::Req("Iterable", "enumerable"),
                    P::Req("Any", "memo"),
                    P::Block("Callable[2,2]", "block"),
                ]),
                2,
            ),
        ],
        "reverse_each" => vec![(
            sig(&[
                P::Req("Iterable", "iterable"),
                P::OptBlock("Callable[1,1]", "block"),
            ]),
            1,
        )],
        "step" => vec![(
            sig(&[
                P::Req("Iterable", "iterable"),
                P::Req("Integer[1]", "step"),
                P::OptBlock("Callable[1,1]", "block"),
            ]),
            1,
        )],
        _ => Vec::new(),
    }
}
