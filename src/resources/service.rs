//! The `service` type.

use super::{Context, Examined, Property, ResourceError};
use crate::catalog::Resource;

/// A `service` resource.
#[derive(Debug)]
pub struct Service;

impl Service {
    pub fn new(_resource: &Resource) -> Result<Service, ResourceError> {
        Ok(Service)
    }
}

impl super::Provider for Service {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Err(ResourceError::failed("not built yet"))
    }
    fn provider_name(&self) -> &'static str {
        "service"
    }
}
