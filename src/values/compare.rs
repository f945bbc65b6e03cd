//! Puppet's ordering of values: the comparison operators (`<`, `>`, `<=`,
//! `>=`, with types compared by assignability) and the orders `sort`, `max`
//! and `min` use (Ruby's `<=>`).

use super::types::{PType, is_assignable};
use super::value::Value;
use std::cmp::Ordering;

/// Puppet's `compare` for `<`, `<=`, `>`, `>=` on two values that are not
/// types: numbers across Integer and Float, strings case-insensitively (only
/// ASCII letters fold, as Ruby's `casecmp`), `default` with `default`.
/// The error is Ruby's reason (the "Caused by" part of Puppet's message).
pub fn compare(a: &Value, b: &Value) -> Result<Ordering, String> {
    match a {
        Value::String(x) => match b {
            Value::String(y) => Ok(casecmp(x, y)),
            _ => Err("A String is not comparable to a non String".into()),
        },
        Value::Integer(_) | Value::Float(_) => match (num(a), num(b)) {
            (Some(x), Some(y)) => Ok(num_cmp(x, y)),
            _ if matches!(b, Value::Timespan(_) | Value::Timestamp(_)) => {
                compare(b, a).map(Ordering::reverse)
            }
            _ => Err("A Numeric is not comparable to non Numeric".into()),
        },
        Value::Timespan(x) | Value::Timestamp(x) => {
            let what = if matches!(a, Value::Timespan(_)) {
                "Timespans are only comparable to Timespans, Integers, and Floats"
            } else {
                "Timestamps are only comparable to Timestamps, Integers, and Floats"
            };
            match (a, b) {
                (Value::Timespan(_), Value::Timespan(y))
                | (Value::Timestamp(_), Value::Timestamp(y)) => Ok(x.cmp(y)),
                (_, Value::Integer(y)) => Ok(x.div_euclid(1_000_000_000).cmp(y)),
                (_, Value::Float(y)) => (*x as f64 / 1e9)
                    .partial_cmp(y)
                    .ok_or_else(|| what.to_string()),
                _ => Err(what.into()),
            }
        }
        Value::SemVer(x) => match b {
            Value::SemVer(y) => Ok(x.cmp(y)),
            _ => Err("Versions not comparable to non Versions".into()),
        },
        Value::Default => match b {
            Value::Default => Ok(Ordering::Equal),
            _ => Err("Symbol not comparable to non Symbol".into()),
        },
        _ => {
            Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable".into())
        }
    }
}

/// A comparison operator (`<`, `<=`, `>`, `>=`, `==`, `!=`) as Puppet
/// evaluates it, including types on the left (`Integer[1, 2] < Integer` is
/// "assignable and not equal"). The error is Puppet's full message:
/// "Comparison of: String < Integer, is not possible. Caused by 'A String is
/// not comparable to a non String'."
pub fn compare_op(op: &str, a: &Value, b: &Value) -> Result<bool, String> {
    if let Value::Type(left) = a {
        let right = match b {
            Value::Type(t) => Some(&**t),
            _ => None,
        };
        let eq = right.is_some_and(|r| types_equal(left, r));
        let ge = right.is_some_and(|r| is_assignable(left, r));
        let le = right.is_some_and(|r| is_assignable(r, left));
        return match op {
            "==" => Ok(eq),
            "!=" => Ok(!eq),
            "<" => Ok(le && !eq),
            "<=" => Ok(le),
            ">" => Ok(ge && !eq),
            ">=" => Ok(ge),
            _ => Err(format!("The operator '{op}' is not supported.")),
        };
    }
    let ord = match op {
        "==" => return Ok(a.puppet_eq(b)),
        "!=" => return Ok(!a.puppet_eq(b)),
        "<" | "<=" | ">" | ">=" => compare(a, b).map_err(|detail| {
            format!(
                "Comparison of: {} {op} {}, is not possible. Caused by '{detail}'.",
                label(a),
                label(b)
            )
        })?,
        _ => return Err(format!("The operator '{op}' is not supported.")),
    };
    Ok(match op {
        "<" => ord == Ordering::Less,
        "<=" => ord != Ordering::Greater,
        ">" => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    })
}

/// Puppet's type equality for `==` on types: equal, or each assignable to
/// the other.
pub(crate) fn types_equal(a: &PType, b: &PType) -> bool {
    a == b || (is_assignable(a, b) && is_assignable(b, a))
}

/// How Puppet names a value in comparison errors.
pub fn label(v: &Value) -> String {
    super::labels::label(v)
}

/// Ruby's `<=>` as `sort` uses it: numbers with numbers, strings with
/// strings (byte order, case-sensitive), arrays element by element.
/// Anything else fails with Ruby's "comparison of X with Y failed".
pub fn sort_compare(a: &Value, b: &Value) -> Result<Ordering, String> {
    match (a, b) {
        (Value::String(x), Value::String(y)) => Ok(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match sort_compare(p, q)? {
                    Ordering::Equal => {}
                    other => return Ok(other),
                }
            }
            Ok(x.len().cmp(&y.len()))
        }
        (Value::Default, Value::Default) => Ok(Ordering::Equal),
        _ => match (num(a), num(b)) {
            (Some(x), Some(y)) => Ok(num_cmp(x, y)),
            _ => Err(format!(
                "comparison of {} with {} failed",
                ruby_class_name(a),
                ruby_cmp_other(b)
            )),
        },
    }
}

/// Sorts values with Ruby's `<=>` ([`sort_compare`]); the first comparison
/// that fails is the error.
pub fn sort_values(values: &mut [Value]) -> Result<(), String> {
    // Name the failing pair as Ruby would see it first: adjacent elements in
    // their original order.
    for pair in values.windows(2) {
        sort_compare(&pair[0], &pair[1])?;
    }
    let mut error = None;
    values.sort_by(|a, b| match sort_compare(a, b) {
        Ok(o) => o,
        Err(e) => {
            error.get_or_insert(e);
            Ordering::Equal
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[derive(Clone, Copy)]
enum Num {
    I(i64),
    F(f64),
}

fn num(v: &Value) -> Option<Num> {
    match v {
        Value::Integer(i) => Some(Num::I(*i)),
        Value::Float(f) => Some(Num::F(*f)),
        _ => None,
    }
}

fn num_cmp(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::I(x), Num::I(y)) => x.cmp(&y),
        (Num::I(x), Num::F(y)) => (x as f64).partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Num::F(x), Num::I(y)) => x.partial_cmp(&(y as f64)).unwrap_or(Ordering::Equal),
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// Ruby's `String#casecmp`: byte order with ASCII letters folded to lower case.
pub fn casecmp(a: &str, b: &str) -> Ordering {
    let fold = |c: &u8| c.to_ascii_lowercase();
    a.as_bytes()
        .iter()
        .map(fold)
        .cmp(b.as_bytes().iter().map(fold))
}

fn ruby_class_name(v: &Value) -> String {
    match v {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Bool(true) => "TrueClass".into(),
        Value::Bool(false) => "FalseClass".into(),
        Value::Regex(_) => "Regexp".into(),
        Value::Type(_) => "Puppet::Pops::Types::PAnyType".into(),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        other => other.type_name().into(),
    }
}

/// Ruby names the other operand by `inspect` when it is an immediate value
/// (nil, true, false, small numbers), else by its class.
fn ruby_cmp_other(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Bool(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => super::value::format_float(*f),
        other => ruby_class_name(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }

    // Expected values and messages: Puppet 7 evaluating the same operators.
    #[test]
    fn compares_like_puppet() {
        assert_eq!(compare_op("<", &s("a"), &s("B")), Ok(true));
        assert_eq!(compare_op("<=", &s("abc"), &s("ABC")), Ok(true));
        assert_eq!(compare_op(">", &i(2), &Value::Float(1.5)), Ok(true));
        assert_eq!(compare_op(">=", &Value::Float(1.0), &i(1)), Ok(true));
        assert_eq!(compare_op("<", &Value::Default, &Value::Default), Ok(false));
        let int = Value::from_type(PType::integer());
        let small = Value::from_type(PType::Integer { min: 1, max: 2 });
        assert_eq!(compare_op("<", &small, &int), Ok(true));
        assert_eq!(compare_op("<", &int, &int), Ok(false));
        assert_eq!(compare_op("<=", &int, &int), Ok(true));
        assert_eq!(compare_op(">", &int, &small), Ok(true));
        assert_eq!(compare_op("<", &int, &i(1)), Ok(false));
    }

    #[test]
    fn refuses_like_puppet() {
        let err = |a: Value, b: Value| compare_op("<", &a, &b).expect_err("not comparable");
        assert_eq!(
            err(s("a"), i(1)),
            "Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'."
        );
        assert_eq!(
            err(i(1), s("a")),
            "Comparison of: Integer < String, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
        );
        assert_eq!(
            err(Value::array(vec![i(1)]), Value::array(vec![i(2)])),
            "Comparison of: Array < Array, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
        assert_eq!(
            err(Value::Undef, i(1)),
            "Comparison of: Undef Value < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
        assert_eq!(
            err(Value::Bool(true), Value::Bool(false)),
            "Comparison of: Boolean < Boolean, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
        assert_eq!(
            err(Value::Default, i(1)),
            "Comparison of: Object < Integer, is not possible. Caused by 'Symbol not comparable to non Symbol'."
        );
        assert_eq!(
            err(i(1), Value::Undef),
            "Comparison of: Integer < Undef Value, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
        );
        assert_eq!(
            err(i(1), Value::from_type(PType::integer())),
            "Comparison of: Integer < Integer-Type, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
        );
        assert_eq!(
            err(Value::Sensitive(std::rc::Rc::new(i(1))), i(1)),
            "Comparison of: Sensitive < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
    }

    #[test]
    fn sorts_like_ruby() {
        let mut v = vec![i(3), i(1), Value::Float(2.5)];
        sort_values(&mut v).expect("sortable");
        assert_eq!(Value::array(v).to_display(), "[1, 2.5, 3]");
        let mut v = vec![s("b"), s("B"), s("a"), s("A")];
        sort_values(&mut v).expect("sortable");
        assert_eq!(Value::array(v).to_display(), "[A, B, a, b]");
        let arr = |x: Vec<i64>| Value::array(x.into_iter().map(i).collect());
        let mut v = vec![arr(vec![2]), arr(vec![1, 2]), arr(vec![1])];
        sort_values(&mut v).expect("sortable");
        assert_eq!(Value::array(v).to_display(), "[[1], [1, 2], [2]]");
        let mut v = vec![i(1), s("a")];
        assert_eq!(
            sort_values(&mut v),
            Err("comparison of Integer with String failed".into())
        );
        assert_eq!(
            sort_compare(&Value::Undef, &i(1)),
            Err("comparison of NilClass with 1 failed".into())
        );
        assert_eq!(
            sort_compare(&Value::Bool(true), &Value::Bool(false)),
            Err("comparison of TrueClass with false failed".into())
        );
    }
}
