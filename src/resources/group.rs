//! The `group` type.

use super::{Context, Examined, Property, ResourceError};
use crate::catalog::Resource;

/// A `group` resource.
#[derive(Debug)]
pub struct Group;

impl Group {
    pub fn new(_resource: &Resource) -> Result<Group, ResourceError> {
        Ok(Group)
    }
}

impl super::Provider for Group {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn provider_name(&self) -> &'static str {
        "group"
    }
}
