//! The controller's reads of Kubernetes Secrets for `kuppet::secret`.
//!
//! Each read is one GET of one Secret in the calling Manifest's namespace,
//! made with the controller's credentials (its ClusterRole has `get` on
//! secrets, no `list` nor `watch`), after the grants allowed it
//! (`plan::CompileScope`). The value goes into the catalog as `Sensitive`
//! and is sealed to the node before the NodeCatalog is written; nothing is
//! cached. Changes are picked up by recompiling such nodes every
//! `plan::SECRET_REFRESH`.

use super::compile::SecretReader;
use k8s_openapi::api::core::v1::Secret;
use kube::{Api, Client};
use kuppet_eval::functions::kuppet::{SECRET_NOT_FOUND, SECRET_UNAVAILABLE};
use std::sync::Arc;
use std::time::Duration;

/// How long one read may take.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// A reader through `client`, run from the compile threads (blocking) on
/// the runtime of `handle`.
pub fn reader(client: Client, handle: tokio::runtime::Handle) -> SecretReader {
    Arc::new(move |namespace: &str, name: &str, key: &str| {
        let api: Api<Secret> = Api::namespaced(client.clone(), namespace);
        let got =
            handle.block_on(async { tokio::time::timeout(READ_TIMEOUT, api.get_opt(name)).await });
        let unavailable = |why: String| (SECRET_UNAVAILABLE.to_string(), why);
        let secret = match got {
            Err(_) => {
                return Err(unavailable(format!(
                    "reading Secret {namespace}/{name} took more than {}s",
                    READ_TIMEOUT.as_secs()
                )));
            }
            Ok(Err(e)) => {
                return Err(unavailable(format!(
                    "the controller could not read Secret {namespace}/{name}: {e}"
                )));
            }
            Ok(Ok(secret)) => secret,
        };
        value_of(namespace, name, key, secret.as_ref())
    })
}

/// The text of `key` in a Secret as read (None: it does not exist).
pub fn value_of(
    namespace: &str,
    name: &str,
    key: &str,
    secret: Option<&Secret>,
) -> Result<String, (String, String)> {
    let not_found = |why: String| (SECRET_NOT_FOUND.to_string(), why);
    let Some(secret) = secret else {
        return Err(not_found(format!(
            "Secret {name} does not exist in namespace {namespace}: create it, or fix the name"
        )));
    };
    let Some(bytes) = secret.data.as_ref().and_then(|d| d.get(key)) else {
        let keys: Vec<&str> = secret
            .data
            .iter()
            .flat_map(|d| d.keys())
            .map(String::as_str)
            .collect();
        return Err(not_found(format!(
            "Secret {namespace}/{name} has no key {key} (its keys: {})",
            if keys.is_empty() {
                "none".to_string()
            } else {
                keys.join(", ")
            }
        )));
    };
    String::from_utf8(bytes.0.clone()).map_err(|_| {
        (
            SECRET_UNAVAILABLE.to_string(),
            format!("key {key} of Secret {namespace}/{name} is not UTF-8 text"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::ByteString;
    use std::collections::BTreeMap;

    fn secret(pairs: &[(&str, &[u8])]) -> Secret {
        Secret {
            data: Some(
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), ByteString(v.to_vec())))
                    .collect::<BTreeMap<_, _>>(),
            ),
            ..Default::default()
        }
    }

    #[test]
    fn a_key_is_read_as_text_and_what_is_missing_is_named() {
        let s = secret(&[("password", b"s3cret"), ("user", b"app")]);
        assert_eq!(
            value_of("team-a", "db", "password", Some(&s)),
            Ok("s3cret".into())
        );
        let (code, message) = value_of("team-a", "db", "token", Some(&s)).expect_err("no key");
        assert_eq!(code, SECRET_NOT_FOUND);
        assert!(message.contains("its keys: password, user"), "{message}");
        let (code, message) = value_of("team-a", "db", "password", None).expect_err("no secret");
        assert_eq!(code, SECRET_NOT_FOUND);
        assert!(
            message.contains("Secret db does not exist in namespace team-a"),
            "{message}"
        );
        let binary = secret(&[("blob", &[0xff, 0xfe])]);
        let (code, _) = value_of("team-a", "db", "blob", Some(&binary)).expect_err("binary");
        assert_eq!(code, SECRET_UNAVAILABLE);
    }
}
