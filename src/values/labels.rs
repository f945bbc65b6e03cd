//! How Puppet names values in its messages (its `ModelLabelProvider`):
//! `an Undef Value`, `a String`, `an Integer-Type`, `a Notify['x']
//! Resource-Reference` ...

use super::types::PType;
use super::value::Value;

/// The label of a value: `String`, `Undef Value`, `Integer-Type` ...
pub fn label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".into(),
        Value::Default => "Object".into(),
        Value::Bool(_) => "Boolean".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regex(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Sensitive(_) => "Sensitive".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Binary(_) => "Binary".into(),
        Value::Type(t) => match &**t {
            PType::Resource { title: Some(_), .. } => format!("{t} Resource-Reference"),
            _ => format!("{t}-Type"),
        },
    }
}

/// A label with its indefinite article, as Puppet's `a_an`.
pub fn a_an(text: &str) -> String {
    let mut chars = text.chars();
    let mut first = chars.next();
    if matches!(first, Some('"' | '\'')) {
        first = chars.next();
    }
    let vowel = first.is_some_and(|c| "aeiouyAEIOUY".contains(c));
    format!("{} {text}", if vowel { "an" } else { "a" })
}

/// `a_an(label(v))`: `an Undef Value`, `a String` ...
pub fn a_an_label(v: &Value) -> String {
    a_an(&label(v))
}
