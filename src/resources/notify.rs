//! The `notify` type: logs a message on every run (never in sync).

use super::{Context, Examined, Property, ResourceError, Source, Sync, param_bool, param_string};
use kuppet_catalog::Resource;
use serde_json::{Value, json};

/// A `notify` resource.
#[derive(Debug)]
pub struct Notify {
    /// The message as the property holds it (an array's first element).
    message: Value,
    withpath: bool,
}

impl Notify {
    pub fn new(resource: &Resource) -> Notify {
        let message = match resource.parameters.get("message") {
            Some(Value::Null) | None => Value::String(
                param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            ),
            // A property holds the first value of an array (Puppet's `should`).
            Some(Value::Array(items)) => items.first().cloned().unwrap_or(Value::Null),
            Some(other) => other.clone(),
        };
        Notify {
            message,
            withpath: param_bool(resource, "withpath")
                .ok()
                .flatten()
                .unwrap_or(false),
        }
    }
}

/// The message as Ruby's `to_s` prints it: strings as they are, hashes and
/// arrays in `inspect` form (`{"k"=>"v", "n"=>1}`).
fn ruby_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => ruby_inspect(other),
    }
}

fn ruby_inspect(value: &Value) -> String {
    match value {
        Value::Null => "nil".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            let mut out = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            // Ruby escapes what would read as interpolation.
            out.replace("#{", "\\#{")
                .replace("#$", "\\#$")
                .replace("#@", "\\#@")
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(ruby_inspect).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}=>{}",
                        ruby_inspect(&Value::String(k.clone())),
                        ruby_inspect(v)
                    )
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

impl super::Provider for Notify {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Ok(Examined {
            present: true,
            properties: vec![Property::new(
                "message",
                json!("absent"),
                self.message.clone(),
                Sync::OutOfSync,
            )],
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let source = if self.withpath {
            Source::Property("message")
        } else {
            Source::Puppet
        };
        cx.log(cx.loglevel, source, ruby_text(&self.message));
        Ok(property.change_message())
    }

    fn provider_name(&self) -> Option<&'static str> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_print_as_ruby_does() {
        assert_eq!(ruby_text(&json!("plain")), "plain");
        assert_eq!(
            ruby_text(&json!({"k": "v", "n": 1})),
            r#"{"k"=>"v", "n"=>1}"#
        );
        assert_eq!(ruby_text(&json!(["a", "b\"c"])), r#"["a", "b\"c"]"#);
        assert_eq!(ruby_text(&json!(42)), "42");
    }
}
