//! Functions of the `kuppet::` namespace: what only kuppet's controller can
//! answer.
//!
//! `kuppet::secret('name', 'key')` returns the value of `key` in the
//! Kubernetes Secret `name` of the calling Manifest's namespace (the first
//! component of its path, `<namespace>/<name>.pp`) as `Sensitive[String]`.
//! The compile asks its [`SecretSource`](crate::SecretSource): the controller
//! checks the namespace's ManifestGrants, reads the Secret with its own
//! credentials, and seals the value to the node when it publishes the
//! catalog. A compile without a source (`kuppet compile`, `kuppet apply`)
//! fails the call with a located error, as a refused read does.

use super::Call;
use crate::compiler::Compiler;
use crate::error::{EResult, EvalError};
use kuppet_values::value::Value;
use std::rc::Rc;

/// The issue code of a read the grants refuse.
pub const SECRET_DENIED: &str = "SECRET_DENIED";
/// The issue code of a Secret or key that does not exist.
pub const SECRET_NOT_FOUND: &str = "SECRET_NOT_FOUND";
/// The issue code of a read that could not be made (no controller, API error).
pub const SECRET_UNAVAILABLE: &str = "SECRET_UNAVAILABLE";

fn code_of(code: &str) -> &'static str {
    match code {
        SECRET_DENIED => SECRET_DENIED,
        SECRET_NOT_FOUND => SECRET_NOT_FOUND,
        _ => SECRET_UNAVAILABLE,
    }
}

/// `kuppet::secret(String $name, String $key) >> Sensitive[String]`.
pub(crate) fn secret<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    c.reads.volatile("kuppet::secret reads a Secret");
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    let (Some(name), Some(key), 2) = (
        args.first().and_then(|a| a.as_str()),
        args.get(1).and_then(|a| a.as_str()),
        args.len(),
    ) else {
        return Err(c.call_error(
            "'kuppet::secret' expects 2 String arguments: the Secret's name and a key of its data",
            e,
            m,
        ));
    };
    let located = |code: &'static str, message: String| {
        EvalError::new(format!(
            "Error while evaluating a Function Call, kuppet::secret('{name}', '{key}'): {message}"
        ))
        .with_code(code)
        .at(m, e.span)
        .into()
    };
    let namespace = match m.path.split_once('/') {
        Some((ns, rest)) if !ns.is_empty() && !rest.contains('/') && rest.ends_with(".pp") => ns,
        _ => {
            return Err(located(
                SECRET_DENIED,
                format!(
                    "only the code of a Manifest may read Secrets (this is {}): call it from the \
                     Manifest and pass the value to the class",
                    m.path
                ),
            ));
        }
    };
    let Some(source) = c.secrets.0.clone() else {
        return Err(located(
            SECRET_UNAVAILABLE,
            "Kubernetes Secrets are read by the kuppet controller only; this compile has none"
                .into(),
        ));
    };
    match source(namespace, name, key) {
        Ok(value) => Ok(Value::Sensitive(Rc::new(Value::String(value.into())))),
        Err((code, message)) => Err(located(code_of(&code), message)),
    }
}

#[cfg(test)]
mod tests {
    use crate::{CompileRequest, DataConfig, ManifestInput, SecretSource};
    use std::sync::Arc;

    fn compile(path: &str, source: &str, data: &DataConfig) -> Result<String, (String, String)> {
        let request = CompileRequest {
            manifests: vec![ManifestInput {
                manifest: Arc::new(kuppet_syntax::parse(path, source).expect("parses")),
                apply_top_level: true,
            }],
            node: "web-1".into(),
            ..Default::default()
        };
        match crate::compile_with_data(&request, data) {
            Ok(c) => Ok(serde_json::to_string(&c.catalog).unwrap_or_default()),
            Err(d) => Err((d.code.to_string(), d.to_string())),
        }
    }

    const CALL: &str = "file { '/etc/pw': content => kuppet::secret('db', 'password') }\n";

    #[test]
    fn without_a_controller_the_call_is_a_located_error() {
        let (code, message) =
            compile("team-a/app.pp", CALL, &DataConfig::default()).expect_err("no secret source");
        assert_eq!(code, super::SECRET_UNAVAILABLE);
        assert!(
            message.contains("read by the kuppet controller only"),
            "{message}"
        );
        assert!(
            message.contains("(file: team-a/app.pp, line: 1, column: 30)"),
            "{message}"
        );
    }

    #[test]
    fn the_value_is_sensitive_and_the_namespace_is_the_callers() {
        let data = DataConfig {
            secrets: SecretSource(Some(Arc::new(|ns: &str, name: &str, key: &str| {
                if ns == "team-a" {
                    Ok(format!("{key}@{name}"))
                } else {
                    Err((super::SECRET_DENIED.to_string(), format!("not {ns}")))
                }
            }))),
            ..Default::default()
        };
        let json = compile("team-a/app.pp", CALL, &data).expect("compiles");
        assert!(json.contains("\"content\":\"password@db\""), "{json}");
        assert!(
            json.contains("\"sensitive_parameters\":[\"content\"]"),
            "{json}"
        );
        let (code, message) = compile("team-b/app.pp", CALL, &data).expect_err("another namespace");
        assert_eq!(code, super::SECRET_DENIED);
        assert!(message.contains("not team-b"), "{message}");
        // Code that is not a Manifest's (a module's file) may not ask.
        let (code, message) =
            compile("/srv/modules/app/manifests/init.pp", CALL, &data).expect_err("module");
        assert_eq!(code, super::SECRET_DENIED);
        assert!(message.contains("only the code of a Manifest"), "{message}");
        let (_, message) = compile("team-a/app.pp", "$x = kuppet::secret('db')\n", &data)
            .expect_err("one argument");
        assert!(message.contains("expects 2 String arguments"), "{message}");
    }
}
