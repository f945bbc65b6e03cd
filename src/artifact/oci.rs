//! The OCI description of a Puppet code artifact, as `flux push artifact`
//! writes it: an image manifest whose config has Flux's config media type
//! and whose one layer is the content tar+gzip with Flux's content media
//! type, annotated with the source, the revision and the creation time
//! (`org.opencontainers.image.*`), so Flux's source-controller and kuppet
//! read each other's artifacts.

use serde_json::{Value, json};

/// The manifest's media type.
pub const MANIFEST_MEDIA_TYPE: &str = "application/vnd.oci.image.manifest.v1+json";
/// Flux's config media type.
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.cncf.flux.config.v1+json";
/// Flux's content layer media type: the tar+gzip of the tree.
pub const CONTENT_MEDIA_TYPE: &str = "application/vnd.cncf.flux.content.v1.tar+gzip";

/// What the annotations say about the artifact.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArtifactMeta {
    /// Where the code comes from (a Git URL): `org.opencontainers.image.source`.
    pub source: Option<String>,
    /// Which version (`main@sha1:...`): `org.opencontainers.image.revision`.
    pub revision: Option<String>,
    /// RFC 3339 time: `org.opencontainers.image.created`.
    pub created: String,
}

/// The config blob (Flux's config is an empty JSON object).
pub fn empty_config() -> Vec<u8> {
    b"{}".to_vec()
}

/// The image manifest for a config and one content layer (digest, size each).
pub fn image_manifest(config: (&str, usize), layer: (&str, usize), meta: &ArtifactMeta) -> Value {
    let mut annotations = serde_json::Map::new();
    annotations.insert(
        "org.opencontainers.image.created".into(),
        Value::String(meta.created.clone()),
    );
    if let Some(r) = &meta.revision {
        annotations.insert(
            "org.opencontainers.image.revision".into(),
            Value::String(r.clone()),
        );
    }
    if let Some(s) = &meta.source {
        annotations.insert(
            "org.opencontainers.image.source".into(),
            Value::String(s.clone()),
        );
    }
    json!({
        "schemaVersion": 2,
        "mediaType": MANIFEST_MEDIA_TYPE,
        "config": {"mediaType": CONFIG_MEDIA_TYPE, "digest": config.0, "size": config.1},
        "layers": [{"mediaType": CONTENT_MEDIA_TYPE, "digest": layer.0, "size": layer.1}],
        "annotations": annotations,
    })
}
