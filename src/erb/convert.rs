//! Values between Puppet and Ruby: undef is nil, `default` is `:default`,
//! Puppet strings are frozen Ruby strings, and values Ruby has no class for
//! (types, Sensitive, time, SemVer, Binary) travel as opaque Puppet objects.

use super::value::{RHash, RValue};
use indexmap::IndexMap;
use kuppet_values::value::Value;
use std::rc::Rc;

/// Puppet → Ruby.
pub(crate) fn from_puppet(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::Nil,
        Value::Default => RValue::sym("default"),
        Value::Bool(b) => RValue::Bool(*b),
        Value::Integer(i) => RValue::Int(*i),
        Value::Float(f) => RValue::Float(*f),
        Value::String(s) => RValue::frozen_str(s.to_string()),
        Value::Regex(r) => match super::regex::compile(&r.source, "") {
            Ok(re) => RValue::Regexp(Rc::new(re)),
            Err(_) => RValue::Puppet(Rc::new(v.clone())),
        },
        Value::Array(items) => RValue::array(items.iter().map(from_puppet).collect()),
        Value::Hash(map) => RValue::hash(RHash::from_pairs(
            map.iter().map(|(k, v)| (from_puppet(k), from_puppet(v))),
        )),
        Value::Type(_)
        | Value::Sensitive(_)
        | Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_) => RValue::Puppet(Rc::new(v.clone())),
    }
}

/// Ruby → Puppet (arguments of Puppet functions).
pub(crate) fn to_puppet(v: &RValue) -> Value {
    to_puppet_depth(v, 0)
}

fn to_puppet_depth(v: &RValue, depth: u32) -> Value {
    if depth > 100 {
        return Value::Undef;
    }
    match v {
        RValue::Nil => Value::Undef,
        RValue::Bool(b) => Value::Bool(*b),
        RValue::Int(i) => Value::Integer(*i),
        RValue::Float(f) => Value::Float(*f),
        RValue::Str(s) => Value::string(s.s.borrow().as_str()),
        RValue::Sym(s) => match s.as_ref() {
            "undef" => Value::Undef,
            "default" => Value::Default,
            other => Value::string(other),
        },
        RValue::Array(a) => Value::array(
            a.v.borrow()
                .iter()
                .map(|x| to_puppet_depth(x, depth + 1))
                .collect(),
        ),
        RValue::Hash(h) => {
            let mut map = IndexMap::new();
            for (k, val) in h.entries() {
                map.insert(
                    to_puppet_depth(&k, depth + 1),
                    to_puppet_depth(&val, depth + 1),
                );
            }
            Value::hash(map)
        }
        RValue::Regexp(r) => match kuppet_values::value::RegexValue::new(&r.source) {
            Ok(re) => Value::Regex(Rc::new(re)),
            Err(_) => Value::string(r.source.as_str()),
        },
        RValue::Puppet(p) => (**p).clone(),
        other => Value::string(super::format::to_s(other)),
    }
}
