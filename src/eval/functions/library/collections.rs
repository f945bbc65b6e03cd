//! Collection functions: `empty`, `flatten`, `keys`, `values`, `length`,
//! `size`, `sort`, `unique`, `dig`, `max` and `min`.

use super::signature::{P, check, sig};
use indexmap::{IndexMap, IndexSet};
use kuppet_values::compare::{sort_compare, sort_values};
use kuppet_values::convert::{iterate, ruby_inspect, ruby_to_s};
use kuppet_values::types::infer;
use kuppet_values::value::Value;
use std::cmp::Ordering;

pub(crate) fn empty(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Req("Collection", "coll")]),
            sig(&[P::Req("Sensitive[String]", "str")]),
            sig(&[P::Req("String", "str")]),
            sig(&[P::Req("Numeric", "num")]),
            sig(&[P::Req("Binary", "bin")]),
            sig(&[P::Req("Undef", "x")]),
        ]
    };
    check("empty", sigs, args)?;
    Ok(Value::Bool(match &args[0] {
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Sensitive(inner) => inner.as_str().is_some_and(str::is_empty),
        Value::Undef => true,
        Value::Binary(b) => b.is_empty(),
        _ => false,
    }))
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

pub(crate) fn flatten(args: &[Value]) -> Result<Value, String> {
    let mut out = Vec::new();
    args.iter().for_each(|a| flatten_into(a, &mut out));
    Ok(Value::array(out))
}

pub(crate) fn keys(args: &[Value]) -> Result<Value, String> {
    check("keys", || vec![sig(&[P::Req("Hash", "hsh")])], args)?;
    match &args[0] {
        Value::Hash(h) => Ok(Value::array(h.keys().cloned().collect())),
        _ => Ok(Value::Undef),
    }
}

pub(crate) fn values(args: &[Value]) -> Result<Value, String> {
    check("values", || vec![sig(&[P::Req("Hash", "hsh")])], args)?;
    match &args[0] {
        Value::Hash(h) => Ok(Value::array(h.values().cloned().collect())),
        _ => Ok(Value::Undef),
    }
}

fn length_of(v: &Value) -> i64 {
    match v {
        Value::Array(a) => a.len() as i64,
        Value::Hash(h) => h.len() as i64,
        Value::String(s) => s.chars().count() as i64,
        Value::Binary(b) => b.len() as i64,
        _ => 0,
    }
}

pub(crate) fn length(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Req("Collection", "arg")]),
            sig(&[P::Req("String", "arg")]),
            sig(&[P::Req("Binary", "arg")]),
        ]
    };
    check("length", sigs, args)?;
    Ok(Value::Integer(length_of(&args[0])))
}

pub(crate) fn size(args: &[Value]) -> Result<Value, String> {
    check(
        "size",
        || vec![sig(&[P::Req("Variant[Collection, String, Binary]", "arg")])],
        args,
    )?;
    Ok(Value::Integer(length_of(&args[0])))
}

pub(crate) fn sort(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[
                P::Req("String", "string_value"),
                P::OptBlock("Callable[2,2]", "block"),
            ]),
            sig(&[
                P::Req("Array", "array_value"),
                P::OptBlock("Callable[2,2]", "block"),
            ]),
        ]
    };
    check("sort", sigs, args)?;
    match &args[0] {
        Value::String(s) => {
            let mut chars: Vec<char> = s.chars().collect();
            chars.sort_by(|a, b| a.to_string().as_bytes().cmp(b.to_string().as_bytes()));
            Ok(Value::string(chars.into_iter().collect::<String>()))
        }
        Value::Array(items) => {
            let mut v = items.to_vec();
            sort_values(&mut v)?;
            Ok(Value::array(v))
        }
        _ => Ok(Value::Undef),
    }
}

fn uniq(items: Vec<Value>) -> Vec<Value> {
    let set: IndexSet<Value> = items.into_iter().collect();
    set.into_iter().collect()
}

pub(crate) fn unique(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[
                P::Req("String", "string"),
                P::OptBlock("Callable[String]", "block"),
            ]),
            sig(&[
                P::Req("Hash", "hash"),
                P::OptBlock("Callable[Any]", "block"),
            ]),
            sig(&[
                P::Req("Array", "array"),
                P::OptBlock("Callable[Any]", "block"),
            ]),
            sig(&[
                P::Req("Iterable", "iterable"),
                P::OptBlock("Callable[Any]", "block"),
            ]),
        ]
    };
    check("unique", sigs, args)?;
    match &args[0] {
        Value::String(s) => {
            let mut seen = IndexSet::new();
            s.chars().for_each(|c| {
                seen.insert(c);
            });
            Ok(Value::string(seen.into_iter().collect::<String>()))
        }
        Value::Hash(h) => {
            let mut groups: IndexMap<Value, (Vec<Value>, Vec<Value>)> = IndexMap::new();
            for (k, v) in h.iter() {
                let entry = groups.entry(v.clone()).or_default();
                entry.0.push(k.clone());
                entry.1.push(v.clone());
            }
            Ok(Value::hash(
                groups
                    .into_values()
                    .map(|(keys, values)| (Value::array(keys), Value::array(uniq(values))))
                    .collect(),
            ))
        }
        other => Ok(Value::array(uniq(iterate(other).unwrap_or_default()))),
    }
}

pub(crate) fn dig(args: &[Value]) -> Result<Value, String> {
    check(
        "dig",
        || {
            vec![sig(&[
                P::Req("Optional[Collection]", "data"),
                P::Rep("Any", "arg"),
            ])]
        },
        args,
    )?;
    let mut walked: Vec<Value> = Vec::new();
    let mut d = args[0].clone();
    for k in &args[1..] {
        if d.is_undef() || k.is_undef() {
            return Ok(Value::Undef);
        }
        if !matches!(d, Value::Array(_) | Value::Hash(_)) {
            return Err(format!(
                "The given data does not contain a Collection at {}, got '{}'",
                ruby_inspect(&Value::array(walked)),
                infer(&d)
            ));
        }
        walked.push(k.clone());
        d = match &d {
            Value::Array(items) => {
                let Value::Integer(i) = k else {
                    return Err(format!(
                        "The given data requires an Integer index at {}, got '{}'",
                        ruby_inspect(&Value::array(walked)),
                        infer(k)
                    ));
                };
                let idx = if *i < 0 { items.len() as i64 + i } else { *i };
                usize::try_from(idx)
                    .ok()
                    .and_then(|i| items.get(i).cloned())
                    .unwrap_or(Value::Undef)
            }
            Value::Hash(h) => h.get(k).cloned().unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    Ok(d)
}

/// `\A-?\d+([._eE]\d+)?\z`: strings `max`/`min` compare as numbers.
fn numeric_like(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let int_len = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if int_len == 0 {
        return false;
    }
    let rest = &s[int_len..];
    if rest.is_empty() {
        return true;
    }
    let mut chars = rest.chars();
    matches!(chars.next(), Some('.' | '_' | 'e' | 'E'))
        && !chars.as_str().is_empty()
        && chars.as_str().chars().all(|c| c.is_ascii_digit())
}

/// Ruby's `String#to_f` for the strings [`numeric_like`] accepts.
fn to_f(s: &str) -> f64 {
    s.replace('_', "").parse().unwrap_or(0.0)
}

#[derive(Clone, Copy)]
enum Mode {
    Numeric,
    Strings,
    Any,
}

fn extreme_cmp(mode: Mode, a: &Value, b: &Value) -> Ordering {
    match mode {
        Mode::Numeric => sort_compare(a, b).unwrap_or(Ordering::Equal),
        Mode::Strings | Mode::Any => {
            let (x, y) = (ruby_to_s(a), ruby_to_s(b));
            if numeric_like(&x) && numeric_like(&y) {
                to_f(&x).partial_cmp(&to_f(&y)).unwrap_or(Ordering::Equal)
            } else {
                x.as_bytes().cmp(y.as_bytes())
            }
        }
    }
}

fn extreme(name: &'static str, args: &[Value], want: Ordering) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Rep("Numeric", "values")]),
            sig(&[P::Rep("String", "values")]),
            sig(&[
                P::Req("Array[Numeric]", "values"),
                P::OptBlock("Callable[2,2]", "block"),
            ]),
            sig(&[
                P::Req("Array[String]", "values"),
                P::OptBlock("Callable[2,2]", "block"),
            ]),
            sig(&[
                P::Req("Array", "values"),
                P::OptBlock("Callable[2,2]", "block"),
            ]),
            sig(&[P::Rep("Any", "values"), P::Block("Callable[2,2]", "block")]),
            sig(&[P::Rep("Any", "values")]),
        ]
    };
    let idx = check(name, sigs, args)?;
    let (values, mode): (Vec<Value>, Mode) = match idx {
        0 => (args.to_vec(), Mode::Numeric),
        1 => (args.to_vec(), Mode::Strings),
        2..=4 => {
            let items = match &args[0] {
                Value::Array(a) => a.to_vec(),
                _ => Vec::new(),
            };
            let mode = match idx {
                2 => Mode::Numeric,
                3 => Mode::Strings,
                _ => Mode::Any,
            };
            (items, mode)
        }
        _ => (args.to_vec(), Mode::Any),
    };
    let mut iter = values.into_iter();
    let Some(mut best) = iter.next() else {
        return Err(format!(
            "{name}(): Wrong number of arguments need at least one"
        ));
    };
    for v in iter {
        if extreme_cmp(mode, &v, &best) == want {
            best = v;
        }
    }
    Ok(best)
}

pub(crate) fn max(args: &[Value]) -> Result<Value, String> {
    extreme("max", args, Ordering::Greater)
}

pub(crate) fn min(args: &[Value]) -> Result<Value, String> {
    extreme("min", args, Ordering::Less)
}
