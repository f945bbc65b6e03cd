//! Digest functions of Puppet's core: `md5`, `sha1` and `sha256` (hex digests
//! of a string, as Ruby's `Digest::*.hexdigest`), and `digest` (the digest of
//! Puppet's `digest_algorithm` setting, `sha256` by default).

use kuppet_values::value::Value;
use md5::{Digest, Md5};
use sha2::Sha256;

/// The one argument of a 3.x digest function, as the string it hashes.
fn subject(name: &str, args: &[Value]) -> Result<String, String> {
    match args {
        [v] => Ok(match v {
            Value::String(s) => String::from(&**s),
            other => other.to_display(),
        }),
        _ => Err(format!(
            "{name}(): Wrong number of arguments given ({} for 1)",
            args.len()
        )),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn md5(args: &[Value]) -> Result<Value, String> {
    let s = subject("md5", args)?;
    Ok(Value::string(hex(&Md5::digest(s.as_bytes()))))
}

pub(crate) fn sha256(args: &[Value]) -> Result<Value, String> {
    let s = subject("sha256", args)?;
    Ok(Value::string(hex(&Sha256::digest(s.as_bytes()))))
}

pub(crate) fn sha1(args: &[Value]) -> Result<Value, String> {
    let s = subject("sha1", args)?;
    Ok(Value::string(hex(&sha1::Sha1::digest(s.as_bytes()))))
}

/// `digest(string)`: the hex digest by Puppet's `digest_algorithm`
/// (`sha256`). A 3.x function: undef is `''`; anything else that is not a
/// String is refused as Ruby refuses it.
pub(crate) fn digest(args: &[Value]) -> Result<Value, String> {
    let [arg] = args else {
        return Err(format!(
            "digest(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    };
    let text = match arg {
        Value::String(s) => String::from(&**s),
        Value::Undef => String::new(),
        other => {
            return Err(format!(
                "no implicit conversion of {} into String",
                kuppet_values::ruby::rb_class(other)
            ));
        }
    };
    Ok(Value::string(hex(&Sha256::digest(text.as_bytes()))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_match_known_vectors() {
        let sha1_of = |s: &str| sha1(&[Value::string(s)]).map(|v| v.to_display());
        assert_eq!(
            sha1_of("abc"),
            Ok("a9993e364706816aba3e25717850c26c9cd0d89d".to_string())
        );
        assert_eq!(
            sha1_of(""),
            Ok("da39a3ee5e6b4b0d3255bfef95601890afd80709".to_string())
        );
        assert_eq!(
            sha1_of(&"a".repeat(1000)),
            Ok("291e9a6c66994949b57ba5e650361e98fc36b1ba".to_string())
        );
    }
}
