//! Pure functions that puppetlabs-stdlib 9 added under its `stdlib::`
//! namespace and that have no stdlib 8 counterpart: `stdlib::crc32`, `stdlib::sha256`,
//! `stdlib::extname`, `stdlib::nested_values`, `stdlib::xml_encode`,
//! `stdlib::batch_escape`, `stdlib::powershell_escape`,
//! `stdlib::seeded_rand` and `stdlib::seeded_rand_string`. Each checks its
//! arguments against stdlib 9.7's signature, with Puppet's messages.

use super::signature::{P, check, sig};
use super::stdlib_random::{Mt, deterministic_rand};
use kuppet_values::ruby::rb_to_s;
use kuppet_values::value::Value;
use sha2::{Digest, Sha256};

/// The data a digest function hashes: a Sensitive value's content, as
/// Ruby's `to_s` shows it.
fn digest_subject(v: &Value) -> String {
    match v {
        Value::Sensitive(inner) => rb_to_s(inner),
        other => rb_to_s(other),
    }
}

/// `stdlib::crc32(data)`: Zlib's CRC-32 in lowercase hex, without leading
/// zeros (Ruby's `Integer#to_s(16)`).
pub(crate) fn crc32(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::crc32",
        || {
            vec![sig(&[P::Req(
                "Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]]",
                "my_data",
            )])]
        },
        args,
    )?;
    let sum = crc32fast::hash(digest_subject(&args[0]).as_bytes());
    Ok(Value::string(format!("{sum:x}")))
}

/// `stdlib::sha256(data)`: the SHA-256 hex digest; unlike stdlib 8's
/// `sha256` it takes any scalar data, Binary and Sensitive values.
pub(crate) fn sha256(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::sha256",
        || {
            vec![sig(&[P::Req(
                "Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]]",
                "my_data",
            )])]
        },
        args,
    )?;
    let digest = Sha256::digest(digest_subject(&args[0]).as_bytes());
    Ok(Value::string(
        digest
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>(),
    ))
}

/// `stdlib::extname(filename)`: Ruby's `File.extname`: the extension of
/// the last path component, dot included; `''` for none or a dotfile.
pub(crate) fn extname(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::extname",
        || vec![sig(&[P::Req("String", "filename")])],
        args,
    )?;
    let Value::String(path) = &args[0] else {
        return Ok(Value::string(""));
    };
    Ok(Value::string(file_extname(path)))
}

fn file_extname(path: &str) -> &str {
    let base = path.trim_end_matches('/');
    let base = base.rsplit('/').next().unwrap_or("");
    let name = base.trim_start_matches('.');
    // Leading dots are trimmed, so a dot found is never the first byte.
    name.rfind('.').map_or("", |i| &name[i..])
}

/// `stdlib::nested_values(hash)`: the values of a hash and of the hashes
/// nested in it, depth first, in order.
pub(crate) fn nested_values(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::nested_values",
        || vec![sig(&[P::Req("Hash", "hash")])],
        args,
    )?;
    fn collect(v: &Value, out: &mut Vec<Value>) {
        if let Value::Hash(h) = v {
            for value in h.values() {
                match value {
                    Value::Hash(_) => collect(value, out),
                    other => out.push(other.clone()),
                }
            }
        }
    }
    let mut out = Vec::new();
    collect(&args[0], &mut out);
    Ok(Value::array(out))
}

/// `stdlib::xml_encode(str, type = 'text')`: Ruby's `String#encode(xml:)`:
/// `&`, `<`, `>` as entities; for `'attr'` also `"`, and the result quoted.
pub(crate) fn xml_encode(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::xml_encode",
        || {
            vec![sig(&[
                P::Req("String", "str"),
                P::Opt("Enum['text','attr']", "type"),
            ])]
        },
        args,
    )?;
    let s = rb_to_s(&args[0]);
    let attr = matches!(args.get(1), Some(Value::String(t)) if &**t == "attr");
    let mut out = String::with_capacity(s.len() + 2);
    if attr {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::string(out))
}

/// `stdlib::batch_escape(value)`: the value's string quoted for a Windows
/// batch file: in double quotes, `"` doubled, `$` and `\` backslashed.
pub(crate) fn batch_escape(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::batch_escape",
        || vec![sig(&[P::Req("Any", "string")])],
        args,
    )?;
    let mut out = String::from("\"");
    for c in rb_to_s(&args[0]).chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    Ok(Value::string(out))
}

/// `stdlib::powershell_escape(value)`: the value's string with PowerShell's
/// special characters backtick-escaped.
pub(crate) fn powershell_escape(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::powershell_escape",
        || vec![sig(&[P::Req("Any", "string")])],
        args,
    )?;
    let mut out = String::new();
    for c in rb_to_s(&args[0]).chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            c => out.push(c),
        }
    }
    Ok(Value::string(out))
}

/// `stdlib::seeded_rand(max, seed)`: Ruby's `Random.new(md5(seed)).rand(max)`.
pub(crate) fn seeded_rand(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::seeded_rand",
        || {
            vec![sig(&[
                P::Req("Integer[1]", "max"),
                P::Req("String", "seed"),
            ])]
        },
        args,
    )?;
    let (Value::Integer(max), Value::String(seed)) = (&args[0], &args[1]) else {
        return Ok(Value::Undef);
    };
    let n = deterministic_rand(seed, *max as u64);
    Ok(Value::Integer(n as i64))
}

/// `stdlib::seeded_rand_string(length, seed, charset)`: `length` characters
/// of `charset` drawn by `Random.new(sha256(seed))`.
pub(crate) fn seeded_rand_string(args: &[Value]) -> Result<Value, String> {
    check(
        "stdlib::seeded_rand_string",
        || {
            vec![sig(&[
                P::Req("Integer[1]", "length"),
                P::Req("String", "seed"),
                P::Opt("String[2]", "charset"),
            ])]
        },
        args,
    )?;
    let (Value::Integer(length), Value::String(seed)) = (&args[0], &args[1]) else {
        return Ok(Value::Undef);
    };
    let charset: Vec<char> = match args.get(2) {
        Some(Value::String(c)) => c.chars().collect(),
        _ => "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            .chars()
            .collect(),
    };
    let mut mt = Mt::from_key(&digest_words(&Sha256::digest(seed.as_bytes())));
    let out: String = (0..*length)
        .map(|_| charset[mt.rand_below(charset.len() as u64) as usize])
        .collect();
    Ok(Value::string(out))
}

/// A digest read as one big-endian integer, as the 32-bit seed words of
/// Ruby's `Random.new`: least significant first, no leading zero words.
fn digest_words(digest: &[u8]) -> Vec<u32> {
    let mut words: Vec<u32> = digest
        .chunks(4)
        .rev()
        .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extname_follows_ruby() {
        assert_eq!(file_extname("foo.rb"), ".rb");
        assert_eq!(file_extname("/a.b/foo"), "");
        assert_eq!(file_extname(".bashrc"), "");
        assert_eq!(file_extname(".a.rb"), ".rb");
        assert_eq!(file_extname("x.tar.gz"), ".gz");
        assert_eq!(file_extname("dir/x.conf/"), ".conf");
    }
}
