//! SSH host key facts: `ssh` (each key with its SSHFP fingerprints) and the
//! legacy `sshrsakey`, `sshfp_rsa`..., from the root's host public keys.

use crate::Facts;
use crate::host::Host;
use serde_json::{Map, Value, json};
use sha1::Digest;

const DIRS: [&str; 5] = [
    "/etc/ssh",
    "/usr/local/etc/ssh",
    "/etc",
    "/usr/local/etc",
    "/etc/opt/ssh",
];
const FILES: [&str; 4] = [
    "ssh_host_rsa_key.pub",
    "ssh_host_dsa_key.pub",
    "ssh_host_ecdsa_key.pub",
    "ssh_host_ed25519_key.pub",
];

/// Ruby's lenient `Base64.decode64`: characters outside the alphabet are
/// skipped, decoding stops at padding.
fn decode64(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            _ => continue,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One host key: its name (`rsa`), type (`ssh-rsa`), key and fingerprints.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct HostKey {
    pub name: &'static str,
    pub key_type: String,
    pub key: String,
    pub sha1: String,
    pub sha256: String,
}

/// A public key file's key, when Facter knows its type.
pub(crate) fn parse_key(text: &str) -> Option<HostKey> {
    let mut words = text.split(' ');
    let key_type = words.next()?.to_string();
    let key = words.next().unwrap_or("").to_string();
    let (name, n) = match key_type.as_str() {
        "ssh-rsa" => ("rsa", 1),
        "ssh-dss" => ("dsa", 2),
        "ecdsa-sha2-nistp256" => ("ecdsa", 3),
        "ssh-ed25519" => ("ed25519", 4),
        _ => return None,
    };
    let raw = decode64(&key);
    Some(HostKey {
        name,
        sha1: format!("SSHFP {n} 1 {}", hex(&sha1::Sha1::digest(&raw))),
        sha256: format!("SSHFP {n} 2 {}", hex(&sha2::Sha256::digest(&raw))),
        key_type,
        key,
    })
}

/// Gathers the SSH facts.
pub(crate) fn gather(host: &Host, facts: &mut Facts) {
    let mut ssh = Map::new();
    for dir in DIRS {
        if !host.path(dir).is_dir() {
            continue;
        }
        for file in FILES {
            let Some(k) = host
                .read(&format!("{dir}/{file}"))
                .and_then(|t| parse_key(&t))
            else {
                continue;
            };
            facts.insert(format!("ssh{}key", k.name), json!(k.key));
            facts.insert(
                format!("sshfp_{}", k.name),
                json!(format!("{}\n{}", k.sha1, k.sha256)),
            );
            ssh.insert(
                k.name.into(),
                json!({
                    "fingerprints": {"sha1": k.sha1, "sha256": k.sha256},
                    "key": k.key,
                    "type": k.key_type,
                }),
            );
        }
    }
    if !ssh.is_empty() {
        facts.insert("ssh".into(), Value::Object(ssh));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_get_sshfp_fingerprints() {
        // `ssh-keygen -r vm -f` of this key prints these SSHFP records.
        let k = parse_key("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPn5idMyYLVWVdIau+MIelN6QV4PZMvYn6Pc4fy4SlOu root@vm\n")
            .expect("key");
        assert_eq!(k.name, "ed25519");
        assert_eq!(k.key_type, "ssh-ed25519");
        assert_eq!(k.sha1, "SSHFP 4 1 62d5454f4407eab823500e05e12ebe1af67c0b26");
        assert_eq!(
            k.sha256,
            "SSHFP 4 2 8d59ff36197d83233550815de93c1d1e86a20cbc353ed53a368ce6d6628c2766"
        );
        assert_eq!(parse_key("ssh-unknown AAAA"), None);
        assert_eq!(decode64("aGVsbG8="), b"hello");
        assert_eq!(decode64("aGVs\nbG8"), b"hello");
    }
}
