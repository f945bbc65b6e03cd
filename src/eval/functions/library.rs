//! The pure functions of Puppet's core library, by name.

use super::PureFn;

/// The pure function with this name, if there is one.
pub fn lookup(name: &str) -> Option<PureFn> {
    let _ = name;
    None
}
