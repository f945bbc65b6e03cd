//! The run report, in the shape of Puppet's report format 12.

use serde::{Deserialize, Serialize};

/// What one run did.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Report {
    pub host: String,
    /// `changed`, `unchanged` or `failed`.
    pub status: String,
}
