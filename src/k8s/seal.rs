//! Sealing a catalog's `Sensitive` values to the one node that may read them.
//!
//! Every agent holds an X25519 key pair in its state dir ([`NodeKey`], mode
//! 0600, never sent anywhere) and publishes the public half in its NodeFacts
//! (`spec.sealKey`). The controller replaces the value of every parameter a
//! resource lists in `sensitive_parameters` with an envelope
//! `{"kuppet_sealed": {v, to, epk, nonce, box}}`: a NaCl box (X25519 +
//! XSalsa20-Poly1305, the `crypto_box` crate) from a one-time key pair to the
//! node's key. The agent opens each envelope with its secret key just before
//! a run; the NodeCatalog and the agent's cache on disk hold only envelopes.
//!
//! The seal is deterministic per (controller key, node key, value): the
//! one-time secret key and the nonce are HMAC-SHA256 of the value under a key
//! only the controller process holds ([`Sealer`]). So a recompile that
//! changes nothing gives the same bytes, and the catalog digest (taken over
//! the sealed catalog, as stored) stays stable. What this leaks: whether a
//! sealed value of a node changed between two catalogs, and which sealed
//! values of one node's catalog are equal; nothing across nodes (each node's
//! key gives other bytes), and nothing about a value (no one without the
//! controller's key can seal a guess to compare). A digest over the unsealed
//! catalog would have let any reader of the NodeCatalog test guesses of a
//! low-entropy secret against it; that is why the digest covers the sealed form.
//! The controller's key lives in its memory: after a controller restart each
//! catalog with secrets is sealed anew once, and its agent applies the same
//! values again (no change on the node).

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use crypto_box::aead::{Aead, OsRng};
use crypto_box::{Nonce, PublicKey, SalsaBox, SecretKey};
use hmac::{Hmac, KeyInit, Mac};
use kuppet_catalog::Catalog;
use serde_json::{Value, json};
use sha2::Sha256;

/// The key of the envelope object that replaces a sealed value.
pub const ENVELOPE: &str = "kuppet_sealed";
/// The envelope format.
const VERSION: u64 = 1;

/// Why a catalog could not be sealed or opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    #[error(
        "the catalog of node {node} holds Sensitive values ({resource}) but the node has \
         published no seal key (NodeFacts spec.sealKey): kuppet never publishes secrets in \
         clear, so this catalog is not published; run a kuppet agent that publishes its key on \
         the node, or declare no Sensitive value for it"
    )]
    NoKey { node: String, resource: String },
    #[error(
        "the seal key node {node} published (NodeFacts spec.sealKey) is not a base64 X25519 \
         public key ({message}): its agent writes it again on its next start"
    )]
    BadKey { node: String, message: String },
    #[error(
        "parameter {param} of {resource} is sealed to the key {sealed_to}, not to this node's \
         key {own} (the node was re-created or its key changed): the controller seals the \
         catalog again once it reads this node's key from its NodeFacts"
    )]
    WrongKey {
        resource: String,
        param: String,
        sealed_to: String,
        own: String,
    },
    #[error(
        "parameter {param} of {resource} holds a sealed value that cannot be opened ({why}): \
         it was damaged or not sealed by the controller; the controller rewrites the NodeCatalog \
         on its next compile"
    )]
    Tampered {
        resource: String,
        param: String,
        why: String,
    },
}

/// A node's key pair (the agent's side).
pub struct NodeKey {
    secret: SecretKey,
}

impl NodeKey {
    /// A new random key pair.
    pub fn generate() -> NodeKey {
        NodeKey {
            secret: SecretKey::generate(&mut OsRng),
        }
    }

    /// The key pair of a secret key's 32 bytes, base64-encoded.
    pub fn from_base64(text: &str) -> Option<NodeKey> {
        let bytes: [u8; 32] = BASE64.decode(text.trim()).ok()?.try_into().ok()?;
        Some(NodeKey {
            secret: SecretKey::from(bytes),
        })
    }

    /// The secret key's 32 bytes, base64-encoded (for the state dir only).
    pub fn secret_base64(&self) -> String {
        BASE64.encode(self.secret.to_bytes())
    }

    /// The public key as published in NodeFacts `spec.sealKey`.
    pub fn public_base64(&self) -> String {
        BASE64.encode(self.secret.public_key().as_bytes())
    }
}

/// Parses a published seal key.
pub fn parse_public_key(node: &str, text: &str) -> Result<PublicKey, SealError> {
    let bad = |message: String| SealError::BadKey {
        node: node.to_string(),
        message,
    };
    let bytes = BASE64.decode(text.trim()).map_err(|e| bad(e.to_string()))?;
    let bytes: [u8; 32] = bytes
        .try_into()
        .map_err(|b: Vec<u8>| bad(format!("{} bytes where 32 are needed", b.len())))?;
    Ok(PublicKey::from(bytes))
}

/// The controller's side: seals deterministically under a key of its own.
pub struct Sealer {
    key: [u8; 32],
}

impl Sealer {
    /// A sealer with a fresh random key (one per controller process).
    pub fn random() -> Sealer {
        Sealer {
            key: SecretKey::generate(&mut OsRng).to_bytes(),
        }
    }

    /// A sealer with a given key (tests).
    pub fn with_key(key: [u8; 32]) -> Sealer {
        Sealer { key }
    }

    fn derive(&self, label: &[u8], to: &PublicKey, plain: &[u8]) -> [u8; 32] {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.key)
            .expect("HMAC takes keys of any length");
        mac.update(label);
        mac.update(to.as_bytes());
        mac.update(plain);
        mac.finalize().into_bytes().into()
    }

    /// Seals one value to `to`: the envelope that replaces it.
    pub fn seal_value(&self, to: &PublicKey, value: &Value) -> Value {
        let plain = serde_json::to_vec(value).unwrap_or_default();
        let ephemeral = SecretKey::from(self.derive(b"kuppet-seal-ephemeral\0", to, &plain));
        let nonce_bytes = self.derive(b"kuppet-seal-nonce\0", to, &plain);
        let nonce = Nonce::from_slice(&nonce_bytes[..24]);
        let sealed = SalsaBox::new(to, &ephemeral)
            .encrypt(nonce, plain.as_slice())
            .unwrap_or_default();
        json!({ENVELOPE: {
            "v": VERSION,
            "to": BASE64.encode(to.as_bytes()),
            "epk": BASE64.encode(ephemeral.public_key().as_bytes()),
            "nonce": BASE64.encode(nonce),
            "box": BASE64.encode(sealed),
        }})
    }

    /// Seals every Sensitive parameter of `catalog` to the node's published
    /// key; returns how many. A catalog without Sensitive values needs no key.
    pub fn seal_catalog(
        &self,
        catalog: &mut Catalog,
        node: &str,
        key: Option<&str>,
    ) -> Result<usize, SealError> {
        let mut recipient = None;
        let mut sealed = 0;
        for resource in &mut catalog.resources {
            for param in &resource.sensitive_parameters {
                let Some(value) = resource.parameters.get_mut(param.as_str()) else {
                    continue;
                };
                if is_envelope(value) {
                    continue;
                }
                let to = match &recipient {
                    Some(to) => to,
                    None => {
                        let Some(text) = key.filter(|k| !k.is_empty()) else {
                            return Err(SealError::NoKey {
                                node: node.to_string(),
                                resource: format!(
                                    "{}[{}] {param}",
                                    resource.type_name, resource.title
                                ),
                            });
                        };
                        recipient.insert(parse_public_key(node, text)?)
                    }
                };
                *value = self.seal_value(to, value);
                sealed += 1;
            }
        }
        Ok(sealed)
    }
}

/// Whether a parameter value is a sealed envelope.
pub fn is_envelope(value: &Value) -> bool {
    value
        .as_object()
        .is_some_and(|m| m.len() == 1 && m.contains_key(ENVELOPE))
}

/// Opens one envelope with the node's key.
fn open(key: &NodeKey, envelope: &Value, resource: &str, param: &str) -> Result<Value, SealError> {
    let tampered = |why: &str| SealError::Tampered {
        resource: resource.to_string(),
        param: param.to_string(),
        why: why.to_string(),
    };
    let inner = &envelope[ENVELOPE];
    if inner["v"].as_u64() != Some(VERSION) {
        return Err(tampered("unknown envelope version"));
    }
    let field = |name: &str| -> Result<Vec<u8>, SealError> {
        inner[name]
            .as_str()
            .and_then(|t| BASE64.decode(t).ok())
            .ok_or_else(|| tampered(&format!("field {name} is missing or not base64")))
    };
    let own = key.public_base64();
    let to = inner["to"].as_str().unwrap_or_default();
    if to != own {
        return Err(SealError::WrongKey {
            resource: resource.to_string(),
            param: param.to_string(),
            sealed_to: to.to_string(),
            own,
        });
    }
    let epk: [u8; 32] = field("epk")?
        .try_into()
        .map_err(|_| tampered("field epk is not 32 bytes"))?;
    let nonce = field("nonce")?;
    if nonce.len() != 24 {
        return Err(tampered("field nonce is not 24 bytes"));
    }
    let sealed = field("box")?;
    let plain = SalsaBox::new(&PublicKey::from(epk), &key.secret)
        .decrypt(Nonce::from_slice(&nonce), sealed.as_slice())
        .map_err(|_| tampered("authentication failed"))?;
    serde_json::from_slice(&plain).map_err(|_| tampered("the opened value is not JSON"))
}

/// Opens every sealed parameter of `catalog` in place; returns how many.
/// One that cannot be opened fails the whole catalog (nothing is applied
/// with a value missing).
pub fn unseal_catalog(catalog: &mut Catalog, key: &NodeKey) -> Result<usize, SealError> {
    let mut opened = 0;
    for resource in &mut catalog.resources {
        let reference = format!("{}[{}]", resource.type_name, resource.title);
        let mut newly_sensitive = Vec::new();
        for (param, value) in resource.parameters.iter_mut() {
            if is_envelope(value) {
                *value = open(key, value, &reference, param)?;
                opened += 1;
                if !resource.sensitive_parameters.iter().any(|s| **s == **param) {
                    newly_sensitive.push(param.to_string());
                }
            }
        }
        resource.sensitive_parameters.extend(newly_sensitive);
    }
    Ok(opened)
}

/// Whether any parameter of `catalog` is sealed.
pub fn has_sealed(catalog: &Catalog) -> bool {
    catalog
        .resources
        .iter()
        .any(|r| r.parameters.values().any(is_envelope))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::codec;
    use kuppet_catalog::Resource;

    fn catalog(secret: &str) -> Catalog {
        let mut parameters = kuppet_catalog::Parameters::default();
        parameters.insert("ensure".into(), json!("file"));
        parameters.insert("content".into(), json!(secret));
        Catalog {
            tags: vec!["settings".into()],
            name: "node-a".into(),
            version: Value::from(1_700_000_000),
            code_id: None,
            catalog_uuid: "uuid-1".into(),
            catalog_format: 2,
            environment: "production".into(),
            edges: vec![],
            classes: vec![],
            resources: vec![Resource {
                type_name: "File".into(),
                title: "/etc/app/password".into(),
                tags: vec![],
                file: Some("team/app.pp".into()),
                line: Some(1),
                exported: false,
                kind: None,
                parameters,
                sensitive_parameters: vec!["content".into()],
            }],
        }
    }

    fn sealed_text(c: &Catalog) -> String {
        serde_json::to_string(c).expect("json")
    }

    #[test]
    fn a_sealed_catalog_hides_the_value_and_its_node_opens_it() {
        let node = NodeKey::generate();
        let sealer = Sealer::random();
        let mut c = catalog("hunter2-very-secret");
        let n = sealer
            .seal_catalog(&mut c, "node-a", Some(&node.public_base64()))
            .expect("seals");
        assert_eq!(n, 1);
        let text = sealed_text(&c);
        assert!(!text.contains("hunter2"), "{text}");
        assert!(text.contains(ENVELOPE));
        assert_eq!(c.resources[0].parameters["ensure"], json!("file"));
        assert!(has_sealed(&c));
        assert_eq!(unseal_catalog(&mut c, &node).expect("opens"), 1);
        assert_eq!(c, catalog("hunter2-very-secret"));
    }

    #[test]
    fn another_nodes_key_cannot_open_it_and_says_whose_it_is() {
        let (a, b) = (NodeKey::generate(), NodeKey::generate());
        let mut c = catalog("s3cret");
        Sealer::random()
            .seal_catalog(&mut c, "node-a", Some(&a.public_base64()))
            .expect("seals");
        let err = unseal_catalog(&mut c.clone(), &b).expect_err("wrong key");
        assert!(
            matches!(&err, SealError::WrongKey { sealed_to, .. } if *sealed_to == a.public_base64())
        );
        assert!(err.to_string().contains("File[/etc/app/password]"), "{err}");
        // Relabelling the envelope for b does not help: the box is a's.
        let mut relabelled = c.clone();
        relabelled.resources[0].parameters["content"][ENVELOPE]["to"] = json!(b.public_base64());
        let err = unseal_catalog(&mut relabelled, &b).expect_err("not b's box");
        assert!(matches!(err, SealError::Tampered { .. }), "{err}");
    }

    #[test]
    fn a_tampered_box_is_refused() {
        let node = NodeKey::generate();
        let mut c = catalog("s3cret");
        Sealer::random()
            .seal_catalog(&mut c, "node-a", Some(&node.public_base64()))
            .expect("seals");
        let env = &mut c.resources[0].parameters["content"][ENVELOPE];
        let mut bytes = BASE64.decode(env["box"].as_str().unwrap()).unwrap();
        bytes[0] ^= 1;
        env["box"] = json!(BASE64.encode(bytes));
        let err = unseal_catalog(&mut c.clone(), &node).expect_err("tampered");
        assert!(matches!(err, SealError::Tampered { .. }), "{err}");
        c.resources[0].parameters["content"][ENVELOPE]["v"] = json!(9);
        assert!(matches!(
            unseal_catalog(&mut c, &node),
            Err(SealError::Tampered { .. })
        ));
    }

    #[test]
    fn sealing_is_stable_per_controller_key_so_the_digest_is() {
        let node = NodeKey::generate();
        let key = node.public_base64();
        let sealer = Sealer::with_key([7; 32]);
        let seal = |secret: &str, s: &Sealer| {
            let mut c = catalog(secret);
            s.seal_catalog(&mut c, "node-a", Some(&key)).expect("seals");
            c
        };
        let (one, two) = (seal("pw-1", &sealer), seal("pw-1", &sealer));
        assert_eq!(codec::digest(&one, false), codec::digest(&two, false));
        // Another value, or another controller key: other bytes.
        assert_ne!(
            codec::digest(&one, false),
            codec::digest(&seal("pw-2", &sealer), false)
        );
        assert_ne!(
            codec::digest(&one, false),
            codec::digest(&seal("pw-1", &Sealer::with_key([8; 32])), false)
        );
        // The same value sealed to another node: other bytes too.
        let mut other = catalog("pw-1");
        sealer
            .seal_catalog(
                &mut other,
                "node-b",
                Some(&NodeKey::generate().public_base64()),
            )
            .expect("seals");
        assert_ne!(sealed_text(&one), sealed_text(&other));
    }

    #[test]
    fn without_a_published_key_secrets_are_not_sealed_in_clear_but_refused() {
        let err = Sealer::random()
            .seal_catalog(&mut catalog("pw"), "node-a", None)
            .expect_err("no key");
        assert!(matches!(err, SealError::NoKey { .. }));
        assert!(
            err.to_string().contains("File[/etc/app/password] content"),
            "{err}"
        );
        let err = Sealer::random()
            .seal_catalog(&mut catalog("pw"), "node-a", Some("not-a-key"))
            .expect_err("bad key");
        assert!(matches!(err, SealError::BadKey { .. }), "{err}");
        // Nothing Sensitive: no key needed, nothing changes.
        let mut plain = catalog("public");
        plain.resources[0].sensitive_parameters.clear();
        let before = plain.clone();
        assert_eq!(
            Sealer::random().seal_catalog(&mut plain, "node-a", None),
            Ok(0)
        );
        assert_eq!(plain, before);
    }

    #[test]
    fn a_node_key_survives_its_text_form() {
        let key = NodeKey::generate();
        let again = NodeKey::from_base64(&key.secret_base64()).expect("parses");
        assert_eq!(again.public_base64(), key.public_base64());
        assert!(NodeKey::from_base64("short").is_none());
    }
}
