//! The `package` type.

use super::{Context, Examined, Property, ResourceError};
use crate::catalog::Resource;

/// A `package` resource.
#[derive(Debug)]
pub struct Package;

impl Package {
    pub fn new(_resource: &Resource) -> Result<Package, ResourceError> {
        Ok(Package)
    }
}

impl super::Provider for Package {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn provider_name(&self) -> &'static str {
        "package"
    }
}
