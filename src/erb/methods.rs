//! Method dispatch: `recv.name(args) { block }` goes to the receiver's class
//! (one file per core class under `methods/`), then to the methods every
//! object has (`nil?`, `is_a?`, `class`, `==`, `inspect` ...). A method Ruby
//! would not find raises NoMethodError; one kuppet does not implement fails
//! as unsupported — never a silent wrong result.
//!
//! Also the argument helpers the class files share.

mod array;
mod enumerable;
mod enumerator;
mod hash;
mod kernel;
mod misc;
mod numeric;
mod ruby_names;
mod scope;
mod string;

use super::format;
use super::interp::{Blk, Interp, R};
use super::value::{RClass, RRange, RValue, req, reql};

pub(crate) use numeric::{parse_float_strict, parse_integer_strict};

/// Whether a range covers a value (`Range#===`).
pub(crate) fn range_cover(r: &RRange, v: &RValue) -> bool {
    misc::range_cover(r, v)
}

/// The methods Ruby 3.1 defines on a value's class (None: not a core class).
fn ruby_methods(v: &RValue) -> Option<&'static [&'static str]> {
    Some(match v {
        RValue::Nil => ruby_names::NILCLASS,
        RValue::Bool(true) => ruby_names::TRUECLASS,
        RValue::Bool(false) => ruby_names::FALSECLASS,
        RValue::Int(_) => ruby_names::INTEGER,
        RValue::Float(_) => ruby_names::FLOAT,
        RValue::Str(_) => ruby_names::STRING,
        RValue::Sym(_) => ruby_names::SYMBOL,
        RValue::Array(_) => ruby_names::ARRAY,
        RValue::Hash(_) => ruby_names::HASH,
        RValue::Range(_) => ruby_names::RANGE,
        RValue::Regexp(_) => ruby_names::REGEXP,
        RValue::Match(_) => ruby_names::MATCHDATA,
        RValue::Enumerator(_) => enumerator::NAMES,
        _ => return None,
    })
}

/// Whether `v` has a method (`respond_to?`, `defined?`): Ruby's own list for
/// core classes, the implemented methods for the template and the scope.
pub fn responds(v: &RValue, name: &str) -> bool {
    match v {
        RValue::Wrapper => kernel::NAMES.contains(&name),
        RValue::Scope => scope::NAMES.contains(&name) || name.starts_with("function_"),
        RValue::Enumerator(_) if v.class() == RClass::ArithmeticSequence => {
            enumerator::ARITHMETIC_SEQUENCE_NAMES.contains(&name)
                || enumerator::NAMES.binary_search(&name).is_ok()
        }
        other => ruby_methods(other).is_some_and(|list| list.binary_search(&name).is_ok()),
    }
}

impl Interp<'_> {
    /// Calls a method on a value.
    pub fn send(
        &mut self,
        recv: RValue,
        name: &str,
        args: Vec<RValue>,
        blk: Option<&Blk>,
    ) -> R<RValue> {
        // An iteration method without a block: an Enumerator.
        if blk.is_none()
            && let Some(e) = self.enumerator_for(&recv, name, &args)?
        {
            return Ok(e);
        }
        let handled = match &recv {
            RValue::Str(_) => self.string_method(&recv, name, &args, blk)?,
            RValue::Array(_) => self.array_method(&recv, name, &args, blk)?,
            RValue::Hash(_) => self.hash_method(&recv, name, &args, blk)?,
            RValue::Int(_) | RValue::Float(_) => self.numeric_method(&recv, name, &args, blk)?,
            RValue::Nil | RValue::Bool(_) => self.nil_bool_method(&recv, name, &args)?,
            RValue::Range(_)
            | RValue::Sym(_)
            | RValue::Regexp(_)
            | RValue::Match(_)
            | RValue::Exception(_)
            | RValue::Class(_) => self.misc_method(&recv, name, &args, blk)?,
            RValue::Scope => self.scope_method(name, &args, blk)?,
            RValue::Wrapper => self.kernel_method(name, &args, blk)?,
            RValue::Puppet(_) => None,
            RValue::Enumerator(e) => self.enumerator_method(&recv, e, name, &args, blk)?,
            RValue::Opaque(_) => match name {
                "nil?" | "class" | "is_a?" | "kind_of?" | "instance_of?" | "==" | "!=" | "!"
                | "equal?" | "frozen?" => None,
                _ => return self.no_method(&recv, name),
            },
        };
        if let Some(v) = handled {
            return Ok(v);
        }
        if let Some(v) = self.object_method(&recv, name, &args, blk)? {
            return Ok(v);
        }
        self.no_method(&recv, name)
    }

    /// NoMethodError, or unsupported when Ruby might have the method.
    pub(crate) fn no_method<T>(&self, recv: &RValue, name: &str) -> R<T> {
        let desc = match recv {
            RValue::Nil => "nil:NilClass".to_string(),
            RValue::Bool(true) => "true:TrueClass".to_string(),
            RValue::Bool(false) => "false:FalseClass".to_string(),
            RValue::Wrapper => "#<Puppet::Parser::TemplateWrapper>".to_string(),
            RValue::Scope => "#<Puppet::Parser::Scope>".to_string(),
            // Ruby names objects whose `inspect` starts with `#` by it alone.
            RValue::Enumerator(_) => format::inspect(recv),
            other => {
                let s = format::inspect(other);
                if s.chars().count() > 65 {
                    format!("an instance of {}", other.class().name())
                } else {
                    format!("{s}:{}", other.class().name())
                }
            }
        };
        let message = match recv {
            RValue::Wrapper => format!("undefined local variable or method `{name}' for {desc}"),
            _ => format!("undefined method `{name}' for {desc}"),
        };
        // Ruby would not find it either: NoMethodError, as in Ruby.
        if ruby_methods(recv).is_some_and(|list| list.binary_search(&name).is_err())
            && !responds(recv, name)
        {
            return self.raise(RClass::NoMethodError, message);
        }
        self.unsupported(message)
    }

    /// Methods of every object.
    fn object_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "nil?" => {
                self.argc(args, 0, 0)?;
                RValue::Bool(recv.is_nil())
            }
            // Psych is loaded in Puppet: every object has `to_yaml`.
            "to_yaml" => {
                self.argc(args, 0, 1)?;
                let value = crate::convert::to_puppet(recv);
                RValue::str(kuppet_values::yaml::yaml_document(&value))
            }
            "is_a?" | "kind_of?" | "instance_of?" => {
                self.argc(args, 1, 1)?;
                let RValue::Class(c) = &args[0] else {
                    return self.raise(RClass::TypeError, "class or module required");
                };
                if name == "instance_of?" {
                    RValue::Bool(recv.class() == *c)
                } else {
                    RValue::Bool(recv.class().is_subclass_of(*c))
                }
            }
            "class" => {
                self.argc(args, 0, 0)?;
                RValue::Class(recv.class())
            }
            "respond_to?" => {
                self.argc(args, 1, 2)?;
                let n = format::to_s(&args[0]);
                RValue::Bool(responds(recv, &n))
            }
            "==" | "equal?" => {
                self.argc(args, 1, 1)?;
                if name == "equal?" {
                    RValue::Bool(recv.same(&args[0]))
                } else {
                    RValue::Bool(req(recv, &args[0]))
                }
            }
            "eql?" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(reql(recv, &args[0]))
            }
            "!=" => {
                self.argc(args, 1, 1)?;
                let eq = self.send(recv.clone(), "==", args.to_vec(), None)?;
                RValue::Bool(!eq.truthy())
            }
            "!" => RValue::Bool(!recv.truthy()),
            "===" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(self.case_eq(recv, &args[0])?)
            }
            "=~" => RValue::Nil,
            "!~" => {
                self.argc(args, 1, 1)?;
                let m = self.send(recv.clone(), "=~", args.to_vec(), None)?;
                RValue::Bool(!m.truthy())
            }
            "<=>" => {
                self.argc(args, 1, 1)?;
                if req(recv, &args[0]) {
                    RValue::Int(0)
                } else {
                    RValue::Nil
                }
            }
            "inspect" => RValue::str(self.inspect_value(recv)?),
            "to_s" => RValue::str(self.stringify(recv)?),
            "frozen?" => RValue::Bool(is_frozen(recv)),
            "freeze" => {
                match recv {
                    RValue::Str(s) => s.frozen.set(true),
                    RValue::Array(a) => a.frozen.set(true),
                    RValue::Hash(h) => h.frozen.set(true),
                    _ => {}
                }
                recv.clone()
            }
            "dup" | "clone" => {
                let keep_frozen = name == "clone";
                dup(recv, keep_frozen)
            }
            "itself" => recv.clone(),
            "tap" => {
                let b = self.need_block(blk, name)?;
                self.yield1(&b, recv.clone())?;
                recv.clone()
            }
            "then" | "yield_self" => {
                let b = self.need_block(blk, name)?;
                self.yield1(&b, recv.clone())?
            }
            "send" | "public_send" | "__send__" => {
                let Some(first) = args.first() else {
                    return self.raise(RClass::ArgumentError, "no method name given");
                };
                let n = format::to_s(first);
                return self
                    .send(recv.clone(), &n, args[1..].to_vec(), blk)
                    .map(Some);
            }
            "hash" => RValue::Int(hash_of(recv)),
            "instance_variables" => RValue::array(vec![]),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn nil_bool_method(&mut self, recv: &RValue, name: &str, args: &[RValue]) -> R<Option<RValue>> {
        let v = match (recv, name) {
            (RValue::Nil, "to_s") => RValue::frozen_str(""),
            (RValue::Nil, "to_a") => RValue::array(vec![]),
            (RValue::Nil, "to_h") => RValue::hash(Default::default()),
            (RValue::Nil, "to_i") => RValue::Int(0),
            (RValue::Nil, "to_f") => RValue::Float(0.0),
            (RValue::Nil, "inspect") => RValue::str("nil"),
            (RValue::Nil | RValue::Bool(false), "&") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(false)
            }
            (RValue::Nil | RValue::Bool(false), "|" | "^") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(args[0].truthy())
            }
            (RValue::Bool(true), "&") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(args[0].truthy())
            }
            (RValue::Bool(true), "|") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(true)
            }
            (RValue::Bool(true), "^") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(!args[0].truthy())
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    // ----- argument helpers

    /// Checks the number of arguments.
    pub(crate) fn argc(&self, args: &[RValue], min: usize, max: usize) -> R<()> {
        if args.len() < min || args.len() > max {
            let expected = if min == max {
                min.to_string()
            } else if max == usize::MAX {
                format!("{min}+")
            } else {
                format!("{min}..{max}")
            };
            return self.raise(
                RClass::ArgumentError,
                format!(
                    "wrong number of arguments (given {}, expected {expected})",
                    args.len()
                ),
            );
        }
        Ok(())
    }

    /// The block of a method that needs one. Iteration methods called
    /// without one give an Enumerator before they get here (`send`); this
    /// refuses the rest.
    pub(crate) fn need_block(&self, blk: Option<&Blk>, name: &str) -> R<Blk> {
        match blk {
            Some(b) => Ok(b.clone()),
            None => self.unsupported(format!(
                "`{name}' without a block (an Enumerator) is not supported"
            )),
        }
    }

    /// An Integer argument (floats truncate, as Ruby's implicit conversion does not).
    pub(crate) fn int_arg(&self, v: &RValue) -> R<i64> {
        match v {
            RValue::Int(i) => Ok(*i),
            RValue::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
            other => self.raise(
                RClass::TypeError,
                format!(
                    "no implicit conversion of {} into Integer",
                    type_desc(other)
                ),
            ),
        }
    }

    /// A String argument.
    pub fn str_arg(&self, v: &RValue) -> R<String> {
        match v {
            RValue::Str(s) => Ok(s.s.borrow().clone()),
            other => self.raise(
                RClass::TypeError,
                format!("no implicit conversion of {} into String", type_desc(other)),
            ),
        }
    }

    pub(crate) fn frozen_error<T>(&self, v: &RValue) -> R<T> {
        self.raise(
            RClass::FrozenError,
            format!(
                "can't modify frozen {}: {}",
                v.class().name(),
                format::inspect(v)
            ),
        )
    }

    /// The items an Enumerable yields: array items, hash pairs, range members.
    pub fn items(&mut self, v: &RValue) -> R<Vec<RValue>> {
        match v {
            RValue::Array(a) => Ok(a.v.borrow().clone()),
            RValue::Hash(h) => Ok(h
                .entries()
                .into_iter()
                .map(|(k, v)| RValue::array(vec![k, v]))
                .collect()),
            RValue::Range(r) => misc::range_items(self, r),
            RValue::Enumerator(e) => self.enumerator_items(e),
            RValue::Nil => self.no_method(v, "each"),
            other => self.unsupported(format!(
                "iterating a {} is not supported",
                other.class().name()
            )),
        }
    }

    /// `<=>` for sorting, failing like Ruby on values that do not compare.
    pub fn compare(&self, a: &RValue, b: &RValue) -> R<std::cmp::Ordering> {
        match super::value::rcmp(a, b) {
            Some(o) => Ok(o),
            None => self.raise(
                RClass::ArgumentError,
                format!(
                    "comparison of {} with {} failed",
                    a.class().name(),
                    cmp_desc(b)
                ),
            ),
        }
    }

    /// The result of a block used as a comparator (`sort { |a, b| ... }`).
    pub(crate) fn block_ordering(
        &self,
        v: &RValue,
        a: &RValue,
        b: &RValue,
    ) -> R<std::cmp::Ordering> {
        match v {
            RValue::Int(i) => Ok(i.cmp(&0)),
            RValue::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)),
            _ => self.raise(
                RClass::ArgumentError,
                format!(
                    "comparison of {} with {} failed",
                    a.class().name(),
                    cmp_desc(b)
                ),
            ),
        }
    }
}

/// How Ruby names a value in "comparison of X with Y failed".
fn cmp_desc(v: &RValue) -> String {
    match v {
        RValue::Nil => "nil".into(),
        RValue::Int(_) | RValue::Float(_) | RValue::Bool(_) => format::inspect(v),
        other => other.class().name().into(),
    }
}

/// How Ruby names a value in "no implicit conversion of X into Y".
pub(crate) fn type_desc(v: &RValue) -> &'static str {
    match v {
        RValue::Nil => "nil",
        RValue::Bool(true) => "true",
        RValue::Bool(false) => "false",
        other => other.class().name(),
    }
}

pub(crate) fn is_frozen(v: &RValue) -> bool {
    match v {
        RValue::Str(s) => s.frozen.get(),
        RValue::Array(a) => a.frozen.get(),
        RValue::Hash(h) => h.frozen.get(),
        RValue::Enumerator(_) => false,
        _ => true,
    }
}

/// `dup` / `clone`: a shallow copy.
pub(crate) fn dup(v: &RValue, keep_frozen: bool) -> RValue {
    match v {
        RValue::Str(s) => {
            let c = RValue::str(s.s.borrow().clone());
            if keep_frozen
                && s.frozen.get()
                && let RValue::Str(n) = &c
            {
                n.frozen.set(true);
            }
            c
        }
        RValue::Array(a) => {
            let c = RValue::array(a.v.borrow().clone());
            if keep_frozen
                && a.frozen.get()
                && let RValue::Array(n) = &c
            {
                n.frozen.set(true);
            }
            c
        }
        RValue::Hash(h) => {
            let n = super::value::RHash::from_pairs(h.entries());
            *n.default.borrow_mut() = h.default.borrow().clone();
            if keep_frozen && h.frozen.get() {
                n.frozen.set(true);
            }
            RValue::hash(n)
        }
        other => other.clone(),
    }
}

fn hash_of(v: &RValue) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    v.hkey().hash(&mut h);
    h.finish() as i64
}
