//! Number and value functions: `abs`, `ceiling`, `floor`, `round`,
//! `compare`, `type`, `convert_to` and `unwrap`.

use super::signature::{P, check, sig};
use kuppet_values::compare::{casecmp, label};
use kuppet_values::convert::new_value;
use kuppet_values::types::{infer, infer_generic, infer_set};
use kuppet_values::value::{RegexValue, Value};
use std::cmp::Ordering;

fn ordering(o: Ordering) -> Value {
    Value::Integer(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

fn numeric_or_string(name: &'static str, args: &[Value]) -> Result<usize, String> {
    check(
        name,
        || {
            vec![
                sig(&[P::Req("Numeric", "val")]),
                sig(&[P::Req("String", "val")]),
            ]
        },
        args,
    )
}

fn float_to_int(f: f64) -> Result<Value, String> {
    if f.is_nan() {
        return Err("NaN".into());
    }
    if f.is_infinite() {
        return Err(if f > 0.0 { "Infinity" } else { "-Infinity" }.into());
    }
    if f.abs() >= 9.2e18 {
        return Err(format!(
            "Use of a Ruby Integer outside of Puppet Integer range, got '{}'",
            kuppet_values::value::format_float(f)
        ));
    }
    Ok(Value::Integer(f as i64))
}

pub(crate) fn abs(args: &[Value]) -> Result<Value, String> {
    numeric_or_string("abs", args)?;
    match &args[0] {
        Value::Integer(i) => i
            .checked_abs()
            .map(Value::Integer)
            .ok_or_else(|| "abs(): integer overflow".to_string()),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::String(s) => {
            let matches = |re: &str| RegexValue::new(re).is_ok_and(|r| r.is_match(s));
            if matches(r"^-?(?:\d+)(?:\.\d+){1}$") {
                let f: f64 = leading_number(s).parse().unwrap_or(0.0);
                Ok(Value::Float(f.abs()))
            } else if matches(r"^-?\d+$") {
                let i: i64 = leading_number(s).parse().unwrap_or(0);
                Ok(Value::Integer(i.abs()))
            } else {
                Err(
                    "abs(): Requires float or integer to work with - was given non decimal string"
                        .into(),
                )
            }
        }
        _ => Ok(Value::Undef),
    }
}

/// The number at the start of a string (Ruby's `to_i`/`to_f` read that far).
fn leading_number(s: &str) -> &str {
    let t = s.trim_start();
    let end = t
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || *c == '.' || (*i == 0 && *c == '-')))
        .map_or(t.len(), |(i, _)| i);
    &t[..end]
}

fn round_with(name: &'static str, args: &[Value], f: fn(f64) -> f64) -> Result<Value, String> {
    numeric_or_string(name, args)?;
    match &args[0] {
        Value::Integer(i) => Ok(Value::Integer(*i)),
        Value::Float(x) => float_to_int(f(*x)),
        Value::String(s) => match kuppet_values::convert::ruby_float_of(s) {
            Ok(x) => float_to_int(f(x)),
            Err(_) => Err(format!(
                "{name}(): cannot convert given value to a floating point value."
            )),
        },
        _ => Ok(Value::Undef),
    }
}

pub(crate) fn ceiling(args: &[Value]) -> Result<Value, String> {
    round_with("ceiling", args, f64::ceil)
}

pub(crate) fn floor(args: &[Value]) -> Result<Value, String> {
    round_with("floor", args, f64::floor)
}

pub(crate) fn round(args: &[Value]) -> Result<Value, String> {
    check("round", || vec![sig(&[P::Req("Numeric", "val")])], args)?;
    match &args[0] {
        Value::Integer(i) => Ok(Value::Integer(*i)),
        Value::Float(x) => float_to_int(if *x > 0.0 { x + 0.5 } else { x - 0.5 }.trunc()),
        _ => Ok(Value::Undef),
    }
}

pub(crate) fn compare(args: &[Value]) -> Result<Value, String> {
    match args {
        [
            Value::Integer(_) | Value::Float(_),
            Value::Integer(_) | Value::Float(_),
        ] => Ok(ordering(
            kuppet_values::compare::sort_compare(&args[0], &args[1]).unwrap_or(Ordering::Equal),
        )),
        [Value::String(a), Value::String(b)] => Ok(ordering(casecmp(a, b))),
        [Value::String(a), Value::String(b), Value::Bool(ignore_case)] => {
            Ok(ordering(if *ignore_case {
                casecmp(a, b)
            } else {
                a.as_bytes().cmp(b.as_bytes())
            }))
        }
        [a, b, rest @ ..] => {
            let comparable =
                |v: &Value| matches!(v, Value::String(_) | Value::Integer(_) | Value::Float(_));
            if !(comparable(a) && comparable(b)) {
                return Err(format!(
                    "'compare' compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got {} and {}",
                    label(a),
                    label(b)
                ));
            }
            if !rest.is_empty() {
                if !(matches!(a, Value::String(_)) && matches!(b, Value::String(_))) {
                    return Err("'compare' compare(): The third argument (ignore case) can only be used when comparing strings".into());
                }
                if rest.len() != 1 {
                    return Err(format!(
                        "'compare' compare(): Accepts at most 3 arguments, got {}",
                        2 + rest.len()
                    ));
                }
                return Err(format!(
                    "'compare' compare(): The third argument (ignore case) must be a Boolean. Got {}",
                    label(&rest[0])
                ));
            }
            Err(format!(
                "'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got {} and {}",
                label(a),
                label(b)
            ))
        }
        _ => Err(format!(
            "'compare' expects between 2 and 3 arguments, got {}",
            if args.is_empty() {
                "none".to_string()
            } else {
                args.len().to_string()
            }
        )),
    }
}

pub(crate) fn type_(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[
                P::Req("Any", "value"),
                P::Opt("Enum[detailed]", "inference_method"),
            ]),
            sig(&[
                P::Req("Any", "value"),
                P::Req("Enum[reduced]", "inference_method"),
            ]),
            sig(&[
                P::Req("Any", "value"),
                P::Req("Enum[generalized]", "inference_method"),
            ]),
        ]
    };
    let t = match check("type", sigs, args)? {
        0 => infer_set(&args[0]),
        1 => infer(&args[0]),
        _ => infer_generic(&args[0]),
    };
    Ok(Value::from_type(t))
}

pub(crate) fn convert_to(args: &[Value]) -> Result<Value, String> {
    check(
        "convert_to",
        || {
            vec![sig(&[
                P::Req("Any", "value"),
                P::Req("Type", "type"),
                P::Rep("Any", "args"),
                P::OptBlock("Callable[1,1]", "block"),
            ])]
        },
        args,
    )?;
    let Value::Type(t) = &args[1] else {
        return Ok(Value::Undef);
    };
    let mut new_args = vec![args[0].clone()];
    new_args.extend(args[2..].iter().cloned());
    new_value(t, &new_args)
}

pub(crate) fn unwrap(args: &[Value]) -> Result<Value, String> {
    check(
        "unwrap",
        || {
            vec![
                sig(&[P::Req("Sensitive", "arg")]),
                sig(&[P::Req("Any", "arg")]),
            ]
        },
        args,
    )?;
    Ok(match &args[0] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    })
}
