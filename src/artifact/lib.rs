//! Puppet code as artifacts: a control repo or a module directory packed
//! into a reproducible tar+gzip (the content layer of a Flux OCI artifact,
//! what `kuppet push` and `flux push artifact` upload), the OCI manifest and
//! config that describe it with Flux's media types and annotations, and the
//! other way: a downloaded tarball verified against its digest and unpacked
//! safely (regular files and directories only, nothing outside the tree,
//! bounded in size and count) into a content-addressed cache.
//!
//! No network here: the controller and `kuppet push` move the bytes.

mod cache;
mod oci;
mod pack;
mod unpack;

pub use cache::Cache;
pub use oci::{
    ArtifactMeta, CONFIG_MEDIA_TYPE, CONTENT_MEDIA_TYPE, MANIFEST_MEDIA_TYPE, empty_config,
    image_manifest,
};
pub use pack::pack;
pub use unpack::{Caps, Unpacked, unpack};

use sha2::Digest as _;

/// What went wrong with an artifact.
#[derive(Debug, thiserror::Error)]
pub enum ArtifactError {
    /// The bytes do not have the digest they were announced with.
    #[error(
        "the artifact's digest is {actual}, not {expected}: it changed after it was published, or the download is corrupt"
    )]
    DigestMismatch { expected: String, actual: String },
    /// A digest this crate cannot check.
    #[error("unsupported digest '{0}': use sha256:, sha384: or sha512: followed by the hex digest")]
    UnsupportedDigest(String),
    /// The archive holds something a Puppet codebase never needs and an
    /// attacker could use: a link, a device, a path leaving the tree.
    #[error("the artifact is refused: {0}")]
    Refused(String),
    /// The archive is larger than allowed.
    #[error("the artifact is too large: {0}")]
    TooLarge(String),
    /// Not a gzip'd tar, or truncated.
    #[error("the artifact is not a readable tar+gzip archive: {0}")]
    Corrupt(String),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

impl ArtifactError {
    fn io(path: impl std::fmt::Display, source: std::io::Error) -> ArtifactError {
        ArtifactError::Io {
            path: path.to_string(),
            source,
        }
    }
}

/// The `sha256:HEX` digest of bytes, as OCI and Flux write digests.
pub fn sha256_digest(bytes: &[u8]) -> String {
    format!("sha256:{}", hex(&sha2::Sha256::digest(bytes)))
}

/// Checks bytes against an `algo:hex` digest (sha256, sha384, sha512).
pub fn verify_digest(bytes: &[u8], expected: &str) -> Result<(), ArtifactError> {
    let (algo, want) = expected
        .split_once(':')
        .ok_or_else(|| ArtifactError::UnsupportedDigest(expected.to_string()))?;
    let actual = match algo {
        "sha256" => hex(&sha2::Sha256::digest(bytes)),
        "sha384" => hex(&sha2::Sha384::digest(bytes)),
        "sha512" => hex(&sha2::Sha512::digest(bytes)),
        _ => return Err(ArtifactError::UnsupportedDigest(expected.to_string())),
    };
    if actual.eq_ignore_ascii_case(want) {
        Ok(())
    } else {
        Err(ArtifactError::DigestMismatch {
            expected: expected.to_string(),
            actual: format!("{algo}:{actual}"),
        })
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests;
