//! Digest functions of Puppet's core: `md5`, `sha1` and `sha256` (hex digests
//! of a string, as Ruby's `Digest::*.hexdigest`).

use super::super::super::value::Value;
use md5::{Digest, Md5};
use sha2::Sha256;

/// The one argument of a 3.x digest function, as the string it hashes.
fn subject(name: &str, args: &[Value]) -> Result<String, String> {
    match args {
        [v] => Ok(match v {
            Value::String(s) => s.to_string(),
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
    Ok(Value::string(hex(&sha1_digest(s.as_bytes()))))
}

/// SHA-1 (FIPS 180-4).
fn sha1_digest(data: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
    let mut msg = data.to_vec();
    let bit_len = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bit_len.to_be_bytes());
    for block in msg.chunks_exact(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A827999),
                20..=39 => (b ^ c ^ d, 0x6ED9EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1BBCDC),
                _ => (b ^ c ^ d, 0xCA62C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(*wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 20];
    for (i, word) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&word.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_match_known_vectors() {
        assert_eq!(
            hex(&sha1_digest(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(&sha1_digest(b"")),
            "da39a3ee5e6b4b0d3255bfef95601890afd80709"
        );
        let long = vec![b'a'; 1000];
        assert_eq!(
            hex(&sha1_digest(&long)),
            "291e9a6c66994949b57ba5e650361e98fc36b1ba"
        );
    }
}
