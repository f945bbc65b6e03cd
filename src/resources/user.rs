//! The `user` type.

use super::{Context, Examined, Property, ResourceError};
use crate::catalog::Resource;

/// A `user` resource.
#[derive(Debug)]
pub struct User;

impl User {
    pub fn new(_resource: &Resource) -> Result<User, ResourceError> {
        Ok(User)
    }
}

impl super::Provider for User {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn provider_name(&self) -> &'static str {
        "user"
    }
}

/// A user requires its groups.
pub fn autorequire(resource: &Resource) -> Vec<crate::catalog::graph::AutoRequire> {
    let mut out = Vec::new();
    if let Some(g) = super::param_string(resource, "gid")
        && !g.chars().all(|c| c.is_ascii_digit())
    {
        out.push(crate::catalog::graph::AutoRequire::new("Group", g));
    }
    for g in super::param_list(resource, "groups") {
        out.push(crate::catalog::graph::AutoRequire::new("Group", g));
    }
    out
}
