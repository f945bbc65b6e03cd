//! The `new` function: `Type.new(args)` / `Type(args)` conversions for the
//! built-in types (Integer, Float, Numeric, Boolean, String, Array, Tuple,
//! Hash, Struct, Sensitive, Regexp, and Optional/NotUndef/aliases through
//! their inner type), with Puppet's rules and messages.

use super::super::types::{
    PType, describe_mismatch_at, infer_generic, is_instance, regexp_inspect,
};
use super::super::value::{RegexValue, Value};
use super::sprintf::{ruby_float, ruby_integer};
use indexmap::IndexMap;
use std::rc::Rc;

/// Puppet's `new`: the value of type `t` made from `args`. A single
/// argument that already is an instance is returned as is; a result that
/// does not match `t` (e.g. `Integer[1, 5]('12')`) is an error.
pub fn new_value(t: &PType, args: &[Value]) -> Result<Value, String> {
    if args.len() == 1 && is_instance(t, &args[0]) {
        return Ok(args[0].clone());
    }
    let result = new_for_type(t, t, args)?;
    if is_instance(t, &result) {
        return Ok(result);
    }
    let subject = format!("Converted value from {t}.new() has wrong type,");
    let errors = describe_mismatch_at(&subject, t, &result);
    Err(match errors.len() {
        0 => subject,
        1 => errors[0].trim().to_string(),
        _ => errors.join("\n "),
    })
}

fn new_for_type(t: &PType, original: &PType, args: &[Value]) -> Result<Value, String> {
    match t {
        PType::NotUndef(Some(inner)) | PType::Optional(Some(inner)) => {
            new_for_type(inner, original, args)
        }
        PType::Alias(_) | PType::Data | PType::RichData => match t.resolved() {
            Some(r) => new_for_type(&r, original, args),
            None => not_supported(original),
        },
        PType::Integer { .. } => new_integer(args),
        PType::Float { .. } => new_float(args),
        PType::Numeric => new_numeric(args),
        PType::Boolean(_) => new_boolean(args),
        PType::String { .. } => {
            arity("new_string", args, 1, 2)?;
            super::string_format::format_value(&args[0], args.get(1)).map(Value::string)
        }
        PType::Array { .. } | PType::Tuple { .. } => new_array(args),
        PType::Hash { .. } | PType::Struct(_) => new_hash(args),
        PType::Sensitive(_) => {
            arity("new_Sensitive", args, 1, 1)?;
            Ok(match &args[0] {
                s @ Value::Sensitive(_) => s.clone(),
                other => Value::Sensitive(Rc::new(other.clone())),
            })
        }
        PType::Regexp(_) => new_regexp(args),
        PType::Timespan { .. } => super::super::time::new_timespan(args),
        PType::Timestamp { .. } => super::super::time::new_timestamp(args),
        PType::Binary => super::super::binary::new_binary(args),
        PType::SemVer(_) => super::super::semver::new_version(args),
        PType::SemVerRange => super::super::semver::new_range(args),
        PType::Type(_) => Err(
            "Type.new(string) parses a type expression: the compiler's type evaluator handles it"
                .into(),
        ),
        _ => not_supported(original),
    }
}

fn not_supported(t: &PType) -> Result<Value, String> {
    Err(format!(
        "Creation of new instance of type '{t}' is not supported"
    ))
}

/// "'name' expects between 1 and 3 arguments, got none" and friends.
fn arity(name: &str, args: &[Value], min: usize, max: usize) -> Result<(), String> {
    let n = args.len();
    if n >= min && n <= max {
        return Ok(());
    }
    let got = if n == 0 {
        "none".to_string()
    } else {
        n.to_string()
    };
    Err(if min == max {
        format!(
            "'{name}' expects {min} argument{}, got {got}",
            if min == 1 { "" } else { "s" }
        )
    } else {
        format!("'{name}' expects between {min} and {max} arguments, got {got}")
    })
}

fn cannot_convert(func: &str, from: &Value, type_name: &str) -> String {
    match from {
        Value::String(s) => {
            format!("'{func}' The string '{s}' cannot be converted to {type_name}")
        }
        other => format!(
            "'{func}' Value of type {} cannot be converted to {type_name}",
            infer_generic(other)
        ),
    }
}

fn hash_get<'a>(h: &'a IndexMap<Value, Value>, key: &str) -> Option<&'a Value> {
    h.iter()
        .find(|(k, _)| k.as_str() == Some(key))
        .map(|(_, v)| v)
}

fn bool_arg(v: Option<&Value>) -> Option<bool> {
    match v {
        None => Some(false),
        Some(Value::Bool(b)) => Some(*b),
        Some(_) => None,
    }
}

/// `\A[+-]?\s*(?:\d+|0[xX][0-9A-Fa-f]+|0[bB][01]+)\z`
fn integer_lenient(s: &str) -> bool {
    let rest = s.strip_prefix(['+', '-']).unwrap_or(s);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let all = |t: &str, f: fn(char) -> bool| !t.is_empty() && t.chars().all(f);
    all(rest, |c| c.is_ascii_digit())
        || rest
            .strip_prefix("0x")
            .or_else(|| rest.strip_prefix("0X"))
            .is_some_and(|h| all(h, |c| c.is_ascii_hexdigit()))
        || rest
            .strip_prefix("0b")
            .or_else(|| rest.strip_prefix("0B"))
            .is_some_and(|b| all(b, |c| c == '0' || c == '1'))
}

/// `\A[+-]?\s*(?:FLOAT_DEC|0[xX]hex|0[0-7]+|0[bB][01]+)\z` with
/// `FLOAT_DEC = (?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?`.
fn float_pattern(s: &str) -> bool {
    let rest = s.strip_prefix(['+', '-']).unwrap_or(s);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    let float_dec = |t: &str| {
        let (mant, exp) = match t.find(['e', 'E']) {
            Some(p) => (&t[..p], Some(&t[p + 1..])),
            None => (t, None),
        };
        let (int, frac) = match mant.find('.') {
            Some(p) => (&mant[..p], Some(&mant[p + 1..])),
            None => (mant, None),
        };
        let int_ok = int == "0" || (digits(int) && !int.starts_with('0'));
        int_ok
            && frac.is_none_or(digits)
            && exp.is_none_or(|e| digits(e.strip_prefix('-').unwrap_or(e)))
    };
    float_dec(rest)
        || rest
            .strip_prefix("0x")
            .or_else(|| rest.strip_prefix("0X"))
            .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
        || rest
            .strip_prefix('0')
            .is_some_and(|o| !o.is_empty() && o.chars().all(|c| ('0'..='7').contains(&c)))
        || rest
            .strip_prefix("0b")
            .or_else(|| rest.strip_prefix("0B"))
            .is_some_and(|b| !b.is_empty() && b.chars().all(|c| c == '0' || c == '1'))
}

/// Puppet retries a failed conversion without blanks between sign and number.
fn without_sign_blanks(s: &str) -> Option<String> {
    let sign = s.chars().next().filter(|c| *c == '+' || *c == '-')?;
    let rest = &s[1..];
    let trimmed = rest.trim_start_matches([' ', '\t']);
    (trimmed.len() < rest.len()).then(|| format!("{sign}{trimmed}"))
}

fn valid_radix(v: &Value) -> Option<Option<u32>> {
    match v {
        Value::Default => Some(None),
        Value::Integer(r @ (2 | 8 | 10 | 16)) => Some(Some(*r as u32)),
        _ => None,
    }
}

fn illegal_radix(v: &Value) -> String {
    format!(
        "Illegal radix: {}, expected 2, 8, 10, 16, or default",
        v.to_display()
    )
}

fn integer_from(from: &Value, radix: Option<u32>) -> Result<i64, String> {
    match from {
        // Puppet makes a Ruby Bignum of a Float past Integer, which fails
        // wherever it is used; kuppet refuses it here instead of saturating.
        Value::Float(f) if f.trunc() >= -(2f64.powi(63)) && f.trunc() < 2f64.powi(63) => {
            Ok(f.trunc() as i64)
        }
        Value::Float(f) => Err(format!(
            "The Float {} is outside of Puppet Integer range; it cannot be converted to Integer",
            Value::Float(*f).to_display()
        )),
        Value::Integer(i) => Ok(*i),
        Value::Bool(b) => Ok(i64::from(*b)),
        Value::String(s) => ruby_integer(s, radix).or_else(|e| match without_sign_blanks(s) {
            Some(retry) => ruby_integer(&retry, radix).map_err(|_| e),
            None => Err(e),
        }),
        other => Err(cannot_convert("new", other, "Integer")),
    }
}

fn integer_convertible(v: &Value) -> bool {
    match v {
        Value::Integer(_) | Value::Float(_) | Value::Bool(_) => true,
        Value::String(s) => integer_lenient(s),
        _ => false,
    }
}

fn new_integer(args: &[Value]) -> Result<Value, String> {
    arity("new", args, 1, 3)?;
    if let [Value::Hash(h)] = args {
        let from = hash_get(h, "from");
        let radix = hash_get(h, "radix").cloned().unwrap_or(Value::Default);
        let abs = hash_get(h, "abs");
        let known = h
            .keys()
            .all(|k| matches!(k.as_str(), Some("from" | "radix" | "abs")));
        if let Some(from) = from
            && known
            && integer_convertible(from)
            && let Some(r) = valid_radix(&radix)
            && let Some(abs) = bool_arg(abs)
        {
            let n = integer_from(from, r)?;
            return Ok(Value::Integer(if abs { n.abs() } else { n }));
        }
        if let Some(from) = from
            && !integer_convertible(from)
        {
            return Err(cannot_convert("new", from, "Integer"));
        }
        if !matches!(radix, Value::Default) && valid_radix(&radix).is_none() {
            return Err(illegal_radix(&radix));
        }
        let named = PType::Struct(vec![
            super::super::types::StructMember {
                key: "from".into(),
                optional_key: false,
                value: PType::Any,
            },
            super::super::types::StructMember {
                key: "radix".into(),
                optional_key: true,
                value: PType::Any,
            },
            super::super::types::StructMember {
                key: "abs".into(),
                optional_key: true,
                value: PType::boolean(),
            },
        ]);
        let errors = describe_mismatch_at("Integer.new has wrong type,", &named, &args[0]);
        return Err(match errors.len() {
            0 => "Integer.new has wrong type".into(),
            1 => errors[0].trim().to_string(),
            _ => errors.join("\n "),
        });
    }
    let from = &args[0];
    let radix = args.get(1).cloned().unwrap_or(Value::Default);
    let abs = bool_arg(args.get(2));
    match (integer_convertible(from), valid_radix(&radix), abs) {
        (true, Some(r), Some(abs)) => {
            let n = integer_from(from, r)?;
            Ok(Value::Integer(if abs { n.abs() } else { n }))
        }
        _ => {
            if !matches!(radix, Value::Default | Value::Integer(_)) || abs.is_none() {
                return Err(format!(
                    "The function 'new' was called with arguments it does not accept: ({})",
                    args.iter()
                        .map(|a| infer_generic(a).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if !matches!(radix, Value::Default) && valid_radix(&radix).is_none() {
                return Err(illegal_radix(&radix));
            }
            Err(cannot_convert("new", from, "Integer"))
        }
    }
}

fn float_convertible(v: &Value) -> bool {
    match v {
        Value::Integer(_) | Value::Float(_) | Value::Bool(_) => true,
        Value::String(s) => float_pattern(s),
        _ => false,
    }
}

fn float_from(from: &Value) -> Result<f64, String> {
    match from {
        Value::Float(f) => Ok(*f),
        Value::Integer(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(if *b { 1.0 } else { 0.0 }),
        Value::String(s) => {
            let convert = |s: &str| -> Result<f64, String> {
                let b = s.as_bytes();
                if b.first() == Some(&b'0') {
                    match b.get(1) {
                        None => {
                            return Err("undefined method `casecmp' for nil:NilClass".into());
                        }
                        Some(c) if c.eq_ignore_ascii_case(&b'b') => {
                            return ruby_integer(s, None).map(|i| i as f64);
                        }
                        _ => {}
                    }
                }
                ruby_float(s)
            };
            convert(s).or_else(|e| match without_sign_blanks(s) {
                Some(retry) => convert(&retry).map_err(|_| e),
                None => Err(e),
            })
        }
        other => Err(cannot_convert("new_float", other, "Float")),
    }
}

fn new_float(args: &[Value]) -> Result<Value, String> {
    arity("new_float", args, 1, 2)?;
    let (from, abs) = match args {
        [Value::Hash(h)] => match hash_get(h, "from") {
            Some(f) => (f.clone(), bool_arg(hash_get(h, "abs"))),
            None => return Err(cannot_convert("new_float", &args[0], "Float")),
        },
        _ => (args[0].clone(), bool_arg(args.get(1))),
    };
    if !float_convertible(&from) {
        return Err(cannot_convert("new_float", &from, "Float"));
    }
    let f = float_from(&from)?;
    Ok(Value::Float(if abs == Some(true) { f.abs() } else { f }))
}

/// Puppet's `Utils.to_n`: the number a string denotes (decimal, hex,
/// octal with a leading 0, float), or `None`.
pub(crate) fn to_number(s: &str) -> Option<Value> {
    let t = s.trim_matches([' ', '\t']);
    let (neg, rest) = match t.as_bytes().first() {
        Some(b'-') => (true, t[1..].trim_start_matches([' ', '\t'])),
        Some(b'+') => (false, t[1..].trim_start_matches([' ', '\t'])),
        _ => (false, t),
    };
    let lower = rest.to_ascii_lowercase();
    let int = |v: i64| Value::Integer(if neg { -v } else { v });
    if let Some(hex) = lower.strip_prefix("0x") {
        if hex.is_empty() || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        return i64::from_str_radix(hex, 16).ok().map(int);
    }
    // (0?\d+)((?:\.\d+)?(?:[eE]-?\d+)?)
    let digit_end = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (int_part, tail) = lower.split_at(digit_end);
    if int_part.is_empty() {
        return None;
    }
    if tail.is_empty() {
        return ruby_integer(int_part, None).ok().map(int);
    }
    let mut rest = tail;
    if let Some(r) = rest.strip_prefix('.') {
        let n = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        if n == 0 {
            return None;
        }
        rest = &r[n..];
    }
    if let Some(r) = rest.strip_prefix('e') {
        let r = r.strip_prefix('-').unwrap_or(r);
        if r.is_empty() || !r.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        rest = "";
    }
    if !rest.is_empty() {
        return None;
    }
    let v = ruby_float(&lower).ok()?;
    Some(Value::Float(if neg { -v } else { v }))
}

fn new_numeric(args: &[Value]) -> Result<Value, String> {
    arity("new_numeric", args, 1, 2)?;
    let (from, abs) = match args {
        [Value::Hash(h)] => match hash_get(h, "from") {
            Some(f) => (f.clone(), bool_arg(hash_get(h, "abs"))),
            None => return Err(cannot_convert("new_numeric", &args[0], "Numeric")),
        },
        _ => (args[0].clone(), bool_arg(args.get(1))),
    };
    if !float_convertible(&from) {
        return Err(cannot_convert("new_numeric", &from, "Numeric"));
    }
    let n = match &from {
        Value::Bool(b) => Value::Integer(i64::from(*b)),
        Value::String(s) => {
            let b = s.as_bytes();
            if b.first() == Some(&b'0')
                && b.get(1)
                    .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'b' | b'x'))
            {
                Value::Integer(ruby_integer(s, None)?)
            } else {
                to_number(s).unwrap_or(Value::Undef)
            }
        }
        other => other.clone(),
    };
    Ok(match (n, abs) {
        (Value::Integer(i), Some(true)) => Value::Integer(i.abs()),
        (Value::Float(f), Some(true)) => Value::Float(f.abs()),
        (n, _) => n,
    })
}

fn new_boolean(args: &[Value]) -> Result<Value, String> {
    arity("new_boolean", args, 1, 1)?;
    match &args[0] {
        Value::Float(f) => Ok(Value::Bool(*f != 0.0)),
        Value::Integer(i) => Ok(Value::Bool(*i != 0)),
        Value::Bool(b) => Ok(Value::Bool(*b)),
        Value::String(s) => match s.to_lowercase().as_str() {
            "false" | "no" | "n" => Ok(Value::Bool(false)),
            "true" | "yes" | "y" => Ok(Value::Bool(true)),
            _ => Err(cannot_convert("new_boolean", &args[0], "Boolean")),
        },
        other => Err(cannot_convert("new_boolean", other, "Boolean")),
    }
}

/// Refuses to list a range of integers larger than a value may be
/// (`Array(Integer[1, 10000000000000])`).
fn check_listable(v: &Value) -> Result<(), String> {
    let count = match v {
        Value::Integer(n) => (*n).max(0) as u128,
        Value::Type(t) => match &**t {
            PType::Integer { min, max } if *min != i64::MIN && *max != i64::MAX => {
                (*max as i128 - *min as i128 + 1).max(0) as u128
            }
            _ => 0,
        },
        _ => 0,
    };
    crate::budget::check_elements("The array", usize::try_from(count).unwrap_or(usize::MAX))
        .map_err(|x| x.to_string())
}

/// The values iterating over `v` gives (`Iterable.on`), if it is iterable
/// (`None` too for a range larger than a value may be).
pub fn iterate(v: &Value) -> Option<Vec<Value>> {
    check_listable(v).ok()?;
    match v {
        Value::Array(items) => Some(items.to_vec()),
        Value::Hash(h) => Some(
            h.iter()
                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                .collect(),
        ),
        Value::String(s) => Some(s.chars().map(|c| Value::string(c.to_string())).collect()),
        Value::Integer(n) if *n >= 0 => Some((0..*n).map(Value::Integer).collect()),
        Value::Type(t) => match &**t {
            PType::Integer { min, max } if *min != i64::MIN && *max != i64::MAX => {
                Some((*min..=*max).map(Value::Integer).collect())
            }
            PType::Enum { values, .. } => {
                Some(values.iter().map(|s| Value::string(s.as_str())).collect())
            }
            _ => None,
        },
        _ => None,
    }
}

fn new_array(args: &[Value]) -> Result<Value, String> {
    arity("new_array", args, 1, 2)?;
    let from = &args[0];
    let wrap = match args.get(1) {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(cannot_convert("new_array", from, "Array")),
    };
    if wrap {
        return Ok(match from {
            Value::Array(_) => from.clone(),
            other => Value::array(vec![other.clone()]),
        });
    }
    check_listable(from)?;
    match iterate(from) {
        Some(items) => Ok(Value::array(items)),
        None => Err(cannot_convert("new_array", from, "Array")),
    }
}

fn is_tuple_array(v: &Value, first_is_array: bool) -> bool {
    match v {
        Value::Array(items) => {
            !items.is_empty()
                && items.iter().all(|e| match e {
                    Value::Array(pair) => {
                        pair.len() == 2 && (!first_is_array || matches!(pair[0], Value::Array(_)))
                    }
                    _ => false,
                })
        }
        _ => false,
    }
}

fn new_hash(args: &[Value]) -> Result<Value, String> {
    let from = args.first();
    if let (Some(from), Some(option)) = (from, args.get(1)) {
        let opt = option.as_str();
        if args.len() == 2
            && is_tuple_array(from, true)
            && matches!(opt, Some("tree" | "hash_tree"))
        {
            return Ok(hash_from_tree(from, opt == Some("hash_tree")));
        }
        return Err(format!(
            "The function 'new_hash' was called with arguments it does not accept: ({})",
            args.iter()
                .map(|a| infer_generic(a).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    arity("new_hash", args, 1, 1)?;
    let from = &args[0];
    if is_tuple_array(from, false) {
        let mut map = IndexMap::new();
        if let Value::Array(items) = from {
            for pair in items.iter() {
                if let Value::Array(p) = pair {
                    map.insert(p[0].clone(), p[1].clone());
                }
            }
        }
        return Ok(Value::hash(map));
    }
    let items = match from {
        Value::Hash(_) => return Ok(from.clone()),
        other => iterate(check_listable(other).map(|()| other)?).ok_or_else(|| {
            format!(
                "Value of type {} cannot be converted to Hash",
                infer_generic(other)
            )
        })?,
    };
    if items.len() % 2 != 0 {
        return Err("odd number of arguments for Hash".into());
    }
    let mut map = IndexMap::new();
    for pair in items.chunks(2) {
        map.insert(pair[0].clone(), pair[1].clone());
    }
    Ok(Value::hash(map))
}

/// Nested hashes from `[[path, value], ...]` (`Hash($x, 'tree')`).
fn hash_from_tree(from: &Value, all_hashes: bool) -> Value {
    fn array_as_hash(v: &Value) -> Value {
        match v {
            Value::Array(items) => Value::hash(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (Value::Integer(i as i64), array_as_hash(v)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    fn set_path(map: &mut IndexMap<Value, Value>, path: &[Value], value: Value) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        if rest.is_empty() {
            map.insert(first.clone(), value);
            return;
        }
        let child = map
            .entry(first.clone())
            .or_insert_with(|| Value::hash(IndexMap::new()));
        if let Value::Hash(h) = child {
            let mut inner = (**h).clone();
            set_path(&mut inner, rest, value);
            *child = Value::hash(inner);
        }
    }
    let mut result = IndexMap::new();
    if let Value::Array(entries) = from {
        for entry in entries.iter() {
            let Value::Array(pair) = entry else { continue };
            let (Value::Array(path), value) = (&pair[0], &pair[1]) else {
                continue;
            };
            if path.is_empty() {
                match value {
                    Value::Array(items) => {
                        for (i, v) in items.iter().enumerate() {
                            result.insert(Value::Integer(i as i64), v.clone());
                        }
                    }
                    Value::Hash(h) => {
                        for (k, v) in h.iter() {
                            result.insert(k.clone(), v.clone());
                        }
                    }
                    _ => {}
                }
            } else {
                let v = if all_hashes {
                    array_as_hash(value)
                } else {
                    value.clone()
                };
                set_path(&mut result, path, v);
            }
        }
    }
    Value::hash(result)
}

/// Ruby's `Regexp.escape`.
fn regexp_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

fn new_regexp(args: &[Value]) -> Result<Value, String> {
    arity("new_float", args, 1, 2)?;
    let Value::String(pattern) = &args[0] else {
        return Err(format!(
            "'new_float' parameter 'pattern' expects a String value, got {}",
            args[0].type_name()
        ));
    };
    let escape = match args.get(1) {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(format!(
                "'new_float' parameter 'escape' expects a Boolean value, got {}",
                other.type_name()
            ));
        }
    };
    let source = if escape {
        regexp_escape(pattern)
    } else {
        pattern.to_string()
    };
    let _ = regexp_inspect;
    RegexValue::new(&source).map(|r| Value::Regex(Rc::new(r)))
}

#[cfg(test)]
mod tests {
    use super::super::super::types::parameterize;
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn new(name: &str, args: &[Value]) -> String {
        let t = PType::from_name(name).expect("built-in");
        show(new_value(&t, args))
    }
    fn show(r: Result<Value, String>) -> String {
        match r {
            Ok(Value::String(s)) => format!("'{s}'"),
            Ok(v) => v.to_display(),
            Err(e) => format!("Error: {e}"),
        }
    }

    // Expected values and messages: notice(Type(args)) in Puppet 7.
    #[test]
    fn integers() {
        assert_eq!(new("Integer", &[s("0x1F")]), "31");
        assert_eq!(new("Integer", &[s("-0x1F")]), "-31");
        assert_eq!(new("Integer", &[s("- 12")]), "-12");
        assert_eq!(new("Integer", &[s("- 0x10")]), "-16");
        assert_eq!(new("Integer", &[s("017")]), "15");
        assert_eq!(new("Integer", &[s("0b101")]), "5");
        assert_eq!(new("Integer", &[s(" 12")]), "12");
        assert_eq!(new("Integer", &[Value::Float(1.9)]), "1");
        assert_eq!(new("Integer", &[Value::Float(-1.9)]), "-1");
        assert_eq!(new("Integer", &[Value::Bool(true)]), "1");
        assert_eq!(new("Integer", &[s("0xff"), i(16)]), "255");
        assert_eq!(new("Integer", &[s("17"), i(8)]), "15");
        assert_eq!(new("Integer", &[s("101"), i(2)]), "5");
        assert_eq!(new("Integer", &[s("-12"), i(10), Value::Bool(true)]), "12");
        let mut h = IndexMap::new();
        h.insert(s("from"), s("12"));
        h.insert(s("abs"), Value::Bool(true));
        assert_eq!(new("Integer", &[Value::hash(h)]), "12");
        assert_eq!(
            new("Integer", &[s("08")]),
            "Error: invalid value for Integer(): \"08\""
        );
        assert_eq!(
            new("Integer", &[s("12abc")]),
            "Error: 'new' The string '12abc' cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[s("ff"), i(16)]),
            "Error: 'new' The string 'ff' cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[s("12"), i(3)]),
            "Error: Illegal radix: 3, expected 2, 8, 10, 16, or default"
        );
        assert_eq!(
            new("Integer", &[Value::array(vec![i(1)])]),
            "Error: 'new' Value of type Array[Integer] cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[Value::Undef]),
            "Error: 'new' Value of type Undef cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[s("")]),
            "Error: 'new' The string '' cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[s("1_000")]),
            "Error: 'new' The string '1_000' cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[s(" 0b11 ")]),
            "Error: 'new' The string ' 0b11 ' cannot be converted to Integer"
        );
        assert_eq!(
            new("Integer", &[]),
            "Error: 'new' expects between 1 and 3 arguments, got none"
        );
        let mut h = IndexMap::new();
        h.insert(s("from"), s("x"));
        assert_eq!(
            new("Integer", &[Value::hash(h)]),
            "Error: 'new' The string 'x' cannot be converted to Integer"
        );
        let mut h = IndexMap::new();
        h.insert(s("from"), s("1"));
        h.insert(s("radix"), i(3));
        assert_eq!(
            new("Integer", &[Value::hash(h)]),
            "Error: Illegal radix: 3, expected 2, 8, 10, 16, or default"
        );
        let mut h = IndexMap::new();
        h.insert(s("x"), s("1"));
        assert_eq!(
            new("Integer", &[Value::hash(h)]),
            "Error:  Integer.new has wrong type, expects a value for key 'from'\n  Integer.new has wrong type, unrecognized key 'x'"
        );
        let t = parameterize(&PType::integer(), &[i(1), i(5)]).expect("type");
        assert_eq!(
            show(new_value(&t, &[s("12")])),
            "Error: Converted value from Integer[1, 5].new() has wrong type, expects an Integer[1, 5] value, got Integer[12, 12]"
        );
        let t = PType::optional(PType::integer());
        assert_eq!(show(new_value(&t, &[s("12")])), "12");
    }

    #[test]
    fn floats_numerics_booleans() {
        assert_eq!(new("Float", &[s("1.5")]), "1.5");
        assert_eq!(new("Float", &[s("1e3")]), "1000.0");
        assert_eq!(new("Float", &[s("0x1A")]), "26.0");
        assert_eq!(new("Float", &[s("0b101")]), "5.0");
        assert_eq!(new("Float", &[s("017")]), "17.0");
        assert_eq!(new("Float", &[i(1)]), "1.0");
        assert_eq!(new("Float", &[Value::Bool(true)]), "1.0");
        assert_eq!(
            new("Float", &[s("abc")]),
            "Error: 'new_float' The string 'abc' cannot be converted to Float"
        );
        assert_eq!(
            new("Float", &[s(".5")]),
            "Error: 'new_float' The string '.5' cannot be converted to Float"
        );
        assert_eq!(
            new("Float", &[s("-.5")]),
            "Error: 'new_float' The string '-.5' cannot be converted to Float"
        );
        assert_eq!(
            new("Float", &[]),
            "Error: 'new_float' expects between 1 and 2 arguments, got none"
        );
        assert_eq!(new("Numeric", &[s("1.5")]), "1.5");
        assert_eq!(new("Numeric", &[s("12")]), "12");
        assert_eq!(new("Numeric", &[s("0x1F")]), "31");
        assert_eq!(new("Numeric", &[s("017")]), "15");
        assert_eq!(new("Numeric", &[s("1e2")]), "100.0");
        assert_eq!(new("Numeric", &[Value::Bool(true)]), "1");
        assert_eq!(
            new("Numeric", &[s("abc")]),
            "Error: 'new_numeric' The string 'abc' cannot be converted to Numeric"
        );
        assert_eq!(
            new("Numeric", &[s("08")]),
            "Error: 'new_numeric' The string '08' cannot be converted to Numeric"
        );
        assert_eq!(new("Boolean", &[s("yes")]), "true");
        assert_eq!(new("Boolean", &[s("Y")]), "true");
        assert_eq!(new("Boolean", &[s("TRUE")]), "true");
        assert_eq!(new("Boolean", &[s("false")]), "false");
        assert_eq!(new("Boolean", &[i(0)]), "false");
        assert_eq!(new("Boolean", &[Value::Float(0.0)]), "false");
        assert_eq!(new("Boolean", &[i(2)]), "true");
        assert_eq!(
            new("Boolean", &[s("maybe")]),
            "Error: 'new_boolean' The string 'maybe' cannot be converted to Boolean"
        );
        assert_eq!(
            new("Boolean", &[s("")]),
            "Error: 'new_boolean' The string '' cannot be converted to Boolean"
        );
        assert_eq!(
            new("Boolean", &[Value::Undef]),
            "Error: 'new_boolean' Value of type Undef cannot be converted to Boolean"
        );
        assert_eq!(
            new("Boolean", &[i(1), i(2)]),
            "Error: 'new_boolean' expects 1 argument, got 2"
        );
    }

    #[test]
    fn collections_and_others() {
        let mut h = IndexMap::new();
        h.insert(s("a"), i(1));
        h.insert(s("b"), i(2));
        assert_eq!(new("Array", &[Value::hash(h)]), "[[a, 1], [b, 2]]");
        assert_eq!(new("Array", &[s("abc")]), "[a, b, c]");
        assert_eq!(new("Array", &[s("abc"), Value::Bool(true)]), "[abc]");
        assert_eq!(new("Array", &[i(1), Value::Bool(true)]), "[1]");
        assert_eq!(new("Array", &[i(3)]), "[0, 1, 2]");
        assert_eq!(
            new(
                "Array",
                &[Value::from_type(PType::Integer { min: 1, max: 3 })]
            ),
            "[1, 2, 3]"
        );
        assert_eq!(
            new("Array", &[i(-1)]),
            "Error: 'new_array' Value of type Integer cannot be converted to Array"
        );
        assert_eq!(
            new("Array", &[Value::Undef]),
            "Error: 'new_array' Value of type Undef cannot be converted to Array"
        );
        assert_eq!(
            new("Array", &[]),
            "Error: 'new_array' expects between 1 and 2 arguments, got none"
        );
        let arr = |v: Vec<Value>| Value::array(v);
        assert_eq!(
            new("Hash", &[arr(vec![i(1), i(2), i(3), i(4)])]),
            "{1 => 2, 3 => 4}"
        );
        assert_eq!(
            new(
                "Hash",
                &[arr(vec![arr(vec![i(1), i(2)]), arr(vec![i(3), i(4)])])]
            ),
            "{1 => 2, 3 => 4}"
        );
        assert_eq!(
            new("Hash", &[arr(vec![i(1), i(2), i(3)])]),
            "Error: odd number of arguments for Hash"
        );
        assert_eq!(new("Hash", &[arr(vec![])]), "{}");
        assert_eq!(new("Hash", &[s("ab")]), "{a => b}");
        assert_eq!(
            new("Hash", &[i(1)]),
            "Error: odd number of arguments for Hash"
        );
        let tree = arr(vec![
            arr(vec![arr(vec![s("a"), s("b")]), i(1)]),
            arr(vec![arr(vec![s("a"), s("c")]), i(2)]),
        ]);
        assert_eq!(
            new("Hash", &[tree.clone(), s("tree")]),
            "{a => {b => 1, c => 2}}"
        );
        assert_eq!(
            new("Hash", std::slice::from_ref(&tree)),
            "{[a, b] => 1, [a, c] => 2}"
        );
        assert_eq!(new("Sensitive", &[i(1)]), "Sensitive [value redacted]");
        assert_eq!(new("Regexp", &[s("a.b")]), "/a.b/");
        assert_eq!(new("Regexp", &[s("a.b+"), Value::Bool(true)]), "/a\\.b\\+/");
        assert_eq!(
            new("Regexp", &[i(1)]),
            "Error: 'new_float' parameter 'pattern' expects a String value, got Integer"
        );
        assert_eq!(
            new("Undef", &[i(1)]),
            "Error: Creation of new instance of type 'Undef' is not supported"
        );
        assert_eq!(
            new("Any", &[]),
            "Error: Creation of new instance of type 'Any' is not supported"
        );
        assert_eq!(new("Any", &[i(1)]), "1");
        assert_eq!(new("String", &[i(1)]), "'1'");
        assert_eq!(
            new("String", &[]),
            "Error: 'new_string' expects between 1 and 2 arguments, got none"
        );
        let e = parameterize(&PType::from_name("Enum").expect("Enum"), &[s("a"), s("b")])
            .expect("type");
        assert_eq!(show(new_value(&e, &[s("a")])), "'a'");
        assert_eq!(
            show(new_value(&e, &[s("c")])),
            "Error: Creation of new instance of type 'Enum['a', 'b']' is not supported"
        );
        let t = parameterize(
            &PType::from_name("Tuple").expect("Tuple"),
            &[
                Value::from_type(PType::integer()),
                Value::from_type(PType::string()),
            ],
        )
        .expect("type");
        assert_eq!(
            show(new_value(&t, &[arr(vec![i(1)])])),
            "Error: Converted value from Tuple[Integer, String].new() has wrong type, expects size to be 2, got 1"
        );
        let t = PType::array_of(PType::integer());
        assert_eq!(
            show(new_value(&t, &[s("ab")])),
            "Error:  Converted value from Array[Integer].new() has wrong type, index 0 expects an Integer value, got String\n  Converted value from Array[Integer].new() has wrong type, index 1 expects an Integer value, got String"
        );
        let t = PType::Sensitive(Some(Box::new(PType::integer())));
        assert_eq!(
            show(new_value(&t, &[s("1")])),
            "Error: Converted value from Sensitive[Integer].new() has wrong type, expects a Sensitive[Integer] value, got Sensitive[String]"
        );
    }

    #[test]
    fn numbers_in_strings() {
        assert!(matches!(to_number("12"), Some(Value::Integer(12))));
        assert!(matches!(to_number("-0x1F"), Some(Value::Integer(-31))));
        assert!(matches!(to_number("017"), Some(Value::Integer(15))));
        assert!(matches!(to_number("1.5e2"), Some(Value::Float(f)) if f == 150.0));
        assert!(to_number("08").is_none());
        assert!(to_number("abc").is_none());
        assert!(to_number("1.").is_none());
    }
}
