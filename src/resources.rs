//! The resource types and their providers (file, exec, notify, package, service,
//! user, group): each reads actual state, compares properties and changes them.
