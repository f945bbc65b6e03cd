//! [`Wire`] values to Ruby objects and back, on the Ruby thread. Strings,
//! numbers, booleans, nil, arrays and hashes are Ruby's own; the rest are
//! the shim's classes (`Kuppet.mk` builds them, `Kuppet.wire` takes them
//! apart).

use crate::{Opaque, OpaqueKind, Wire};
use magnus::value::ReprValue;
use magnus::{Error, Float, Integer, RArray, RHash, RModule, RString, Ruby, Value, prelude::*};

/// Nesting deeper than this is refused (a Ruby array may contain itself).
const MAX_DEPTH: usize = 256;

fn kuppet(ruby: &Ruby) -> Result<RModule, Error> {
    ruby.class_object().const_get("Kuppet")
}

fn mk(ruby: &Ruby, kind: &str, a: Value, b: Value) -> Result<Value, Error> {
    kuppet(ruby)?.funcall("mk", (kind, a, b))
}

/// The Ruby object of a value.
pub(crate) fn to_ruby(ruby: &Ruby, w: &Wire) -> Result<Value, Error> {
    let nil = ruby.qnil().as_value();
    Ok(match w {
        Wire::Undef => nil,
        Wire::Default => mk(ruby, "default", nil, nil)?,
        Wire::Bool(true) => ruby.qtrue().as_value(),
        Wire::Bool(false) => ruby.qfalse().as_value(),
        Wire::Int(i) => ruby.integer_from_i64(*i).as_value(),
        Wire::Float(f) => ruby.float_from_f64(*f).as_value(),
        Wire::Str(s) => ruby.str_new(s).as_value(),
        Wire::Regexp(src) => mk(ruby, "regexp", ruby.str_new(src).as_value(), nil)?,
        Wire::Array(items) => {
            let a = ruby.ary_new_capa(items.len());
            for i in items {
                a.push(to_ruby(ruby, i)?)?;
            }
            a.as_value()
        }
        Wire::Hash(pairs) => {
            let h = ruby.hash_new();
            for (k, v) in pairs {
                h.aset(to_ruby(ruby, k)?, to_ruby(ruby, v)?)?;
            }
            h.as_value()
        }
        Wire::Sensitive(v) => mk(ruby, "sensitive", to_ruby(ruby, v)?, nil)?,
        Wire::Timespan(n) => mk(ruby, "timespan", ruby.integer_from_i64(*n).as_value(), nil)?,
        Wire::Timestamp(n) => mk(ruby, "timestamp", ruby.integer_from_i64(*n).as_value(), nil)?,
        Wire::Binary(b) => mk(ruby, "binary", ruby.str_from_slice(b).as_value(), nil)?,
        Wire::Opaque(o) => {
            let kind = match o.kind {
                OpaqueKind::Type => "type",
                OpaqueKind::Resource => "resource",
                OpaqueKind::SemVer => "semver",
                OpaqueKind::SemVerRange => "semver_range",
            };
            mk(
                ruby,
                kind,
                ruby.integer_from_u64(o.id).as_value(),
                ruby.str_new(&o.text).as_value(),
            )?
        }
    })
}

/// The value of a Ruby object, or a TypeError for what Puppet has no type for.
pub(crate) fn from_ruby(ruby: &Ruby, v: Value) -> Result<Wire, Error> {
    from_ruby_at(ruby, v, 0)
}

fn string(s: RString) -> Result<String, Error> {
    s.to_string()
}

fn from_ruby_at(ruby: &Ruby, v: Value, depth: usize) -> Result<Wire, Error> {
    if depth > MAX_DEPTH {
        return Err(Error::new(
            ruby.exception_type_error(),
            format!(
                "a value nested more than {MAX_DEPTH} levels deep (does an array contain itself?)"
            ),
        ));
    }
    if v.is_nil() {
        return Ok(Wire::Undef);
    }
    if v.is_kind_of(ruby.class_true_class()) {
        return Ok(Wire::Bool(true));
    }
    if v.is_kind_of(ruby.class_false_class()) {
        return Ok(Wire::Bool(false));
    }
    if let Some(s) = RString::from_value(v) {
        return Ok(Wire::Str(string(s)?));
    }
    if let Some(i) = Integer::from_value(v) {
        return Ok(Wire::Int(i.to_i64()?));
    }
    if let Some(f) = Float::from_value(v) {
        return Ok(Wire::Float(f.to_f64()));
    }
    if let Some(a) = RArray::from_value(v) {
        let mut items = Vec::with_capacity(a.len());
        for item in a.into_iter() {
            items.push(from_ruby_at(ruby, item, depth + 1)?);
        }
        return Ok(Wire::Array(items));
    }
    if let Some(h) = RHash::from_value(v) {
        let mut pairs = Vec::with_capacity(h.len());
        let mut failed = None;
        h.foreach(|k: Value, val: Value| {
            match (
                from_ruby_at(ruby, k, depth + 1),
                from_ruby_at(ruby, val, depth + 1),
            ) {
                (Ok(k), Ok(val)) => {
                    pairs.push((k, val));
                    Ok(magnus::r_hash::ForEach::Continue)
                }
                (Err(e), _) | (_, Err(e)) => {
                    failed = Some(e);
                    Ok(magnus::r_hash::ForEach::Stop)
                }
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        return Ok(Wire::Hash(pairs));
    }
    let parts: RArray = kuppet(ruby)?.funcall("wire", (v,))?;
    let kind: String = parts.entry(0)?;
    let payload: Value = parts.entry(1)?;
    let nanos = || -> Result<i64, Error> { Integer::try_convert(payload)?.to_i64() };
    Ok(match kind.as_str() {
        "undef" => Wire::Undef,
        "default" => Wire::Default,
        "string" => Wire::Str(String::try_convert(payload)?),
        "regexp" => Wire::Regexp(String::try_convert(payload)?),
        "sensitive" => Wire::Sensitive(Box::new(from_ruby_at(ruby, payload, depth + 1)?)),
        "timespan" => Wire::Timespan(nanos()?),
        "timestamp" => Wire::Timestamp(nanos()?),
        "binary" => {
            let s = RString::try_convert(payload)?;
            // SAFETY: the bytes are copied before any other Ruby call.
            Wire::Binary(unsafe { s.as_slice() }.to_vec())
        }
        "opaque" => Wire::Opaque(Opaque {
            id: u64::try_convert(payload)?,
            kind: OpaqueKind::Type,
            text: String::new(),
        }),
        "array" | "hash" => from_ruby_at(ruby, payload, depth + 1)?,
        other => {
            return Err(Error::new(
                ruby.exception_type_error(),
                format!("unknown value kind {other}"),
            ));
        }
    })
}
