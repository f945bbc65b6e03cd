//! Puppet's `Binary` values: how `Binary.new` makes them (base64 in three
//! flavours, UTF-8 strings, byte arrays) and how they print (strict base64).

use super::value::Value;
use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD, URL_SAFE};
use base64::engine::{DecodePaddingMode, general_purpose};
use std::rc::Rc;

/// Strict base64, as a binary prints.
pub fn to_base64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// Ruby's `Base64.encode64`: base64 lines of 60 characters, each ending
/// with a newline.
pub(crate) fn to_base64_relaxed(bytes: &[u8]) -> String {
    let s = STANDARD.encode(bytes);
    let mut out = String::new();
    for chunk in s.as_bytes().chunks(60) {
        out.push_str(&String::from_utf8_lossy(chunk));
        out.push('\n');
    }
    out
}

pub(crate) fn to_base64_urlsafe(bytes: &[u8]) -> String {
    URL_SAFE.encode(bytes)
}

fn lenient(s: &str) -> Result<Vec<u8>, String> {
    // Ruby's decode64 skips what is not base64 and tolerates missing padding.
    let cleaned: String = s
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '+' || *c == '/')
        .collect();
    let engine = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    let usable = cleaned.len() - cleaned.len() % 4
        + if cleaned.len() % 4 > 1 {
            cleaned.len() % 4
        } else {
            0
        };
    engine
        .decode(&cleaned[..usable])
        .map_err(|_| "invalid base64".to_string())
}

/// `Binary.new(value, format)` with Puppet's formats `%B` (strict base64,
/// the default), `%b` (lenient), `%u` (URL-safe), `%s` (a UTF-8 string) and
/// `%r` (raw bytes of the string).
pub(crate) fn from_string(s: &str, format: Option<&str>) -> Result<Vec<u8>, String> {
    match format.unwrap_or("%B") {
        "%B" => STANDARD.decode(s).map_err(|_| "invalid base64".to_string()),
        "%b" => lenient(s),
        "%u" => {
            let engine = GeneralPurpose::new(
                &base64::alphabet::URL_SAFE,
                general_purpose::PAD.with_decode_padding_mode(DecodePaddingMode::Indifferent),
            );
            engine.decode(s).map_err(|_| "invalid base64".to_string())
        }
        "%s" | "%r" => Ok(s.as_bytes().to_vec()),
        other => Err(format!("Unsupported Base64 format '{other}'")),
    }
}

/// The `new` function of `Binary`.
pub(crate) fn new_binary(args: &[Value]) -> Result<Value, String> {
    let bytes = match args {
        [Value::String(s)] => from_string(s, None)?,
        [Value::String(s), Value::String(f)] => from_string(s, Some(f))?,
        [Value::Array(items)] => bytes_of(items)?,
        [Value::Hash(h)] => match h.get(&Value::string("value")) {
            Some(Value::Array(items)) => bytes_of(items)?,
            Some(Value::String(s)) => {
                let f = h.get(&Value::string("format")).and_then(|f| f.as_str());
                from_string(s, f)?
            }
            _ => return Err("'new_Binary' expects a value of type String or Array".into()),
        },
        _ => {
            return Err(format!(
                "The function 'new_Binary' was called with arguments it does not accept, got ({})",
                args.iter()
                    .map(|a| a.type_name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    };
    Ok(Value::Binary(Rc::new(bytes)))
}

fn bytes_of(items: &[Value]) -> Result<Vec<u8>, String> {
    items
        .iter()
        .map(|i| match i {
            Value::Integer(n) if (0..=255).contains(n) => Ok(*n as u8),
            other => Err(format!(
                "'new_Binary' parameter 'byte_array' expects a value of type Integer[0, 255], got {}",
                other.type_name()
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_like_ruby() {
        assert_eq!(from_string("aGVsbG8=", None).as_deref(), Ok(&b"hello"[..]));
        assert!(from_string("aGVsbG8", None).is_err());
        assert_eq!(
            from_string("aGVsbG8", Some("%b")).as_deref(),
            Ok(&b"hello"[..])
        );
        assert_eq!(from_string("hi", Some("%s")).as_deref(), Ok(&b"hi"[..]));
        assert_eq!(to_base64(b"hi"), "aGk=");
    }
}
