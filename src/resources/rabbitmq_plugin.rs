//! `rabbitmq_plugin` (puppetlabs-rabbitmq, provider `rabbitmqplugins`):
//! a RabbitMQ plugin enabled or disabled with `rabbitmq-plugins`, run with
//! `HOME=/tmp` and `/usr/lib/rabbitmq/bin` after the search path, its
//! listing retried as the module retries it (30 times, 6 s apart, 20 s
//! each) while the broker starts.

use crate::machine::Machine;
use crate::node_cli::{self, Invocation};
use crate::{Context, Examined, Property, Provider, ResourceError, Unsuitable};
use kuppet_catalog::Resource;
use std::time::Duration;

const PROGRAM: &str = "rabbitmq-plugins";
const EXTRA_PATH: &[&str] = &["/usr/lib/rabbitmq/bin"];

/// How the module retries a listing: tries, the pause between them, and
/// the limit of each.
const TRIES: u32 = 30;
const STEP: Duration = Duration::from_secs(6);
const TRY_LIMIT: Duration = Duration::from_secs(20);

pub struct RabbitmqPlugin {
    name: String,
    present: bool,
    umask: u32,
}

impl RabbitmqPlugin {
    pub fn new(resource: &Resource) -> Result<RabbitmqPlugin, ResourceError> {
        let name = resource
            .param_str("name")
            .unwrap_or(&resource.title)
            .to_string();
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(ResourceError::invalid(format!(
                "Parameter name failed on {}: Invalid value \"{name}\". Valid values match /^\\S+$/.",
                resource.reference()
            )));
        }
        let present = match crate::param_string(resource, "ensure").as_deref() {
            None | Some("present") => true,
            Some("absent") => false,
            Some(other) => {
                return Err(ResourceError::invalid(format!(
                    "Parameter ensure failed on {}: Invalid value \"{other}\". Valid values are present, absent.",
                    resource.reference()
                )));
            }
        };
        let umask = match crate::param_string(resource, "umask") {
            None => 0o022,
            Some(text) => parse_umask(&text).ok_or_else(|| {
                ResourceError::invalid(format!(
                    "Parameter umask failed on {}: The umask specification is invalid: {text:?}",
                    resource.reference()
                ))
            })?,
        };
        Ok(RabbitmqPlugin {
            name,
            present,
            umask,
        })
    }

    fn invocation(&self, args: &[&str]) -> Invocation<'static> {
        Invocation {
            program: PROGRAM,
            args: args.iter().map(|a| a.to_string()).collect(),
            extra_path: EXTRA_PATH,
            env: vec![("HOME".into(), "/tmp".into())],
            umask: Some(self.umask),
        }
    }

    /// The enabled plugins (`rabbitmq-plugins list -E -m`), retried.
    fn enabled(&self, host: &Machine) -> Result<Vec<String>, ResourceError> {
        for attempt in 0..TRIES {
            let mut inv = self.invocation(&["list", "-E", "-m"]);
            inv.umask = None;
            match node_cli::run_for(host, &inv, TRY_LIMIT) {
                Ok(out) => return Ok(plugin_names(&out)),
                Err(_) if attempt + 1 < TRIES => std::thread::sleep(STEP),
                Err(_) => {}
            }
        }
        Err(ResourceError::failed(format!(
            "Command is still failing after {} seconds expired!",
            u64::from(TRIES) * STEP.as_secs()
        )))
    }
}

/// The plugin names of a minimal listing, one per line.
pub fn plugin_names(listing: &str) -> Vec<String> {
    listing
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// The module's umask: octal, up to three digits after an optional 0.
fn parse_umask(text: &str) -> Option<u32> {
    let digits = text
        .strip_prefix('0')
        .filter(|d| !d.is_empty())
        .unwrap_or(text);
    if digits.is_empty() || digits.len() > 3 || !digits.chars().all(|c| ('0'..='7').contains(&c)) {
        return None;
    }
    u32::from_str_radix(digits, 8).ok()
}

impl Provider for RabbitmqPlugin {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let exists = self.enabled(cx.host)?.contains(&self.name);
        let ensure = crate::parsed_ensure("rabbitmq_plugin", exists, self.present);
        Ok(Examined {
            present: exists,
            properties: vec![ensure],
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let verb = if self.present { "enable" } else { "disable" };
        let mut inv = self.invocation(&[verb, &self.name]);
        if !self.present {
            inv.umask = None;
        }
        node_cli::run(cx.host, &inv)?;
        Ok(property.ensure_message())
    }

    fn suitable(&mut self, host: &Machine) -> Result<(), Unsuitable> {
        node_cli::find(host, PROGRAM, EXTRA_PATH)
            .map(|_| ())
            .ok_or(Unsuitable::NotFunctional("rabbitmqplugins"))
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("rabbitmqplugins")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umasks_as_the_module_reads_them() {
        assert_eq!(parse_umask("0022"), Some(0o022));
        assert_eq!(parse_umask("022"), Some(0o022));
        assert_eq!(parse_umask("77"), Some(0o77));
        assert_eq!(parse_umask("0"), Some(0));
        for bad in ["", "0089", "12345", "u+x", "08"] {
            assert_eq!(parse_umask(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_minimal_listing_is_one_plugin_per_line() {
        assert_eq!(
            plugin_names("rabbitmq_management\nrabbitmq_stomp\n\n"),
            vec!["rabbitmq_management", "rabbitmq_stomp"]
        );
    }
}
