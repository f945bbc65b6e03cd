//! The `notify` type: logs a message on every run (never in sync).

use super::{Context, Examined, Property, ResourceError, Source, Sync, param_bool, param_string};
use crate::catalog::Resource;
use serde_json::json;

/// A `notify` resource.
#[derive(Debug)]
pub struct Notify {
    message: String,
    withpath: bool,
}

impl Notify {
    pub fn new(resource: &Resource) -> Notify {
        let message = match resource.parameters.get("message") {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Null) | None => {
                param_string(resource, "name").unwrap_or_else(|| resource.title.clone())
            }
            Some(other) => super::display(other),
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

impl super::Provider for Notify {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Ok(Examined {
            present: true,
            properties: vec![Property::new(
                "message",
                json!("absent"),
                json!(self.message),
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
        cx.log(cx.loglevel, source, self.message.clone());
        Ok(property.change_message())
    }

    fn provider_name(&self) -> &'static str {
        "notify"
    }
}
