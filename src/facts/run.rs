//! The facts Puppet adds to Facter's for a run: `clientcert`,
//! `clientversion`, `clientnoop` (Puppet's `add_local_facts`, for
//! `puppet apply` and the agent alike), `puppetversion`, and
//! `agent_specified_environment` when the environment was set on the
//! command line or in puppet.conf's `[agent]` or `[main]`. `serverversion`
//! and the other server facts exist only on a server's compile, never
//! under apply.

use serde_json::{Map, Value, json};

/// The Puppet version kuppet matches.
pub const PUPPET_VERSION: &str = "7.23.0";

/// What a run knows about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunFacts {
    /// The node's certname (`clientcert`).
    pub certname: String,
    /// Whether the run is a noop run (`clientnoop`).
    pub noop: bool,
    /// The environment, when the user chose it (`agent_specified_environment`).
    pub environment: Option<String>,
}

/// Adds Puppet's run facts to `facts`, replacing any of the same name, as
/// Puppet does.
pub fn add_run_facts(facts: &mut Map<String, Value>, run: &RunFacts) {
    facts.insert("puppetversion".into(), json!(PUPPET_VERSION));
    if let Some(env) = &run.environment {
        facts.insert("agent_specified_environment".into(), json!(env));
    }
    facts.insert("clientcert".into(), json!(run.certname));
    facts.insert("clientversion".into(), json!(PUPPET_VERSION));
    facts.insert("clientnoop".into(), json!(run.noop));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_facts_are_what_puppet_apply_sets() {
        // `puppet apply --noop --environment production` here gave
        // clientcert=vm, clientversion=7.23.0 (String), clientnoop=true
        // (Boolean), agent_specified_environment=production; without
        // --environment it is undef.
        let mut f = Map::new();
        f.insert("clientcert".into(), json!("stale"));
        let mut plain = Map::new();
        add_run_facts(
            &mut plain,
            &RunFacts {
                certname: "vm".into(),
                noop: false,
                environment: None,
            },
        );
        assert_eq!(plain["clientnoop"], false);
        assert!(!plain.contains_key("agent_specified_environment"));
        assert!(!plain.contains_key("serverversion"));
        add_run_facts(
            &mut f,
            &RunFacts {
                certname: "vm".into(),
                noop: true,
                environment: Some("production".into()),
            },
        );
        assert_eq!(f["clientcert"], "vm");
        assert_eq!(f["clientversion"], "7.23.0");
        assert_eq!(f["clientnoop"], true);
        assert_eq!(f["puppetversion"], "7.23.0");
        assert_eq!(f["agent_specified_environment"], "production");
    }
}
