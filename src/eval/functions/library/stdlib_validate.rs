//! The deprecated validation and predicate functions of puppetlabs-stdlib
//! 8.5 (`validate_string`, `validate_absolute_path`, `validate_bool`,
//! `validate_hash`, `validate_array`, `validate_integer`,
//! `validate_numeric`, `validate_re`, `validate_slength`, `is_string`,
//! `is_array`, `is_hash`, `is_integer`, `is_numeric`, `is_bool`,
//! `is_float`, `is_absolute_path`), and the type check of
//! `validate_legacy`, which falls back to them.
//!
//! Most are 4.x wrappers that hand their arguments to the 3.x function
//! unconverted (`undef` stays `nil`); `is_hash` and `is_integer` are plain
//! 3.x functions. The deprecation warnings they log are not reproduced.

use super::signature::{P, check, sig};
use kuppet_values::convert::{ruby_float_of, ruby_integer_of};
use kuppet_values::ruby::{
    args3x, rb_class, rb_inspect, rb_to_s, ruby_match, static_regex, str_to_i,
};
use kuppet_values::types::{PType, describe_mismatch_at, is_instance};
use kuppet_values::value::{RegexValue, Value, format_float};

/// How a 3.x validation failed: a `Puppet::ParseError` (which
/// `validate_legacy` treats as "invalid") or another Ruby error.
#[derive(Debug)]
pub(crate) enum Invalid {
    Parse(String),
    Other(String),
}

impl Invalid {
    fn message(self) -> String {
        match self {
            Invalid::Parse(m) | Invalid::Other(m) => m,
        }
    }
}

fn parse(msg: String) -> Invalid {
    Invalid::Parse(msg)
}

/// Ruby's `String#to_f`: the longest leading decimal number, 0.0 if none.
fn str_to_f(s: &str) -> f64 {
    let re = static_regex(r"^\s*[-+]?(\d[\d_]*)?(\.\d[\d_]*)?([eE][-+]?\d+)?");
    let Some(m) = re.find(s) else { return 0.0 };
    let text: String = m.as_str().trim().chars().filter(|c| *c != '_').collect();
    let digits_before_exp = text.split(['e', 'E']).next().unwrap_or("");
    if !digits_before_exp.chars().any(|c| c.is_ascii_digit()) {
        return 0.0;
    }
    text.parse::<f64>()
        .or_else(|_| digits_before_exp.parse::<f64>())
        .unwrap_or(0.0)
}

/// Ruby's `to_f.to_s` of a value the predicates receive.
fn to_f_s(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(format_float(str_to_f(s))),
        Value::Integer(i) => Some(format_float(*i as f64)),
        Value::Float(f) => Some(format_float(*f)),
        Value::Undef => Some("0.0".into()),
        _ => None,
    }
}

fn to_i_s(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(str_to_i(s).to_string()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some((f.trunc() as i64).to_string()),
        Value::Undef => Some("0".into()),
        _ => None,
    }
}

/// Puppet's `Puppet::Util.absolute_path?` for POSIX or Windows paths.
fn absolute_path(v: &Value) -> bool {
    let Value::String(s) = v else { return false };
    ruby_match("^/", s)
        || ruby_match(
            r"(?i)^(?:(?:[A-Z]:[\\/])|(?:[\\/][\\/][^\\/]+[\\/][^\\/]+)|(?:[\\/][\\/]\?[\\/][^\\/]+))",
            s,
        )
}

fn arity(name: &str, args: &[Value], n: usize) -> Result<(), Invalid> {
    if args.len() != n {
        return Err(parse(format!(
            "{name}(): Wrong number of arguments given ({} for {n})",
            args.len()
        )));
    }
    Ok(())
}

/// The 3.x predicate `name` on `args` as it receives them.
fn predicate(name: &str, args: &[Value]) -> Result<bool, Invalid> {
    let first = args.first();
    let count_error =
        |how: &str| parse(format!("{name}(): Wrong number of arguments given {how}",));
    Ok(match name {
        "is_string" => {
            let Some(v) = first else {
                return Err(count_error("(0 for 1)"));
            };
            let result = matches!(v, Value::String(_) | Value::Undef);
            let text = v.as_str();
            let looks_numeric =
                text.is_some() && (to_f_s(v).as_deref() == text || to_i_s(v).as_deref() == text);
            result && !looks_numeric
        }
        "is_array" => {
            let Some(v) = first else {
                return Err(count_error("(0 for 1)"));
            };
            matches!(v, Value::Array(_))
        }
        "is_hash" => {
            if args.len() != 1 {
                return Err(count_error(&format!("({} for 1)", args.len())));
            }
            matches!(args[0], Value::Hash(_))
        }
        "is_bool" => {
            if args.len() != 1 {
                return Err(count_error(&format!("({} for 1)", args.len())));
            }
            matches!(args[0], Value::Bool(_))
        }
        "is_integer" => {
            if args.len() != 1 {
                return Err(count_error(&format!("{} for 1", args.len())));
            }
            match &args[0] {
                Value::Integer(_) => true,
                Value::String(s) => ruby_match(r"^-?(?:(?:[1-9]\d*)|0)$", s),
                _ => false,
            }
        }
        "is_numeric" => {
            if args.len() != 1 {
                return Err(count_error(&format!("{} for 1", args.len())));
            }
            match &args[0] {
                Value::Integer(_) | Value::Float(_) => true,
                Value::String(s) => {
                    ruby_match(r"^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$", s)
                }
                _ => false,
            }
        }
        "is_float" => {
            if args.len() != 1 {
                return Err(count_error(&format!("{} for 1", args.len())));
            }
            match &args[0] {
                Value::Float(_) => true,
                v @ (Value::Integer(_) | Value::String(_)) => {
                    v.as_str().is_some_and(|s| to_f_s(v).as_deref() == Some(s))
                }
                _ => false,
            }
        }
        "is_absolute_path" => {
            arity(name, args, 1)?;
            absolute_path(&args[0])
        }
        _ => return Err(Invalid::Other(format!("unknown predicate {name}"))),
    })
}

fn at_least_one(name: &str, args: &[Value]) -> Result<(), Invalid> {
    if args.is_empty() {
        return Err(parse(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        )));
    }
    Ok(())
}

/// `Integer(s)` / `Float(s)` of Ruby on a `to_s`.
fn ruby_int(s: &str) -> Option<i64> {
    ruby_integer_of(s, None).ok()
}

/// validate_integer and validate_numeric share their shape; `float`
/// selects Float() over Integer().
fn validate_number(name: &str, args: &[Value], float: bool) -> Result<(), Invalid> {
    let (kind, kind_a) = if float {
        ("Numeric", "a Numeric")
    } else {
        ("Integer", "an Integer")
    };
    if args.is_empty() || args.len() > 3 {
        return Err(parse(format!(
            "{name}(): Wrong number of arguments; must be 1, 2 or 3, got {}",
            args.len()
        )));
    }
    let convert = |s: &str| -> Option<f64> {
        if float {
            ruby_float_of(s).ok()
        } else {
            ruby_int(s).map(|i| i as f64)
        }
    };
    let show = |n: f64| -> String {
        if float {
            format_float(n)
        } else {
            (n as i64).to_string()
        }
    };
    let max = if args.len() > 1 {
        let m = rb_to_s(&args[1]);
        if args.len() > 2 && m.is_empty() {
            None
        } else {
            match convert(&m) {
                Some(n) => Some(n),
                None => {
                    return Err(parse(format!(
                        "{name}(): Expected second argument to be unset or {kind_a}, got {m}:String"
                    )));
                }
            }
        }
    } else {
        None
    };
    let min = if args.len() > 2 {
        match convert(&rb_to_s(&args[2])) {
            Some(n) => Some(n),
            None => {
                return Err(parse(format!(
                    "{name}(): Expected third argument to be unset or {kind_a}, got {}:{}",
                    rb_to_s(&args[2]),
                    rb_class(&args[2])
                )));
            }
        }
    } else {
        None
    };
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(parse(format!(
            "{name}(): Expected second argument to be larger than third argument, got {} < {}",
            show(hi),
            show(lo)
        )));
    }
    let input = &args[0];
    let check = |num: f64, shown: &str| -> Result<(), Invalid> {
        if let Some(hi) = max
            && num > hi
        {
            return Err(parse(format!(
                "{name}(): Expected {shown} to be smaller or equal to {}, got {shown}.",
                show(hi)
            )));
        }
        if let Some(lo) = min
            && num < lo
        {
            return Err(parse(format!(
                "{name}(): Expected {shown} to be greater or equal to {}, got {shown}.",
                show(lo)
            )));
        }
        Ok(())
    };
    match input {
        Value::Array(items) => {
            for (pos, arg) in items.iter().enumerate() {
                let n = match arg {
                    Value::Hash(_) => None,
                    other => convert(&rb_to_s(other)),
                };
                let Some(n) = n else {
                    return Err(parse(format!(
                        "{name}(): Expected element at array position {pos} to be {kind_a}, got {}",
                        rb_class(arg)
                    )));
                };
                check(n, &rb_inspect(input))?;
            }
            Ok(())
        }
        Value::Hash(_) => Err(parse(format!(
            "validate_integer(): Expected first argument to be {kind_a} or Array, got Hash"
        ))),
        other => {
            let Some(n) = convert(&rb_to_s(other)) else {
                return Err(parse(format!(
                    "{name}(): Expected first argument to be {kind_a} or Array, got {}",
                    rb_class(other)
                )));
            };
            let shown = if float {
                format_float(n)
            } else {
                (n as i64).to_string()
            };
            let _ = kind;
            check(n, &shown)
        }
    }
}

fn check_slength(args: &[Value]) -> Result<(), Invalid> {
    let name = "validate_slength";
    if args.len() != 2 && args.len() != 3 {
        return Err(parse(format!(
            "{name}(): Wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        )));
    }
    let int_of = |v: &Value| -> Option<i64> {
        match v {
            Value::Integer(i) => Some(*i),
            Value::Float(f) => Some(f.trunc() as i64),
            Value::String(s) => ruby_int(s),
            _ => None,
        }
    };
    let max = match int_of(&args[1]) {
        Some(n) if n > 0 => n,
        _ => {
            return Err(parse(format!(
                "{name}(): Expected second argument to be a positive Numeric, got {}:{}",
                rb_to_s(&args[1]),
                rb_class(&args[1])
            )));
        }
    };
    let min = match args.get(2) {
        None | Some(Value::Undef) | Some(Value::Bool(false)) => 0,
        Some(v) => match int_of(v) {
            Some(n) if n >= 0 => n,
            _ => {
                return Err(parse(format!(
                    "{name}(): Expected third argument to be unset or a positive Numeric, got {}:{}",
                    rb_to_s(v),
                    rb_class(v)
                )));
            }
        },
    };
    if max < min {
        return Err(parse(format!(
            "{name}(): Expected second argument to be equal to or larger than third argument"
        )));
    }
    let check = |s: &str| -> Result<(), Invalid> {
        let len = s.chars().count() as i64;
        if len <= max && len >= min {
            return Ok(());
        }
        Err(parse(format!(
            "{name}(): Expected length of {} to be between {min} and {max}, was {}",
            rb_inspect(&args[0]),
            match &args[0] {
                Value::Array(a) => a.len() as i64,
                _ => len,
            }
        )))
    };
    match &args[0] {
        Value::String(s) => check(s),
        Value::Array(items) => {
            for (pos, arg) in items.iter().enumerate() {
                let Value::String(s) = arg else {
                    return Err(parse(format!(
                        "{name}(): Expected element at array position {pos} to be a String, got {}",
                        rb_class(arg)
                    )));
                };
                check(s)?;
            }
            Ok(())
        }
        other => Err(parse(format!(
            "{name}(): Expected first argument to be a String or Array, got {}",
            rb_class(other)
        ))),
    }
}

fn check_re(args: &[Value]) -> Result<(), Invalid> {
    if args.len() < 2 || args.len() > 3 {
        return Err(parse(format!(
            "validate_re(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        )));
    }
    let Value::String(input) = &args[0] else {
        return Err(parse(format!(
            "validate_re(): input needs to be a String, not a {}",
            rb_class(&args[0])
        )));
    };
    let mut patterns = Vec::new();
    flatten_into(&args[1], &mut patterns);
    let mut matched = false;
    for p in &patterns {
        let re = match p {
            Value::Regex(r) => RegexValue::new(&r.source),
            Value::String(s) => RegexValue::new(s),
            other => {
                return Err(Invalid::Other(format!(
                    "no implicit conversion of {} into String",
                    rb_class(other)
                )));
            }
        }
        .map_err(Invalid::Other)?;
        if re.is_match(input) {
            matched = true;
            break;
        }
    }
    if matched {
        return Ok(());
    }
    let msg = match args.get(2) {
        Some(m) if m.is_truthy() => rb_to_s(m),
        _ => format!(
            "validate_re(): {} does not match {}",
            rb_inspect(&args[0]),
            ruby_regexp_arg_inspect(&args[1])
        ),
    };
    Err(parse(msg))
}

/// `inspect` of validate_re's pattern argument (a regexp prints as
/// `/source/`).
fn ruby_regexp_arg_inspect(v: &Value) -> String {
    match v {
        Value::Regex(r) => kuppet_values::types::regexp_inspect(&r.source),
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(ruby_regexp_arg_inspect)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => rb_inspect(other),
    }
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

/// The 3.x validator `name` on `args` exactly as it receives them; `None`
/// when it is not one of these.
pub(crate) fn validate3x(name: &str, args: &[Value]) -> Option<Result<(), Invalid>> {
    let each = |ok: fn(&Value) -> bool, what: &'static str| -> Result<(), Invalid> {
        at_least_one(name, args)?;
        for a in args {
            if !ok(a) {
                return Err(parse(format!(
                    "{} is not {what}.  It looks to be a {}",
                    rb_inspect(a),
                    rb_class(a)
                )));
            }
        }
        Ok(())
    };
    Some(match name {
        "validate_string" => each(|a| matches!(a, Value::String(_) | Value::Undef), "a string"),
        "validate_bool" => each(|a| matches!(a, Value::Bool(_)), "a boolean"),
        "validate_hash" => each(|a| matches!(a, Value::Hash(_)), "a Hash"),
        "validate_array" => each(|a| matches!(a, Value::Array(_)), "an Array"),
        "validate_absolute_path" => (|| {
            at_least_one(name, args)?;
            for a in args {
                let candidates = match a {
                    Value::Array(items) => items.to_vec(),
                    other => vec![other.clone()],
                };
                for path in &candidates {
                    if !absolute_path(path) {
                        return Err(parse(format!(
                            "{} is not an absolute path.",
                            rb_inspect(path)
                        )));
                    }
                }
            }
            Ok(())
        })(),
        "validate_integer" => validate_number(name, args, false),
        "validate_numeric" => validate_number(name, args, true),
        "validate_re" => check_re(args),
        "validate_slength" => check_slength(args),
        "is_string" | "is_array" | "is_hash" | "is_bool" | "is_integer" | "is_numeric"
        | "is_float" | "is_absolute_path" => predicate(name, args).map(|_| ()),
        _ => return None,
    })
}

/// A validate_* function as Puppet calls it (4.x wrapper: arguments
/// unconverted); returns undef.
pub(crate) fn validate(name: &'static str, args: &[Value]) -> Result<Value, String> {
    match validate3x(name, args) {
        Some(Ok(())) => Ok(Value::Undef),
        Some(Err(e)) => Err(e.message()),
        None => Err(format!("Unknown function: '{name}'")),
    }
}

macro_rules! validators {
    ($($f:ident),*) => {
        $(pub(crate) fn $f(args: &[Value]) -> Result<Value, String> {
            validate(stringify!($f), args)
        })*
    };
}

validators!(
    validate_string,
    validate_absolute_path,
    validate_bool,
    validate_hash,
    validate_array,
    validate_integer,
    validate_numeric,
    validate_re,
    validate_slength
);

/// An is_* predicate as Puppet calls it: `is_hash` and `is_integer` are
/// 3.x functions (arguments converted), the others 4.x wrappers.
fn is(name: &str, args: &[Value]) -> Result<Value, String> {
    let converted;
    let args = if matches!(name, "is_hash" | "is_integer") {
        converted = args3x(args);
        &converted[..]
    } else {
        args
    };
    predicate(name, args)
        .map(Value::Bool)
        .map_err(Invalid::message)
}

macro_rules! predicates {
    ($($f:ident),*) => {
        $(pub(crate) fn $f(args: &[Value]) -> Result<Value, String> {
            is(stringify!($f), args)
        })*
    };
}

predicates!(
    is_string,
    is_array,
    is_hash,
    is_bool,
    is_integer,
    is_numeric,
    is_float,
    is_absolute_path
);

/// The legacy validators stdlib has that kuppet does not reproduce.
const UNSUPPORTED_VALIDATORS: &[&str] = &[
    "validate_augeas",
    "validate_cmd",
    "validate_domain_name",
    "validate_email_address",
    "validate_ip_address",
    "validate_ipv4_address",
    "validate_ipv6_address",
    "validate_x509_rsa_key_pair",
    "is_domain_name",
    "is_email_address",
    "is_function_available",
    "is_ip_address",
    "is_ipv4_address",
    "is_ipv6_address",
    "is_mac_address",
];

/// `validate_legacy(type, function_name, value, args...)` once the type is
/// known: the value must match the type, or pass the legacy validator
/// (then Puppet only logs a deprecation).
pub(crate) fn validate_legacy(
    t: &PType,
    function: &str,
    value: &Value,
    prev_args: &[Value],
) -> Result<(), String> {
    let mut call_args = vec![value.clone()];
    call_args.extend(prev_args.iter().cloned());
    let previous = match validate3x(function, &call_args) {
        Some(Ok(())) => true,
        Some(Err(Invalid::Parse(_))) => false,
        Some(Err(Invalid::Other(msg))) => return Err(msg),
        None if UNSUPPORTED_VALIDATORS.contains(&function) => {
            return Err(format!(
                "validate_legacy(): the legacy validator '{function}' is not supported by kuppet; use a data type alone"
            ));
        }
        None => {
            return Err(format!(
                "undefined method `function_{function}' for Scope(Class[main]):Puppet::Parser::Scope"
            ));
        }
    };
    if is_instance(t, value) || previous {
        return Ok(());
    }
    let label = format!("validate_legacy({function})");
    let lines = describe_mismatch_at(&label, t, value);
    Err(lines.join("\n").trim().to_string())
}

/// stdlib's `is_a(value, type)`: whether the value is an instance.
pub(crate) fn is_a(args: &[Value]) -> Result<Value, String> {
    let sigs = || vec![sig(&[P::Req("Any", "value"), P::Req("Type", "type")])];
    check("is_a", sigs, args)?;
    match &args[1] {
        Value::Type(t) => Ok(Value::Bool(is_instance(t, &args[0]))),
        _ => Ok(Value::Bool(false)),
    }
}

/// stdlib's `type_of(value)`: the value's inferred type.
pub(crate) fn type_of(args: &[Value]) -> Result<Value, String> {
    let v = args.first().cloned().unwrap_or(Value::Undef);
    Ok(Value::from_type(kuppet_values::types::infer_set(&v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_f_reads_a_prefix_like_ruby() {
        assert_eq!(str_to_f("1.5abc"), 1.5);
        assert_eq!(str_to_f("01"), 1.0);
        assert_eq!(str_to_f("1e5"), 100000.0);
        assert_eq!(str_to_f(".5"), 0.5);
        assert_eq!(str_to_f("abc"), 0.0);
        assert_eq!(str_to_f("1."), 1.0);
    }
}
