//! What can go wrong while looking data up, worded as Puppet words it.

use std::path::PathBuf;

/// A failed lookup: a bad configuration or data file, a bad merge, a
/// recursive interpolation. (A key that is simply not found is not an error:
/// the lookup functions answer `None`.)
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LookupError {
    /// A `hiera.yaml` that cannot be read or is not a valid configuration.
    #[error("{message} (file: {})", path.display())]
    Config { path: PathBuf, message: String },
    /// A data file that cannot be read or parsed.
    #[error("Unable to parse {}: {message}", path.display())]
    Data { path: PathBuf, message: String },
    /// Module data files may only hold keys of their module.
    #[error("{0}")]
    Invalid(String),
    /// `%{...}` that cannot be interpolated.
    #[error("{0}")]
    Interpolation(String),
    /// A `merge` option (or `lookup_options` merge) that names no strategy.
    #[error("{0}")]
    Merge(String),
    /// A key whose value depends on itself.
    #[error("Recursive lookup detected in [{}]", .0.join(", "))]
    Recursive(Vec<String>),
    /// The compile's budget (steps, time, memory, per-value size) ran out
    /// while interpolating: the compiler reports it with the budget's code
    /// (`BUDGET_EXCEEDED`, `VALUE_TOO_LARGE`), not as a data error.
    #[error("{0}")]
    Budget(kuppet_values::budget::Exceeded),
    /// A data provider kuppet does not have (`hocon_data`, eyaml, Ruby backends).
    #[error("{0}")]
    Unsupported(String),
}
