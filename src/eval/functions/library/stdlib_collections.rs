//! Collection functions of puppetlabs-stdlib 8.5 (Ruby 3.x functions unless
//! noted): `pick`, `pick_default`, `any2array`, `concat`, `merge` (4.x,
//! without a block), `deep_merge`, `has_key`, `member`, `delete`,
//! `delete_at`, `delete_values`, `delete_undef_values`, `prefix`, `suffix`,
//! `join_keys_to_values`, `count`, `values_at`, `hash`, `grep`, `reject`,
//! `union`, `intersection`, `difference`, `zip`, `dig44`.
//!
//! Each reproduces the Ruby code's behaviour on the values Puppet hands a
//! 3.x function ([`args3x`]) and its messages.

use super::signature::{P, check, sig};
use super::stdlib_strings::str2bool_value;
use indexmap::IndexMap;
use kuppet_values::ruby::{args3x, rb_class, rb_eq, rb_inspect, rb_to_i, rb_to_s};
use kuppet_values::value::{RegexValue, Value};

/// Ruby's `Array#compact` followed by deleting `''` (what pick does).
fn picked(args: &[Value]) -> Vec<Value> {
    args.iter()
        .filter(|a| !a.is_undef() && a.as_str() != Some(""))
        .cloned()
        .collect()
}

pub(crate) fn pick(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    match picked(&args).into_iter().next() {
        Some(v) if !rb_to_s(&v).is_empty() => Ok(v),
        _ => Err("pick(): must receive at least one non empty value".into()),
    }
}

pub(crate) fn pick_default(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    let Some((default, rest)) = args.split_last() else {
        return Err("Must receive at least one argument.".into());
    };
    Ok(picked(rest)
        .into_iter()
        .next()
        .unwrap_or_else(|| default.clone()))
}

pub(crate) fn any2array(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 1 {
        return Ok(Value::array(args));
    }
    Ok(match &args[0] {
        Value::Array(_) => args[0].clone(),
        Value::String(s) if s.is_empty() => Value::array(Vec::new()),
        Value::Hash(h) => {
            Value::array(h.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect())
        }
        other => Value::array(vec![other.clone()]),
    })
}

pub(crate) fn concat(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "concat(): Wrong number of arguments given ({} for < 2)",
            args.len()
        ));
    }
    let Value::Array(first) = &args[0] else {
        return Err("concat(): Requires array to work with".into());
    };
    let mut out = first.to_vec();
    for a in &args[1..] {
        match a {
            Value::Array(items) => out.extend(items.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Value::array(out))
}

/// stdlib's 4.x `merge` without a block: hashes merged left to right,
/// `undef` and `''` skipped. (With a block it is the compiler's.)
pub(crate) fn merge(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Rep(
                "Variant[Hash[Scalar,Any], Undef, String[0,0]]",
                "args",
            )]),
            sig(&[
                P::Rep("Iterable", "args"),
                P::Block("Callable[3,3]", "block"),
            ]),
            sig(&[
                P::Rep("Iterable", "args"),
                P::Block("Callable[2,2]", "block"),
            ]),
        ]
    };
    check("merge", sigs, args)?;
    let mut acc = IndexMap::new();
    for a in args {
        if let Value::Hash(h) = a {
            for (k, v) in h.iter() {
                acc.insert(k.clone(), v.clone());
            }
        }
    }
    Ok(Value::hash(acc))
}

fn deep_merge_into(acc: &mut IndexMap<Value, Value>, other: &IndexMap<Value, Value>) {
    for (k, v) in other {
        match (acc.get_mut(k), v) {
            (Some(Value::Hash(old)), Value::Hash(new)) => {
                let mut merged = (**old).clone();
                deep_merge_into(&mut merged, new);
                *old = std::rc::Rc::new(merged);
            }
            _ => {
                acc.insert(k.clone(), v.clone());
            }
        }
    }
}

pub(crate) fn deep_merge(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "deep_merge(): wrong number of arguments ({}; must be at least 2)",
            args.len()
        ));
    }
    let mut acc = IndexMap::new();
    for a in &args {
        match a {
            Value::String(s) if s.is_empty() => {}
            Value::Hash(h) => deep_merge_into(&mut acc, h),
            other => {
                return Err(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    rb_class(other)
                ));
            }
        }
    }
    Ok(Value::hash(acc))
}

pub(crate) fn has_key(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "has_key(): wrong number of arguments ({}; must be 2)",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            rb_inspect(&args[0]),
            rb_class(&args[0])
        ));
    };
    Ok(Value::Bool(h.contains_key(&args[1])))
}

pub(crate) fn member(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "member(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(array) = &args[0] else {
        return Err("member(): Requires array to work with".into());
    };
    let items: Vec<Value> = match &args[1] {
        Value::String(_) | Value::Integer(_) => vec![args[1].clone()],
        Value::Array(items) => items.to_vec(),
        _ => {
            return Err("member(): Item to search for must be a string, fixnum, or array".into());
        }
    };
    if items.is_empty() {
        return Err("member(): You must provide item to search for within array given".into());
    }
    // `(item - array).empty?`: every item is in the array (by `eql?`).
    Ok(Value::Bool(items.iter().all(|i| array.contains(i))))
}

/// Ruby's `Kernel#Array`: nil is `[]`, an array itself, a hash its pairs.
fn kernel_array(v: &Value) -> Vec<Value> {
    match v {
        Value::Undef => Vec::new(),
        Value::Array(items) => items.to_vec(),
        Value::Hash(h) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        other => vec![other.clone()],
    }
}

pub(crate) fn delete(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "delete(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let mut collection = args[0].clone();
    let bad = |c: &Value| {
        format!(
            "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
            rb_class(c)
        )
    };
    for item in kernel_array(&args[1]) {
        collection = match &collection {
            Value::Array(a) => {
                Value::array(a.iter().filter(|x| !rb_eq(x, &item)).cloned().collect())
            }
            Value::Hash(h) => {
                let mut h = (**h).clone();
                h.shift_remove(&item);
                Value::hash(h)
            }
            Value::String(s) => match &item {
                Value::String(pat) if pat.is_empty() => collection.clone(),
                Value::String(pat) => Value::string(s.replace(&**pat, "")),
                other => {
                    return Err(format!(
                        "no implicit conversion of {} into String",
                        rb_class(other)
                    ));
                }
            },
            other => return Err(bad(other)),
        };
    }
    Ok(collection)
}

pub(crate) fn delete_at(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "delete_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(array) = &args[0] else {
        return Err("delete_at(): Requires array to work with".into());
    };
    if let Value::String(s) = &args[1]
        && !s
            .lines()
            .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("delete_at(): You must provide non-negative numeric index".into());
    }
    let Some(index) = rb_to_i(&args[1]) else {
        return Err(format!(
            "undefined method `to_i' for {}",
            rb_inspect(&args[1])
        ));
    };
    let len = array.len() as i64;
    if index > len - 1 {
        return Err("delete_at(): Given index exceeds size of array given".into());
    }
    let mut out = array.to_vec();
    let at = if index < 0 { len + index } else { index };
    if at >= 0 && at < len {
        out.remove(at as usize);
    }
    Ok(Value::array(out))
}

pub(crate) fn delete_values(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "delete_values(): Wrong number of arguments given ({} of 2)",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(format!(
            "delete_values(): First argument must be a Hash. Given an argument of class {}.",
            rb_class(&args[0])
        ));
    };
    Ok(Value::hash(
        h.iter()
            .filter(|(_, v)| !rb_eq(&args[1], v))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    ))
}

pub(crate) fn delete_undef_values(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    let Some(first) = args.first() else {
        return Err("delete_undef_values(): Wrong number of arguments given (0)".into());
    };
    match first {
        Value::Hash(h) => Ok(Value::hash(
            h.iter()
                .filter(|(_, v)| !v.is_undef())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|v| !v.is_undef()).cloned().collect(),
        )),
        other => Err(format!(
            "delete_undef_values(): expected an array or hash, got {} type  {} ",
            rb_to_s(other),
            rb_class(other)
        )),
    }
}

/// `prefix` and `suffix`: every element (or key) as a string, with `add`.
fn affix(name: &str, args: &[Value], front: bool) -> Result<Value, String> {
    let args = args3x(args);
    let Some(enumerable) = args.first() else {
        return Err(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        ));
    };
    if !matches!(enumerable, Value::Array(_) | Value::Hash(_)) {
        return Err(format!(
            "{name}(): expected first argument to be an Array or a Hash, got {}",
            rb_inspect(enumerable)
        ));
    }
    let add = match args.get(1) {
        None | Some(Value::Undef) | Some(Value::Bool(false)) => None,
        Some(Value::String(s)) => Some(s.to_string()),
        Some(other) => {
            return Err(format!(
                "{name}(): expected second argument to be a String, got {}",
                rb_inspect(other)
            ));
        }
    };
    let join = |s: String| -> String {
        match &add {
            None => s,
            Some(a) if front => format!("{a}{s}"),
            Some(a) => format!("{s}{a}"),
        }
    };
    Ok(match enumerable {
        Value::Array(items) => Value::array(
            items
                .iter()
                .map(|i| Value::string(join(rb_to_s(i))))
                .collect(),
        ),
        Value::Hash(h) => Value::hash(
            h.iter()
                .map(|(k, v)| (Value::string(join(rb_to_s(k))), v.clone()))
                .collect(),
        ),
        _ => Value::Undef,
    })
}

pub(crate) fn prefix(args: &[Value]) -> Result<Value, String> {
    affix("prefix", args, true)
}

pub(crate) fn suffix(args: &[Value]) -> Result<Value, String> {
    affix("suffix", args, false)
}

pub(crate) fn join_keys_to_values(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "join_keys_to_values(): Takes exactly two arguments, but {} given.",
            args.len()
        ));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(format!(
            "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
            rb_class(&args[0])
        ));
    };
    let Value::String(sep) = &args[1] else {
        return Err(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            rb_class(&args[1])
        ));
    };
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        let key = rb_to_s(k);
        match v {
            Value::Array(items) => {
                for i in items.iter() {
                    out.push(Value::string(format!("{key}{sep}{}", rb_to_s(i))));
                }
            }
            other if rb_to_s(other) == "undef" => out.push(Value::string(key)),
            other => out.push(Value::string(format!("{key}{sep}{}", rb_to_s(other)))),
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `String#count(set)` for plain characters and `a-z` ranges, `^`
/// negating.
fn string_count(s: &str, set: &str) -> i64 {
    let chars: Vec<char> = set.chars().collect();
    let (negate, chars) = match chars.split_first() {
        Some(('^', rest)) if !rest.is_empty() => (true, rest.to_vec()),
        _ => (false, chars),
    };
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            ranges.push((chars[i], chars[i + 2]));
            i += 3;
        } else {
            ranges.push((chars[i], chars[i]));
            i += 1;
        }
    }
    s.chars()
        .filter(|c| ranges.iter().any(|(a, b)| a <= c && c <= b) != negate)
        .count() as i64
}

pub(crate) fn count(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.is_empty() {
        return Err("count(): Wrong number of arguments given (0 for minimum 1)".into());
    }
    if args.len() > 2 {
        return Err(format!(
            "count(): Wrong number of arguments given {} for 1 or 2.",
            args.len()
        ));
    }
    let item = args.get(1).filter(|i| i.is_truthy());
    let n = match (&args[0], item) {
        (Value::Array(a), Some(item)) => a.iter().filter(|x| rb_eq(x, item)).count() as i64,
        (Value::Array(a), None) => a
            .iter()
            .filter(|x| !x.is_undef() && x.as_str() != Some(""))
            .count() as i64,
        (Value::Hash(h), Some(item)) => h
            .iter()
            .filter(|(k, v)| rb_eq(&Value::array(vec![(*k).clone(), (*v).clone()]), item))
            .count() as i64,
        (Value::Hash(h), None) => h.len() as i64,
        (Value::String(_), None) => {
            return Err("wrong number of arguments (given 0, expected 1+)".into());
        }
        (Value::String(s), Some(Value::String(set))) => string_count(s, set),
        (Value::String(_), Some(other)) => {
            return Err(format!(
                "no implicit conversion of {} into String",
                rb_class(other)
            ));
        }
        (other, _) => {
            return Err(format!(
                "undefined method `count' for {}:{}",
                rb_inspect(other),
                rb_class(other)
            ));
        }
    };
    Ok(Value::Integer(n))
}

pub(crate) fn values_at(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "values_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Value::Array(array) = &args[0] else {
        return Err("values_at(): Requires array to work with".into());
    };
    let mut indices = Vec::new();
    flatten_into(&args[1], &mut indices);
    if indices.is_empty() {
        return Err("values_at(): You must provide at least one positive index to collect".into());
    }
    let last = array.len() as i64 - 1;
    let range_re = kuppet_values::ruby::static_regex(r"^(\d+)(\.\.\.?|-)(\d+)$");
    let mut list: Vec<i64> = Vec::new();
    for i in &indices {
        let s = rb_to_s(i);
        // Ruby's `^`/`$` match at line boundaries: any line may hold the index.
        let line_match = s.lines().find_map(|l| {
            range_re.captures(l).map(|c| {
                (
                    kuppet_values::ruby::str_to_i(&c[1]),
                    c[2].to_string(),
                    kuppet_values::ruby::str_to_i(&c[3]),
                )
            })
        });
        if let Some((start, kind, stop)) = line_match {
            if start > stop {
                return Err(
                    "values_at(): Stop index in given indices range is smaller than the start index"
                        .into(),
                );
            }
            if stop > last {
                return Err(
                    "values_at(): Stop index in given indices range exceeds array size".into(),
                );
            }
            if kind == "..." {
                list.extend(start..stop);
            } else {
                list.extend(start..=stop);
            }
        } else {
            if !s
                .lines()
                .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()))
            {
                return Err("values_at(): Unknown format of given index".into());
            }
            let n = kuppet_values::ruby::str_to_i(&s);
            if n > last {
                return Err("values_at(): Given index exceeds array size".into());
            }
            list.push(n);
        }
    }
    Ok(Value::array(
        list.into_iter()
            .filter_map(|i| array.get(i as usize).cloned())
            .filter(|v| !v.is_undef())
            .collect(),
    ))
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

pub(crate) fn hash(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    let Some(first) = args.first() else {
        return Err("hash(): Wrong number of arguments given (0 for 1)".into());
    };
    let Value::Array(_) = first else {
        return Err("hash(): Requires array to work with".into());
    };
    let mut flat = Vec::new();
    flatten_into(first, &mut flat);
    // `Hash[*array]`: pairs, or a copy of a single hash.
    if let [Value::Hash(h)] = flat.as_slice() {
        return Ok(Value::Hash(h.clone()));
    }
    if flat.len() % 2 != 0 {
        return Err("hash(): Unable to compute hash from array given".into());
    }
    let mut out = IndexMap::new();
    for pair in flat.chunks(2) {
        out.insert(pair[0].clone(), pair[1].clone());
    }
    Ok(Value::hash(out))
}

/// `Regexp.new(arg)` of a 3.x argument.
fn ruby_regexp(v: &Value) -> Result<RegexValue, String> {
    match v {
        Value::String(s) => {
            RegexValue::new(s).map_err(|e| e.replace("invalid regular expression ", ""))
        }
        other => Err(format!(
            "no implicit conversion of {} into String",
            rb_class(other)
        )),
    }
}

/// The elements `Enumerable#grep`/`reject` walk: array items, hash pairs.
fn enumerable(name: &str, v: &Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(items) => Ok(items.to_vec()),
        Value::Hash(h) => Ok(h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect()),
        other => Err(format!(
            "undefined method `{name}' for {}:{}",
            rb_inspect(other),
            rb_class(other)
        )),
    }
}

/// Whether `pattern =~ value` matches (only strings and symbols can).
fn regexp_matches(re: &RegexValue, v: &Value) -> bool {
    match v {
        Value::String(s) => re.is_match(s),
        Value::Default => re.is_match("default"),
        _ => false,
    }
}

pub(crate) fn grep(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "grep(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let re = ruby_regexp(&args[1])?;
    let items = enumerable("grep", &args[0])?;
    Ok(Value::array(
        items
            .into_iter()
            .filter(|i| regexp_matches(&re, i))
            .collect(),
    ))
}

pub(crate) fn reject(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() != 2 {
        return Err(format!(
            "reject(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let re = ruby_regexp(&args[1])?;
    let items = enumerable("reject", &args[0])?;
    Ok(Value::array(
        items
            .into_iter()
            .filter(|i| !regexp_matches(&re, i))
            .collect(),
    ))
}

/// Ruby's `Array#uniq`-style dedup by `eql?`, keeping first occurrences.
fn push_unique(out: &mut Vec<Value>, v: &Value) {
    if !out.contains(v) {
        out.push(v.clone());
    }
}

pub(crate) fn union(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "union(): Wrong number of arguments given ({} for < 2)",
            args.len()
        ));
    }
    let mut out = Vec::new();
    for a in &args {
        let Value::Array(items) = a else {
            return Err("union(): Every parameter must be an array".into());
        };
        items.iter().for_each(|i| push_unique(&mut out, i));
    }
    Ok(Value::array(out))
}

fn two_arrays<'v>(name: &str, args: &'v [Value]) -> Result<(&'v [Value], &'v [Value]), String> {
    if args.len() != 2 {
        return Err(format!(
            "{name}(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    match (&args[0], &args[1]) {
        (Value::Array(a), Value::Array(b)) => Ok((a, b)),
        (a, b) => Err(if name == "intersection" {
            format!(
                "intersection(): Requires 2 arrays, got {} and {}",
                rb_class(a),
                rb_class(b)
            )
        } else {
            format!("{name}(): Requires 2 arrays")
        }),
    }
}

pub(crate) fn intersection(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    let (a, b) = two_arrays("intersection", &args)?;
    let mut out = Vec::new();
    for x in a.iter().filter(|x| b.contains(x)) {
        push_unique(&mut out, x);
    }
    Ok(Value::array(out))
}

pub(crate) fn difference(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    let (a, b) = two_arrays("difference", &args)?;
    Ok(Value::array(
        a.iter().filter(|x| !b.contains(x)).cloned().collect(),
    ))
}

pub(crate) fn zip(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "zip(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return Err("zip(): Requires array to work with".into());
    };
    let flatten = match args.get(2) {
        Some(f) if f.is_truthy() => str2bool_value(f)?,
        _ => false,
    };
    let pairs: Vec<Value> = a
        .iter()
        .enumerate()
        .map(|(i, x)| Value::array(vec![x.clone(), b.get(i).cloned().unwrap_or(Value::Undef)]))
        .collect();
    if flatten {
        let mut out = Vec::new();
        pairs.iter().for_each(|p| flatten_into(p, &mut out));
        return Ok(Value::array(out));
    }
    Ok(Value::array(pairs))
}

pub(crate) fn dig44(args: &[Value]) -> Result<Value, String> {
    let args = args3x(args);
    if args.len() < 2 {
        return Err(format!(
            "dig44(): Wrong number of arguments given ({} for at least 2)",
            args.len()
        ));
    }
    let (data, path) = (&args[0], &args[1]);
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) {
        return Err(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            rb_class(data)
        ));
    }
    let Value::Array(path) = path else {
        return Err(format!(
            "dig44(): second argument must be an array, given {}",
            rb_class(path)
        ));
    };
    let mut cur = data.clone();
    for key in path.iter() {
        let next = match &cur {
            Value::Hash(h) => h.get(key).cloned(),
            Value::Array(a) => {
                let idx = match key {
                    Value::Integer(i) => Some(*i),
                    Value::Float(f) => Some(f.trunc() as i64),
                    Value::String(s) => kuppet_values::convert::ruby_integer_of(s, None).ok(),
                    _ => None,
                };
                let Some(idx) = idx else { return Ok(default) };
                let at = if idx < 0 { a.len() as i64 + idx } else { idx };
                usize::try_from(at).ok().and_then(|i| a.get(i).cloned())
            }
            _ => return Ok(default),
        };
        match next {
            Some(v) if !v.is_undef() => cur = v,
            _ => return Ok(default),
        }
    }
    Ok(cur)
}
