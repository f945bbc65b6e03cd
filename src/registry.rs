//! OCI registries as the store of Puppet code artifacts: push an artifact
//! (the content layer and Flux's config, then a manifest whose bytes kuppet
//! writes itself, so the same tree and metadata always give the same digest)
//! and pull one by tag or digest, verifying every blob against its digest.
//! Built on oci-client; `kuppet push` and the controller use it.

use kuppet_artifact::{
    ArtifactMeta, CONFIG_MEDIA_TYPE, CONTENT_MEDIA_TYPE, MANIFEST_MEDIA_TYPE, empty_config,
    image_manifest, sha256_digest, verify_digest,
};
use oci_client::client::{ClientConfig, ClientProtocol};
use oci_client::secrets::RegistryAuth;
use oci_client::{Client, Reference, RegistryOperation};

/// Why a registry operation failed.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error(
        "'{0}' is not an OCI reference: write oci://REGISTRY/REPOSITORY:TAG or oci://REGISTRY/REPOSITORY@sha256:DIGEST"
    )]
    Reference(String),
    #[error("the registry refused or failed: {0}")]
    Registry(String),
    #[error("the artifact at {reference} is not a Puppet code artifact: {why}")]
    NotAnArtifact { reference: String, why: String },
    #[error(transparent)]
    Artifact(#[from] kuppet_artifact::ArtifactError),
}

/// How to reach a registry.
#[derive(Debug, Clone, Default)]
pub struct Access {
    /// `user:password`; anonymous when absent.
    pub creds: Option<String>,
    /// Plain HTTP (a registry on loopback in a test), not HTTPS.
    pub insecure: bool,
}

impl Access {
    fn client(&self) -> Client {
        Client::new(ClientConfig {
            protocol: if self.insecure {
                ClientProtocol::Http
            } else {
                ClientProtocol::Https
            },
            // One request per blob: code artifacts are megabytes, and some
            // registries mishandle chunked uploads.
            use_monolithic_push: true,
            ..Default::default()
        })
    }

    fn auth(&self) -> RegistryAuth {
        match self.creds.as_deref().and_then(|c| c.split_once(':')) {
            Some((u, p)) => RegistryAuth::Basic(u.to_string(), p.to_string()),
            None => RegistryAuth::Anonymous,
        }
    }
}

/// Parses `oci://registry/repo:tag` (the `oci://` is optional).
pub fn parse_reference(url: &str) -> Result<Reference, RegistryError> {
    let bare = url.strip_prefix("oci://").unwrap_or(url);
    bare.parse::<Reference>()
        .map_err(|_| RegistryError::Reference(url.to_string()))
}

/// What a push published.
#[derive(Debug, Clone)]
pub struct Pushed {
    /// The manifest's digest: `sha256:...`.
    pub digest: String,
    /// The content layer's digest.
    pub layer_digest: String,
    pub layer_size: usize,
}

/// Pushes `layer` (a packed tree) with Flux's media types to `reference`.
pub async fn push(
    reference: &Reference,
    layer: &[u8],
    meta: &ArtifactMeta,
    access: &Access,
) -> Result<Pushed, RegistryError> {
    let client = access.client();
    let auth = access.auth();
    client
        .auth(reference, &auth, RegistryOperation::Push)
        .await
        .map_err(|e| RegistryError::Registry(e.to_string()))?;
    let config = empty_config();
    let config_digest = sha256_digest(&config);
    let layer_digest = sha256_digest(layer);
    for (data, digest) in [(config.as_slice(), &config_digest), (layer, &layer_digest)] {
        match client.push_blob(reference, data, digest).await {
            // The blob was accepted (201) but the registry named no Location
            // for it (some registries omit it, as oci-client already allows
            // for manifests): the blob is there under its digest.
            Ok(_) | Err(oci_client::errors::OciDistributionError::RegistryNoLocationError) => {}
            Err(e) => return Err(RegistryError::Registry(e.to_string())),
        }
    }
    let manifest = image_manifest(
        (&config_digest, config.len()),
        (&layer_digest, layer.len()),
        meta,
    );
    let body = serde_json::to_vec(&manifest).map_err(|e| RegistryError::Registry(e.to_string()))?;
    let digest = sha256_digest(&body);
    client
        .push_manifest_raw(
            reference,
            body,
            MANIFEST_MEDIA_TYPE
                .parse()
                .map_err(|_| RegistryError::Registry("bad media type".into()))?,
        )
        .await
        .map_err(|e| RegistryError::Registry(e.to_string()))?;
    Ok(Pushed {
        digest,
        layer_digest,
        layer_size: layer.len(),
    })
}

/// The digest a tag (or pinned reference) names now, without pulling
/// anything else: what a poll compares with the digest it last saw.
pub async fn resolve(reference: &Reference, access: &Access) -> Result<String, RegistryError> {
    if let Some(pinned) = reference.digest() {
        return Ok(pinned.to_string());
    }
    access
        .client()
        .fetch_manifest_digest(reference, &access.auth())
        .await
        .map_err(|e| RegistryError::Registry(e.to_string()))
}

/// What a pull fetched: the content layer, verified, and where it came from.
#[derive(Debug, Clone)]
pub struct Pulled {
    /// The manifest's digest (the artifact's identity).
    pub digest: String,
    pub layer: Vec<u8>,
    pub layer_digest: String,
    /// The `org.opencontainers.image.revision` annotation, if any.
    pub revision: Option<String>,
}

/// A failed pull: bytes that do not match their digest (the client checks
/// them as they arrive) are the artifact's fault, not the registry's
/// reachability.
fn pull_error(e: oci_client::errors::OciDistributionError) -> RegistryError {
    use oci_client::errors::{DigestError, OciDistributionError};
    match e {
        OciDistributionError::DigestError(DigestError::VerificationError { expected, actual }) => {
            kuppet_artifact::ArtifactError::DigestMismatch { expected, actual }.into()
        }
        other => RegistryError::Registry(other.to_string()),
    }
}

/// Pulls the artifact at `reference` (by tag, or pinned `@sha256:`), refusing
/// one larger than `max_layer` bytes or whose blobs do not match their digests.
pub async fn pull(
    reference: &Reference,
    access: &Access,
    max_layer: u64,
) -> Result<Pulled, RegistryError> {
    let client = access.client();
    let auth = access.auth();
    let (body, digest) = client
        .pull_manifest_raw(reference, &auth, &[MANIFEST_MEDIA_TYPE])
        .await
        .map_err(pull_error)?;
    verify_digest(&body, &digest)?;
    if let Some(pinned) = reference.digest() {
        verify_digest(&body, pinned)?;
    }
    let not_artifact = |why: &str| RegistryError::NotAnArtifact {
        reference: reference.whole(),
        why: why.to_string(),
    };
    let manifest: serde_json::Value =
        serde_json::from_slice(&body).map_err(|e| not_artifact(&e.to_string()))?;
    let layers = manifest["layers"]
        .as_array()
        .ok_or_else(|| not_artifact("the manifest has no layers"))?;
    let layer = layers
        .iter()
        .find(|l| {
            l["mediaType"]
                .as_str()
                .is_some_and(|m| m.starts_with(CONTENT_MEDIA_TYPE) || m.ends_with(".tar+gzip"))
        })
        .or_else(|| layers.first())
        .ok_or_else(|| not_artifact("the manifest has no content layer"))?;
    let config_type = manifest["config"]["mediaType"].as_str().unwrap_or_default();
    if config_type != CONFIG_MEDIA_TYPE && !config_type.is_empty() {
        tracing::debug!(
            config_type,
            "an artifact that is not Flux's: reading its first tar+gzip layer"
        );
    }
    let layer_digest = layer["digest"]
        .as_str()
        .ok_or_else(|| not_artifact("the layer has no digest"))?
        .to_string();
    let size = layer["size"].as_u64().unwrap_or(0);
    if size > max_layer {
        return Err(kuppet_artifact::ArtifactError::TooLarge(format!(
            "its content layer is {size} bytes, more than the {max_layer} allowed"
        ))
        .into());
    }
    let mut data: Vec<u8> = Vec::new();
    client
        .pull_blob(
            reference,
            &oci_client::manifest::OciDescriptor {
                media_type: layer["mediaType"].as_str().unwrap_or_default().to_string(),
                digest: layer_digest.clone(),
                size: size as i64,
                ..Default::default()
            },
            &mut data,
        )
        .await
        .map_err(pull_error)?;
    if data.len() as u64 > max_layer {
        return Err(kuppet_artifact::ArtifactError::TooLarge(format!(
            "more than the {max_layer} bytes allowed"
        ))
        .into());
    }
    verify_digest(&data, &layer_digest)?;
    Ok(Pulled {
        digest,
        layer: data,
        layer_digest,
        revision: manifest["annotations"]["org.opencontainers.image.revision"]
            .as_str()
            .map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use oci_client::errors::{DigestError, OciDistributionError};

    #[test]
    fn bytes_that_fail_their_digest_are_a_digest_mismatch_not_an_unreachable_registry() {
        let e = pull_error(OciDistributionError::DigestError(
            DigestError::VerificationError {
                expected: "sha256:aa".into(),
                actual: "sha256:bb".into(),
            },
        ));
        assert!(
            matches!(
                &e,
                RegistryError::Artifact(kuppet_artifact::ArtifactError::DigestMismatch { expected, actual })
                    if expected == "sha256:aa" && actual == "sha256:bb"
            ),
            "{e}"
        );
        let other = pull_error(OciDistributionError::RegistryNoDigestError);
        assert!(matches!(other, RegistryError::Registry(_)), "{other}");
    }
}
