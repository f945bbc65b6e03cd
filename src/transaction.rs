//! The transaction: walks the graph, has each resource's provider read, diff and
//! change it, propagates refreshes, honours noop, skips dependents of failures.

pub mod report;

use crate::catalog::Catalog;
use std::path::PathBuf;

/// How a run goes.
#[derive(Debug, Clone, Default)]
pub struct ApplyOptions {
    /// Change nothing; report what would change.
    pub noop: bool,
    /// The root every managed path and command lives under (`/` on a host).
    pub root: PathBuf,
    /// Only resources carrying one of these tags (empty: all).
    pub tags: Vec<String>,
    /// Write the DOT graphs here.
    pub graph_dir: Option<PathBuf>,
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum TransactionError {
    #[error("{0}")]
    NotBuilt(String),
}

/// Converges the catalog and returns the run's report.
pub fn apply(
    _catalog: &Catalog,
    _options: &ApplyOptions,
) -> Result<report::Report, TransactionError> {
    Err(TransactionError::NotBuilt(
        "the transaction is not built yet".into(),
    ))
}
