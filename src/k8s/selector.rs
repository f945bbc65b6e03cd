//! Label selectors over Nodes: which Nodes a Manifest's top-level code applies to.

use super::crd::{LabelSelector, LabelSelectorRequirement};
use std::collections::BTreeMap;

/// Why a selector cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectorError {
    #[error(
        "spec.nodeSelector: operator {operator:?} of key {key:?} is not one of In, NotIn, Exists, DoesNotExist"
    )]
    Operator { key: String, operator: String },
    #[error("spec.nodeSelector: operator {operator} of key {key:?} needs at least one value")]
    NoValues { key: String, operator: String },
    #[error("spec.nodeSelector: operator {operator} of key {key:?} takes no values")]
    UnexpectedValues { key: String, operator: String },
}

impl LabelSelector {
    /// Checks the selector is well formed.
    pub fn validate(&self) -> Result<(), SelectorError> {
        for req in &self.match_expressions {
            req.validate()?;
        }
        Ok(())
    }

    /// Whether a Node with these labels is selected. Invalid requirements
    /// select nothing (call [`LabelSelector::validate`] to report them).
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.match_labels
            .iter()
            .all(|(k, v)| labels.get(k) == Some(v))
            && self
                .match_expressions
                .iter()
                .all(|req| req.validate().is_ok() && req.matches(labels))
    }
}

impl LabelSelectorRequirement {
    fn validate(&self) -> Result<(), SelectorError> {
        let err_key = || (self.key.clone(), self.operator.clone());
        match self.operator.as_str() {
            "In" | "NotIn" if self.values.is_empty() => {
                let (key, operator) = err_key();
                Err(SelectorError::NoValues { key, operator })
            }
            "Exists" | "DoesNotExist" if !self.values.is_empty() => {
                let (key, operator) = err_key();
                Err(SelectorError::UnexpectedValues { key, operator })
            }
            "In" | "NotIn" | "Exists" | "DoesNotExist" => Ok(()),
            _ => {
                let (key, operator) = err_key();
                Err(SelectorError::Operator { key, operator })
            }
        }
    }

    fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let value = labels.get(&self.key);
        match self.operator.as_str() {
            "In" => value.is_some_and(|v| self.values.contains(v)),
            "NotIn" => value.is_none_or(|v| !self.values.contains(v)),
            "Exists" => value.is_some(),
            "DoesNotExist" => value.is_none(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn req(key: &str, op: &str, values: &[&str]) -> LabelSelectorRequirement {
        LabelSelectorRequirement {
            key: key.into(),
            operator: op.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    #[test]
    fn empty_selector_selects_every_node() {
        assert!(LabelSelector::default().matches(&labels(&[])));
        assert!(LabelSelector::default().matches(&labels(&[("a", "b")])));
    }

    #[test]
    fn match_labels_need_exact_values() {
        let sel = LabelSelector {
            match_labels: labels(&[("role", "web")]),
            ..Default::default()
        };
        assert!(sel.matches(&labels(&[("role", "web"), ("zone", "a")])));
        assert!(!sel.matches(&labels(&[("role", "db")])));
        assert!(!sel.matches(&labels(&[])));
    }

    #[test]
    fn set_operators_follow_kubernetes() {
        let l = labels(&[("role", "web")]);
        let sel = |r| LabelSelector {
            match_expressions: vec![r],
            ..Default::default()
        };
        assert!(sel(req("role", "In", &["web", "db"])).matches(&l));
        assert!(!sel(req("role", "NotIn", &["web"])).matches(&l));
        assert!(
            sel(req("zone", "NotIn", &["a"])).matches(&l),
            "absent key is NotIn"
        );
        assert!(sel(req("role", "Exists", &[])).matches(&l));
        assert!(sel(req("zone", "DoesNotExist", &[])).matches(&l));
        assert!(!sel(req("role", "DoesNotExist", &[])).matches(&l));
    }

    #[test]
    fn malformed_requirements_are_reported_and_select_nothing() {
        let sel = LabelSelector {
            match_expressions: vec![req("role", "Equals", &["web"])],
            ..Default::default()
        };
        assert!(matches!(
            sel.validate(),
            Err(SelectorError::Operator { .. })
        ));
        assert!(!sel.matches(&labels(&[("role", "web")])));
        let no_values = LabelSelector {
            match_expressions: vec![req("role", "In", &[])],
            ..Default::default()
        };
        assert!(matches!(
            no_values.validate(),
            Err(SelectorError::NoValues { .. })
        ));
    }
}
