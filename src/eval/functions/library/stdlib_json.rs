//! Serializers of puppetlabs-stdlib 8.5 (Ruby 4.x functions): `to_json`
//! (Ruby's JSON generator), `to_json_pretty` (`JSON.pretty_generate` with
//! its options) and `to_yaml` (Psych 4 with libyaml's block emitter:
//! scalar styles, quoting and folding at 80 columns; see `kuppet_values::yaml`).
//!
//! Values that are not data (types, Sensitive, regexps) serialize as their
//! Ruby `to_s`, as the generators fall back to it. `to_yaml`'s options
//! hash is accepted and ignored.

use super::signature::{P, check, sig};
use kuppet_values::convert::ruby_to_s;
use kuppet_values::value::{Value, format_float};
use kuppet_values::yaml::yaml_document;

/// The JSON text of a string: Ruby's JSON escaping (`"`, `\`, control
/// characters; `/` and non-ASCII kept).
fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The layout of a generator state (`JSON::State`).
struct JsonStyle {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
    /// 0: unlimited.
    max_nesting: usize,
}

impl JsonStyle {
    fn compact() -> JsonStyle {
        JsonStyle {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
            max_nesting: 100,
        }
    }

    fn pretty() -> JsonStyle {
        JsonStyle {
            indent: "  ".into(),
            space: " ".into(),
            space_before: String::new(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
            max_nesting: 100,
        }
    }
}

fn json_key(k: &Value) -> String {
    match k {
        Value::String(s) => String::from(&**s),
        Value::Float(f) => format_float(*f),
        other => ruby_to_s(other),
    }
}

fn json_value(v: &Value, st: &JsonStyle, depth: usize, out: &mut String) -> Result<(), String> {
    match v {
        Value::Undef => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) => {
            if !f.is_finite() {
                return Err(format!("{} not allowed in JSON", format_float(*f)));
            }
            out.push_str(&format_float(*f));
        }
        Value::String(s) => json_string(s, out),
        Value::Array(items) => {
            let depth = depth + 1;
            if st.max_nesting != 0 && depth > st.max_nesting {
                return Err(format!("nesting of {} is too deep", depth - 1));
            }
            out.push('[');
            out.push_str(&st.array_nl);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&st.array_nl);
                }
                for _ in 0..depth {
                    out.push_str(&st.indent);
                }
                json_value(item, st, depth, out)?;
            }
            out.push_str(&st.array_nl);
            if !st.array_nl.is_empty() {
                for _ in 0..depth - 1 {
                    out.push_str(&st.indent);
                }
            }
            out.push(']');
        }
        Value::Hash(map) => {
            let depth = depth + 1;
            if st.max_nesting != 0 && depth > st.max_nesting {
                return Err(format!("nesting of {} is too deep", depth - 1));
            }
            out.push('{');
            for (i, (k, val)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&st.object_nl);
                for _ in 0..depth {
                    out.push_str(&st.indent);
                }
                json_string(&json_key(k), out);
                out.push_str(&st.space_before);
                out.push(':');
                out.push_str(&st.space);
                json_value(val, st, depth, out)?;
            }
            out.push_str(&st.object_nl);
            if !st.object_nl.is_empty() {
                for _ in 0..depth - 1 {
                    out.push_str(&st.indent);
                }
            }
            out.push('}');
        }
        Value::Type(t) => json_string(&t.to_string(), out),
        other => json_string(&ruby_to_s(other), out),
    }
    Ok(())
}

pub(crate) fn to_json(args: &[Value]) -> Result<Value, String> {
    check("to_json", || vec![sig(&[P::Req("Any", "data")])], args)?;
    let mut out = String::new();
    json_value(&args[0], &JsonStyle::compact(), 0, &mut out)?;
    Ok(Value::string(out))
}

pub(crate) fn to_json_pretty(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![sig(&[
            P::Req("Variant[Hash, Array]", "data"),
            P::Opt("Optional[Boolean]", "skip_undef"),
            P::Opt(
                "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => Optional[Integer[-1,default]]}]",
                "opts",
            ),
        ])]
    };
    check("to_json_pretty", sigs, args)?;
    let mut data = args[0].clone();
    if matches!(args.get(1), Some(Value::Bool(true))) {
        data = match &data {
            Value::Array(items) => {
                Value::array(items.iter().filter(|v| !v.is_undef()).cloned().collect())
            }
            Value::Hash(h) => Value::hash(
                h.iter()
                    .filter(|(_, v)| !v.is_undef())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            ),
            other => other.clone(),
        };
    }
    let mut st = JsonStyle::pretty();
    if let Some(Value::Hash(opts)) = args.get(2) {
        for (k, v) in opts.iter() {
            let text = v.as_str().map(str::to_string);
            match (k.as_str().unwrap_or_default(), text) {
                ("indent", Some(t)) => st.indent = t,
                ("space", Some(t)) => st.space = t,
                ("space_before", Some(t)) => st.space_before = t,
                ("object_nl", Some(t)) => st.object_nl = t,
                ("array_nl", Some(t)) => st.array_nl = t,
                ("max_nesting", _) => {
                    if let Value::Integer(n) = v {
                        st.max_nesting = if *n < 0 { 0 } else { *n as usize };
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = String::new();
    json_value(&data, &st, 0, &mut out)?;
    out.push('\n');
    Ok(Value::string(out))
}

pub(crate) fn to_yaml(args: &[Value]) -> Result<Value, String> {
    let sigs = || vec![sig(&[P::Req("Any", "data"), P::Opt("Hash", "options")])];
    check("to_yaml", sigs, args)?;
    Ok(Value::string(yaml_document(&args[0])))
}
