//! Ruby's Enumerator, as Ruby 3.1 makes one: an iteration method of an
//! Array, Hash, Range, Integer (`times`, `upto`, `downto`, `step`), String
//! (`each_char`, `each_line`) or Enumerator called without a block. It holds
//! the receiver, the method and its arguments; what it yields is computed
//! when needed, by running the method with a block that collects (so an
//! enumerator over an array sees the array as it is then).
//!
//! `each`, `with_index` / `each_with_index` and `with_object` /
//! `each_with_object` with a block run the method itself with that block
//! (so `map.with_index { }` maps and `select.with_index { }` selects);
//! `size`, `to_a` and every other Enumerable method work on the values the
//! enumerator yields (`each_with_index.map` sees `[item, index]` pairs).

use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, REnumerator, RValue};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Enumerable's methods that iterate with a block and, without one, give an
/// Enumerator (taking no arguments; see `arity` for the others).
const ITERATORS: &[&str] = &[
    "collect",
    "collect_concat",
    "drop_while",
    "each_entry",
    "each_with_index",
    "filter",
    "filter_map",
    "find_all",
    "flat_map",
    "group_by",
    "map",
    "max_by",
    "min_by",
    "partition",
    "reject",
    "reverse_each",
    "select",
    "sort_by",
    "take_while",
];

/// Array's own iteration methods (no arguments).
const ARRAY_ITERATORS: &[&str] = &[
    "each",
    "each_index",
    "map!",
    "collect!",
    "select!",
    "filter!",
    "reject!",
    "keep_if",
    "delete_if",
    "sort_by!",
];

/// Hash's own iteration methods (no arguments).
const HASH_ITERATORS: &[&str] = &[
    "each",
    "each_pair",
    "each_key",
    "each_value",
    "select!",
    "filter!",
    "reject!",
    "keep_if",
    "delete_if",
    "transform_values",
    "transform_keys",
];

/// Enumerators whose `size` Ruby does not know without iterating.
const UNSIZED: &[&str] = &[
    "find",
    "detect",
    "find_index",
    "index",
    "rindex",
    "take_while",
    "drop_while",
    "each_line",
];

/// Enumerable's methods (Ruby 3.1): on an Enumerator they work on what it yields.
const ENUMERABLE: &[&str] = &[
    "all?",
    "any?",
    "chain",
    "chunk",
    "chunk_while",
    "collect",
    "collect_concat",
    "compact",
    "count",
    "cycle",
    "detect",
    "drop",
    "drop_while",
    "each_cons",
    "each_entry",
    "each_slice",
    "each_with_index",
    "each_with_object",
    "entries",
    "filter",
    "filter_map",
    "find",
    "find_all",
    "find_index",
    "first",
    "flat_map",
    "grep",
    "grep_v",
    "group_by",
    "include?",
    "inject",
    "lazy",
    "map",
    "max",
    "max_by",
    "member?",
    "min",
    "min_by",
    "minmax",
    "minmax_by",
    "none?",
    "one?",
    "partition",
    "reduce",
    "reject",
    "reverse_each",
    "select",
    "slice_after",
    "slice_before",
    "slice_when",
    "sort",
    "sort_by",
    "sum",
    "take",
    "take_while",
    "tally",
    "to_a",
    "to_h",
    "uniq",
    "zip",
];

/// The methods of an ArithmeticSequence (`1.step(9, 2)`) besides an Enumerator's.
pub(crate) const ARITHMETIC_SEQUENCE_NAMES: &[&str] =
    &["begin", "end", "exclude_end?", "last", "step"];

/// The public methods of an Enumerator in Ruby 3.1 with Puppet 7 loaded.
pub const NAMES: &[&str] = &[
    "!",
    "!=",
    "!~",
    "+",
    "<=>",
    "==",
    "===",
    "=~",
    "__id__",
    "__send__",
    "all?",
    "any?",
    "chain",
    "chunk",
    "chunk_while",
    "class",
    "class_def",
    "clone",
    "collect",
    "collect_concat",
    "compact",
    "count",
    "cycle",
    "daemonize",
    "define_singleton_method",
    "detect",
    "display",
    "drop",
    "drop_while",
    "dup",
    "each",
    "each_cons",
    "each_entry",
    "each_slice",
    "each_with_index",
    "each_with_object",
    "entries",
    "enum_for",
    "eql?",
    "equal?",
    "extend",
    "feed",
    "filter",
    "filter_map",
    "find",
    "find_all",
    "find_index",
    "first",
    "flat_map",
    "freeze",
    "frozen?",
    "grep",
    "grep_v",
    "group_by",
    "hash",
    "include?",
    "inject",
    "inspect",
    "instance_eval",
    "instance_exec",
    "instance_of?",
    "instance_variable_defined?",
    "instance_variable_get",
    "instance_variable_set",
    "instance_variables",
    "is_a?",
    "itself",
    "kind_of?",
    "lazy",
    "map",
    "max",
    "max_by",
    "member?",
    "meta_def",
    "meta_eval",
    "meta_undef",
    "method",
    "methods",
    "min",
    "min_by",
    "minmax",
    "minmax_by",
    "next",
    "next_values",
    "nil?",
    "none?",
    "object_id",
    "one?",
    "partition",
    "peek",
    "peek_values",
    "private_methods",
    "protected_methods",
    "public_method",
    "public_methods",
    "public_send",
    "reduce",
    "reject",
    "remove_instance_variable",
    "respond_to?",
    "reverse_each",
    "rewind",
    "select",
    "send",
    "singleton_class",
    "singleton_method",
    "singleton_methods",
    "size",
    "slice_after",
    "slice_before",
    "slice_when",
    "sort",
    "sort_by",
    "sum",
    "taint",
    "tainted?",
    "take",
    "take_while",
    "tally",
    "tap",
    "then",
    "to_a",
    "to_enum",
    "to_h",
    "to_json",
    "to_pson",
    "to_s",
    "to_set",
    "to_yaml",
    "trust",
    "uniq",
    "untaint",
    "untrust",
    "untrusted?",
    "with_index",
    "with_object",
    "yield_self",
    "zip",
];

/// How deeply enumerators may be built on enumerators (`e.with_index.with_index...`).
const MAX_NESTING: usize = 100;

/// The arguments `name` takes when it gives an Enumerator on `recv`
/// (None: it does not give one).
fn arity(recv: &RValue, name: &str, args: &[RValue]) -> Option<(usize, usize)> {
    let enumerable = matches!(
        recv,
        RValue::Array(_) | RValue::Hash(_) | RValue::Range(_) | RValue::Enumerator(_)
    );
    Some(match (recv, name) {
        (_, "each_slice" | "each_cons" | "each_with_object") if enumerable => (1, 1),
        (_, "find" | "detect") if enumerable => (0, 1),
        (_, "find_index") if enumerable && args.is_empty() => (0, 0),
        (_, n) if enumerable && ITERATORS.contains(&n) => (0, 0),
        (RValue::Array(_), "index" | "rindex") if args.is_empty() => (0, 0),
        (RValue::Array(_), n) if ARRAY_ITERATORS.contains(&n) => (0, 0),
        (RValue::Hash(_), n) if HASH_ITERATORS.contains(&n) => (0, 0),
        (RValue::Range(_), "each") => (0, 0),
        (RValue::Range(_), "step") => (1, 1),
        (RValue::Enumerator(_), "with_index") => (0, 1),
        (RValue::Enumerator(_), "with_object") => (1, 1),
        (RValue::Int(_), "times") => (0, 0),
        (RValue::Int(_), "upto" | "downto") => (1, 1),
        // `1.step` without a limit never ends: left to Integer#step.
        (RValue::Int(_), "step") if !args.is_empty() => (1, 2),
        (RValue::Str(_), "each_char") => (0, 0),
        (RValue::Str(_), "each_line") => (0, 2),
        _ => return None,
    })
}

impl Interp<'_> {
    /// What `recv.name(*args)` without a block gives when Ruby makes an
    /// Enumerator of it (None: the method does something else).
    pub(super) fn enumerator_for(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
    ) -> R<Option<RValue>> {
        if matches!(recv, RValue::Enumerator(_)) && name == "each" && args.is_empty() {
            return Ok(Some(recv.clone()));
        }
        if matches!(name, "chunk_while" | "slice_when")
            && matches!(
                recv,
                RValue::Array(_) | RValue::Hash(_) | RValue::Range(_) | RValue::Enumerator(_)
            )
        {
            return self.raise(
                RClass::ArgumentError,
                "tried to create Proc object without a block",
            );
        }
        let Some((min, max)) = arity(recv, name, args) else {
            return Ok(None);
        };
        self.argc(args, min, max)?;
        let mut nesting = 0;
        let mut inner = recv;
        while let RValue::Enumerator(e) = inner {
            nesting += 1;
            inner = &e.recv;
        }
        if nesting >= MAX_NESTING {
            return self.limit("enumerators nest too deeply");
        }
        if matches!(name, "each_slice" | "each_cons") && self.int_arg(&args[0])? <= 0 {
            let message = if name == "each_slice" {
                "invalid slice size"
            } else {
                "invalid size"
            };
            return self.raise(RClass::ArgumentError, message);
        }
        Ok(Some(RValue::Enumerator(Rc::new(REnumerator {
            recv: recv.clone(),
            meth: Rc::from(name),
            args: args.to_vec(),
        }))))
    }

    /// Runs the enumerator's method with a block.
    fn enumerator_run(&mut self, e: &REnumerator, blk: &Blk) -> R<RValue> {
        self.send(e.recv.clone(), &e.meth, e.args.clone(), Some(blk))
    }

    /// The values the enumerator yields (several at once as an array).
    pub(super) fn enumerator_items(&mut self, e: &REnumerator) -> R<Vec<RValue>> {
        let out = Rc::new(RefCell::new(Vec::new()));
        self.enumerator_run(e, &Blk::Collect(out.clone()))?;
        Ok(std::mem::take(&mut *out.borrow_mut()))
    }

    /// `size`: how many values it yields, or nil when Ruby cannot tell.
    fn enumerator_size(&mut self, e: &REnumerator) -> R<RValue> {
        if UNSIZED.contains(&&*e.meth) {
            return Ok(RValue::Nil);
        }
        let n = match (&e.recv, &*e.meth, e.args.first()) {
            (
                RValue::Enumerator(inner),
                "with_index" | "each_with_index" | "with_object" | "each_with_object",
                _,
            ) => return self.enumerator_size(inner),
            (RValue::Int(n), "times", _) => *n,
            (RValue::Int(from), "upto", Some(RValue::Int(to))) => {
                to.saturating_sub(*from).saturating_add(1)
            }
            (RValue::Int(from), "downto", Some(RValue::Int(to))) => {
                from.saturating_sub(*to).saturating_add(1)
            }
            _ => self.enumerator_items(e)?.len() as i64,
        };
        Ok(RValue::Int(n.max(0)))
    }

    pub(super) fn enumerator_method(
        &mut self,
        recv: &RValue,
        e: &Rc<REnumerator>,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "each" => {
                self.argc(args, 0, 0)?;
                match blk {
                    Some(b) => self.enumerator_run(e, b)?,
                    None => recv.clone(),
                }
            }
            "with_index" | "each_with_index" => {
                let offset = if name == "with_index" {
                    self.argc(args, 0, 1)?;
                    match args.first() {
                        None | Some(RValue::Nil) => 0,
                        Some(o) => self.int_arg(o)?,
                    }
                } else {
                    self.argc(args, 0, 0)?;
                    0
                };
                let b = self.need_block(blk, name)?;
                let indexed = Blk::WithIndex(Rc::new(b), Rc::new(Cell::new(offset)));
                self.enumerator_run(e, &indexed)?
            }
            "with_object" | "each_with_object" => {
                self.argc(args, 1, 1)?;
                let b = self.need_block(blk, name)?;
                let memo = args[0].clone();
                self.enumerator_run(e, &Blk::WithObject(Rc::new(b), memo.clone()))?;
                memo
            }
            "size" => {
                self.argc(args, 0, 0)?;
                self.enumerator_size(e)?
            }
            "rewind" => recv.clone(),
            _ if ENUMERABLE.binary_search(&name).is_ok() => {
                let items = self.enumerator_items(e)?;
                return self.enum_method(recv, items, name, args, blk);
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}
