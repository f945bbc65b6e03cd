//! How a catalog travels inside a NodeCatalog: its digest, and its encoding
//! (inline JSON, or gzip + base64 when large).
//!
//! The digest is SHA-256 over a canonical form: the catalog JSON with the
//! fields that change on every compile (`version`, `catalog_uuid`, `code_id`)
//! blanked and every object's keys sorted, plus the noop flag. Sorting keys
//! makes it survive the API server, which stores custom resources as Go maps.
//! A catalog is stored inline (readable with `kubectl get -o yaml`) only when
//! it is small and holds nothing a Go round-trip would alter (floats, integers
//! beyond i64); otherwise it is gzip-compressed, which keeps its bytes exact.

use super::crd::NodeCatalogSpec;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use kuppet_catalog::Catalog;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Read;

/// Catalog JSON above this size is compressed rather than stored inline.
/// Small: the API server parses an inline catalog on every write (a
/// server-side apply body goes through its YAML parser), deep-copies and
/// re-encodes it, which made an inline 25-resource catalog (8.7 KB) cost
/// it ~17 ms of CPU per write; compressed it is one short string.
pub const INLINE_LIMIT: usize = 4 * 1024;
/// The most the compressed catalog may take, leaving room in the 1 MiB
/// object for metadata, sources and the agent's status.
pub const COMPRESSED_LIMIT: usize = 900 * 1024;
/// The most a decompressed catalog may grow to (a guard against gzip bombs).
pub const DECOMPRESSED_LIMIT: u64 = 256 * 1024 * 1024;

/// Why a catalog could not be encoded or decoded.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error(
        "the NodeCatalog holds no catalog: neither spec.catalog nor spec.compressedCatalog is set"
    )]
    Missing,
    #[error("spec.compressedCatalog is not valid base64: {0}")]
    Base64(#[from] base64::DecodeError),
    #[error("spec.compressedCatalog is not valid gzip data: {0}")]
    Gzip(std::io::Error),
    #[error("spec.compressedCatalog decompresses to more than {DECOMPRESSED_LIMIT} bytes")]
    Bomb,
    #[error("the NodeCatalog's catalog is not valid catalog JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error(
        "the catalog's digest is {actual} but spec.digest says {expected}: the NodeCatalog was \
         edited by hand or damaged; the controller rewrites it on its next reconcile"
    )]
    DigestMismatch { expected: String, actual: String },
    #[error(
        "the catalog for node {node} takes {size} bytes even compressed, over the {COMPRESSED_LIMIT}-byte \
         budget of a Kubernetes object: manage fewer or smaller resources on this node (large file \
         contents belong in packages or images)"
    )]
    TooLarge { node: String, size: usize },
}

/// The digest of a catalog applied with the given noop flag: `sha256:<hex>`.
pub fn digest(catalog: &Catalog, noop: bool) -> String {
    let mut value = serde_json::to_value(catalog).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("version".into(), Value::Null);
        map.insert("catalog_uuid".into(), Value::String(String::new()));
        map.insert("code_id".into(), Value::Null);
    }
    let mut text = String::new();
    write_canonical(&value, &mut text);
    text.push_str(if noop { "\nnoop=true" } else { "\nnoop=false" });
    let hash = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for byte in hash.iter() {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// JSON with every object's keys sorted, no whitespace.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// Whether a Go round-trip (the API server's storage) keeps the value equal
/// up to key order: no floats, no integers beyond i64.
fn survives_go(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_i64(),
        Value::Array(items) => items.iter().all(survives_go),
        Value::Object(map) => map.values().all(survives_go),
        _ => true,
    }
}

/// A catalog encoded for `NodeCatalogSpec`: exactly one of the two is set.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    pub catalog: Option<Value>,
    pub compressed_catalog: Option<String>,
}

/// Encodes a node's catalog for its NodeCatalog spec.
pub fn encode(catalog: &Catalog, node: &str) -> Result<Encoded, CodecError> {
    let json = serde_json::to_vec(catalog)?;
    if json.len() <= INLINE_LIMIT {
        let value = serde_json::to_value(catalog)?;
        if survives_go(&value) {
            return Ok(Encoded {
                catalog: Some(value),
                compressed_catalog: None,
            });
        }
    }
    let bytes = gzip(&json).map_err(CodecError::Gzip)?;
    let text = BASE64.encode(bytes);
    if text.len() > COMPRESSED_LIMIT {
        return Err(CodecError::TooLarge {
            node: node.to_string(),
            size: text.len(),
        });
    }
    Ok(Encoded {
        catalog: None,
        compressed_catalog: Some(text),
    })
}

/// The gzip header flate2's `GzEncoder` writes by default: no name, no
/// time, no extra flags, operating system "unknown".
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

thread_local! {
    /// This thread's deflate state, reset for each catalog (a new one
    /// allocates and zeroes some 300 KB of tables, for every NodeCatalog
    /// written).
    static DEFLATE: std::cell::RefCell<Option<flate2::Compress>> =
        const { std::cell::RefCell::new(None) };
}

/// `data` gzip-compressed at the default level (the bytes `GzEncoder`
/// gives).
fn gzip(data: &[u8]) -> std::io::Result<Vec<u8>> {
    DEFLATE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let deflate = cell
            .get_or_insert_with(|| flate2::Compress::new(flate2::Compression::default(), false));
        deflate.reset();
        let mut out = Vec::with_capacity(GZIP_HEADER.len() + data.len() / 3 + 64);
        out.extend_from_slice(&GZIP_HEADER);
        loop {
            let consumed = deflate.total_in() as usize;
            let status = deflate
                .compress_vec(&data[consumed..], &mut out, flate2::FlushCompress::Finish)
                .map_err(std::io::Error::other)?;
            if status == flate2::Status::StreamEnd {
                break;
            }
            out.reserve(out.capacity().max(4096));
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(data);
        out.extend_from_slice(&crc.finalize().to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        Ok(out)
    })
}

/// The digest a NodeCatalog carries: the catalog's, and with files (their
/// tar+gzip's `sha256:` digest) the digest over both, so that a changed
/// file changes it.
pub fn with_files(catalog_digest: &str, files_digest: Option<&str>) -> String {
    match files_digest {
        None => catalog_digest.to_string(),
        Some(f) => kuppet_artifact::sha256_digest(format!("{catalog_digest}\n{f}").as_bytes()),
    }
}

/// The digest of a catalog's files: the inline tar+gzip's (`tar_digest`)
/// alone when nothing is fetched by checksum (as before content references
/// existed), else the digest over it and every reference, so that a changed
/// large file changes the NodeCatalog's digest too.
pub fn files_digest(
    tar_digest: Option<&str>,
    content: &[crate::k8s::crd::ContentRef],
) -> Option<String> {
    if content.is_empty() {
        return tar_digest.map(str::to_string);
    }
    let mut text = format!("{}\n", tar_digest.unwrap_or("-"));
    for c in content {
        text.push_str(&format!(
            "{} {} {} {:o}\n",
            c.path, c.sha256, c.size, c.mode
        ));
    }
    Some(kuppet_artifact::sha256_digest(text.as_bytes()))
}

/// Decodes the catalog of a NodeCatalog spec and checks it against `spec.digest`
/// (which covers `spec.files` too).
pub fn decode(spec: &NodeCatalogSpec) -> Result<Catalog, CodecError> {
    let catalog: Catalog = match (&spec.catalog, &spec.compressed_catalog) {
        (Some(value), _) => serde_json::from_value(value.clone())?,
        (None, Some(text)) => {
            let bytes = BASE64.decode(text.trim())?;
            let mut json = Vec::new();
            flate2::read::GzDecoder::new(bytes.as_slice())
                .take(DECOMPRESSED_LIMIT + 1)
                .read_to_end(&mut json)
                .map_err(CodecError::Gzip)?;
            if json.len() as u64 > DECOMPRESSED_LIMIT {
                return Err(CodecError::Bomb);
            }
            serde_json::from_slice(&json)?
        }
        (None, None) => return Err(CodecError::Missing),
    };
    // The files the catalog's puppet:/// sources name are part of the digest.
    let tar_digest = match &spec.files {
        Some(text) => Some(kuppet_artifact::sha256_digest(&BASE64.decode(text.trim())?)),
        None => None,
    };
    let files_digest = files_digest(tar_digest.as_deref(), &spec.content);
    let actual = with_files(&digest(&catalog, spec.noop), files_digest.as_deref());
    if actual != spec.digest {
        return Err(CodecError::DigestMismatch {
            expected: spec.digest.clone(),
            actual,
        });
    }
    Ok(catalog)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kuppet_catalog::Resource;

    fn catalog_with(params: Vec<(&str, Value)>) -> Catalog {
        let mut parameters = kuppet_catalog::Parameters::default();
        for (k, v) in params {
            parameters.insert(k.into(), v);
        }
        Catalog {
            tags: vec!["settings".into()],
            name: "node-a".into(),
            version: Value::from(1_700_000_000),
            code_id: None,
            catalog_uuid: "uuid-1".into(),
            catalog_format: 2,
            environment: "production".into(),
            resources: vec![Resource {
                type_name: "File".into(),
                title: "/etc/motd".into(),
                tags: vec!["file".into()],
                file: Some("default/motd.pp".into()),
                line: Some(1),
                exported: false,
                kind: None,
                parameters,
                sensitive_parameters: Vec::new(),
            }],
            edges: vec![],
            classes: vec!["settings".into()],
        }
    }

    fn spec_for(catalog: &Catalog, noop: bool) -> NodeCatalogSpec {
        let enc = encode(catalog, "node-a").expect("encodes");
        NodeCatalogSpec {
            digest: digest(catalog, noop),
            noop,
            sources: vec![],
            catalog: enc.catalog,
            compressed_catalog: enc.compressed_catalog,
            files: None,
            content: Vec::new(),
        }
    }

    #[test]
    fn the_digest_covers_the_files_a_catalog_carries() {
        let catalog = catalog_with(vec![("source", "puppet:///modules/m/f".into())]);
        let files = BASE64.encode(b"a tar+gzip of the module's files");
        let files_digest = kuppet_artifact::sha256_digest(b"a tar+gzip of the module's files");
        let mut spec = spec_for(&catalog, false);
        spec.digest = with_files(&spec.digest, Some(&files_digest));
        spec.files = Some(files);
        assert!(decode(&spec).is_ok());
        // Other files under the same digest: refused.
        spec.files = Some(BASE64.encode(b"other files"));
        assert!(matches!(
            decode(&spec),
            Err(CodecError::DigestMismatch { .. })
        ));
        // The files dropped: refused too.
        spec.files = None;
        assert!(matches!(
            decode(&spec),
            Err(CodecError::DigestMismatch { .. })
        ));
    }

    #[test]
    fn the_digest_covers_the_content_listed_by_checksum() {
        let catalog = catalog_with(vec![("source", "puppet:///modules/m/big".into())]);
        let tar = b"a tar+gzip of the directories";
        let tar_digest = kuppet_artifact::sha256_digest(tar);
        let listed = crate::k8s::crd::ContentRef {
            path: "m/files/big".into(),
            sha256: "a".repeat(64),
            size: 1 << 20,
            mode: 0o644,
        };
        let mut spec = spec_for(&catalog, false);
        spec.files = Some(BASE64.encode(tar));
        spec.content = vec![listed.clone()];
        let files = files_digest(Some(&tar_digest), &spec.content);
        assert_ne!(files.as_deref(), Some(tar_digest.as_str()));
        spec.digest = with_files(&spec.digest, files.as_deref());
        assert!(decode(&spec).is_ok());
        // Another checksum, size, mode or path under the same digest: refused.
        for changed in [
            crate::k8s::crd::ContentRef {
                sha256: "b".repeat(64),
                ..listed.clone()
            },
            crate::k8s::crd::ContentRef {
                size: 1,
                ..listed.clone()
            },
            crate::k8s::crd::ContentRef {
                mode: 0o4755,
                ..listed.clone()
            },
            crate::k8s::crd::ContentRef {
                path: "m/files/other".into(),
                ..listed.clone()
            },
        ] {
            spec.content = vec![changed];
            assert!(matches!(
                decode(&spec),
                Err(CodecError::DigestMismatch { .. })
            ));
        }
        // The list dropped: refused too.
        spec.content.clear();
        assert!(matches!(
            decode(&spec),
            Err(CodecError::DigestMismatch { .. })
        ));
        // Without a list the digest is the tar's alone, as before lists existed.
        assert_eq!(files_digest(Some(&tar_digest), &[]), Some(tar_digest));
    }

    #[test]
    fn digest_ignores_what_changes_on_every_compile() {
        let a = catalog_with(vec![("content", "hi".into())]);
        let mut b = a.clone();
        b.version = Value::from(1_800_000_000);
        b.catalog_uuid = "uuid-2".into();
        assert_eq!(digest(&a, false), digest(&b, false));
        assert!(digest(&a, false).starts_with("sha256:"));
        assert_eq!(digest(&a, false).len(), 7 + 64);
    }

    #[test]
    fn digest_changes_with_content_and_noop() {
        let a = catalog_with(vec![("content", "hi".into())]);
        let b = catalog_with(vec![("content", "ho".into())]);
        assert_ne!(digest(&a, false), digest(&b, false));
        assert_ne!(digest(&a, false), digest(&a, true));
    }

    #[test]
    fn digest_does_not_depend_on_key_order() {
        let a = catalog_with(vec![("mode", "0644".into()), ("owner", "root".into())]);
        let b = catalog_with(vec![("owner", "root".into()), ("mode", "0644".into())]);
        assert_eq!(digest(&a, false), digest(&b, false));
    }

    #[test]
    fn small_catalogs_are_inline_and_round_trip() {
        let cat = catalog_with(vec![("content", "hi".into())]);
        let spec = spec_for(&cat, false);
        assert!(spec.catalog.is_some() && spec.compressed_catalog.is_none());
        assert_eq!(decode(&spec).expect("decodes"), cat);
    }

    #[test]
    fn floats_force_compression_so_their_bytes_survive() {
        let cat = catalog_with(vec![("weight", serde_json::json!(1.0))]);
        let spec = spec_for(&cat, true);
        assert!(spec.catalog.is_none() && spec.compressed_catalog.is_some());
        let back = decode(&spec).expect("decodes");
        assert_eq!(back, cat);
        assert_eq!(back.resources[0].parameters["weight"].to_string(), "1.0");
    }

    #[test]
    fn the_reused_deflate_state_gives_gzip_encoders_bytes() {
        use std::io::Write;
        let inputs: Vec<Vec<u8>> = vec![
            b"x".repeat(100_000),
            Vec::new(),
            (0..200_000u32).map(|i| (i * 7919 % 251) as u8).collect(),
            br#"{"resources":[{"type":"File","title":"/etc/motd"}]}"#.to_vec(),
        ];
        for input in inputs.iter().chain(inputs.iter()) {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            gz.write_all(input).expect("compresses");
            let expected = gz.finish().expect("finishes");
            assert_eq!(gzip(input).expect("compresses"), expected);
        }
    }

    #[test]
    fn large_catalogs_are_compressed_and_round_trip() {
        let big = "x".repeat(INLINE_LIMIT + 10);
        let cat = catalog_with(vec![("content", big.into())]);
        let spec = spec_for(&cat, false);
        let text = spec.compressed_catalog.as_ref().expect("compressed");
        assert!(
            text.len() < 10_000,
            "repetitive content compresses well: {}",
            text.len()
        );
        assert_eq!(decode(&spec).expect("decodes"), cat);
    }

    #[test]
    fn incompressible_giants_are_refused_with_the_node_named() {
        // Pseudo-random hex does not compress below ~50%: 2.5 MB of it is too big.
        let mut state: u64 = 0x9e3779b97f4a7c15;
        let noise: String = (0..2_500_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                char::from_digit((state % 16) as u32, 16).unwrap_or('0')
            })
            .collect();
        let cat = catalog_with(vec![("content", noise.into())]);
        let err = encode(&cat, "node-a").expect_err("too large");
        assert!(matches!(err, CodecError::TooLarge { ref node, .. } if node == "node-a"));
        assert!(err.to_string().contains("node-a"));
    }

    #[test]
    fn a_catalog_edited_by_hand_is_refused() {
        let cat = catalog_with(vec![("content", "hi".into())]);
        let mut spec = spec_for(&cat, false);
        if let Some(Value::Object(map)) = &mut spec.catalog {
            map.insert("name".into(), "evil".into());
        }
        assert!(matches!(
            decode(&spec),
            Err(CodecError::DigestMismatch { .. })
        ));
    }

    #[test]
    fn key_order_lost_in_storage_still_verifies() {
        let cat = catalog_with(vec![("mode", "0644".into()), ("owner", "root".into())]);
        let mut spec = spec_for(&cat, false);
        // What the API server does: re-serialise objects with sorted keys.
        let sorted = {
            let mut s = String::new();
            write_canonical(spec.catalog.as_ref().expect("inline"), &mut s);
            serde_json::from_str::<Value>(&s).expect("json")
        };
        spec.catalog = Some(sorted);
        assert!(decode(&spec).is_ok());
    }

    #[test]
    fn garbage_is_reported_not_panicked_on() {
        let mut spec = spec_for(&catalog_with(vec![]), false);
        spec.catalog = None;
        spec.compressed_catalog = Some("not base64 !!".into());
        assert!(matches!(decode(&spec), Err(CodecError::Base64(_))));
        spec.compressed_catalog = Some(BASE64.encode(b"not gzip"));
        assert!(matches!(decode(&spec), Err(CodecError::Gzip(_))));
        spec.compressed_catalog = None;
        assert!(matches!(decode(&spec), Err(CodecError::Missing)));
    }
}
