//! Content checksums as Puppet labels them (`{sha256}9f86…`): the digest a
//! `file` compares content with and prints in its messages (`checksum`
//! parameter: md5, md5lite, sha1, sha1lite, sha224, sha256 (the default),
//! sha256lite, sha384, sha512; the `lite` ones read only the first 512 bytes).

use sha2::Digest;
use std::fs;
use std::io::Read;

/// The digest used to compare content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checksum {
    Md5,
    Md5Lite,
    Sha1,
    Sha1Lite,
    Sha224,
    Sha256,
    Sha256Lite,
    Sha384,
    Sha512,
}

/// How many bytes the `lite` checksums read.
const LITE: u64 = 512;

impl Checksum {
    /// The checksum named by a `checksum` value; None for names that are not
    /// content digests.
    pub fn parse(name: &str) -> Option<Checksum> {
        Some(match name {
            "md5" => Checksum::Md5,
            "md5lite" => Checksum::Md5Lite,
            "sha1" => Checksum::Sha1,
            "sha1lite" => Checksum::Sha1Lite,
            "sha224" => Checksum::Sha224,
            "sha256" => Checksum::Sha256,
            "sha256lite" => Checksum::Sha256Lite,
            "sha384" => Checksum::Sha384,
            "sha512" => Checksum::Sha512,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Checksum::Md5 => "md5",
            Checksum::Md5Lite => "md5lite",
            Checksum::Sha1 => "sha1",
            Checksum::Sha1Lite => "sha1lite",
            Checksum::Sha224 => "sha224",
            Checksum::Sha256 => "sha256",
            Checksum::Sha256Lite => "sha256lite",
            Checksum::Sha384 => "sha384",
            Checksum::Sha512 => "sha512",
        }
    }

    fn lite(self) -> bool {
        matches!(
            self,
            Checksum::Md5Lite | Checksum::Sha1Lite | Checksum::Sha256Lite
        )
    }

    /// The labelled checksum of some bytes.
    pub fn sum(self, data: &[u8]) -> String {
        let data = if self.lite() {
            &data[..data.len().min(LITE as usize)]
        } else {
            data
        };
        let mut r = data;
        self.sum_reader(&mut r).unwrap_or_default()
    }

    /// The labelled checksum of an open file's content, read in blocks.
    pub(crate) fn sum_file(self, f: fs::File) -> std::io::Result<String> {
        if self.lite() {
            self.sum_reader(&mut f.take(LITE))
        } else {
            let mut f = f;
            self.sum_reader(&mut f)
        }
    }

    fn sum_reader(self, input: &mut dyn Read) -> std::io::Result<String> {
        let mut buf = vec![0u8; 64 * 1024];
        macro_rules! stream {
            ($h:expr) => {{
                let mut h = $h;
                loop {
                    let n = input.read(&mut buf)?;
                    if n == 0 {
                        break;
                    }
                    h.update(&buf[..n]);
                }
                hex(&h.finalize())
            }};
        }
        let hex = match self {
            Checksum::Md5 | Checksum::Md5Lite => stream!(md5::Md5::new()),
            Checksum::Sha1 | Checksum::Sha1Lite => stream!(sha1::Sha1::new()),
            Checksum::Sha224 => stream!(sha2::Sha224::new()),
            Checksum::Sha256 | Checksum::Sha256Lite => stream!(sha2::Sha256::new()),
            Checksum::Sha384 => stream!(sha2::Sha384::new()),
            Checksum::Sha512 => stream!(sha2::Sha512::new()),
        };
        Ok(format!("{{{}}}{}", self.name(), hex))
    }
}

/// Lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_are_labelled() {
        assert_eq!(
            Checksum::Sha256.sum(b"ok"),
            "{sha256}2689367b205c16ce32ed4200942b8b8b1e262dfc70d9bc9fbc77c49699a4f1df"
        );
        assert_eq!(
            Checksum::Md5.sum(b"x\n"),
            "{md5}401b30e3b8b5d629635a5c613cdb7919"
        );
    }

    #[test]
    fn sha1_matches_known_vectors() {
        assert_eq!(
            Checksum::Sha1.sum(b"abc"),
            "{sha1}a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            Checksum::Sha1.sum(b"y\n"),
            "{sha1}9063a9f0e032b6239403b719cbbba56ac4e4e45f"
        );
        let long = vec![b'a'; 1000];
        assert_eq!(
            Checksum::Sha1.sum(&long),
            "{sha1}291e9a6c66994949b57ba5e650361e98fc36b1ba"
        );
    }
}
