//! kuppet: Puppet's resource model, run by Kubernetes.
//!
//! The flow (see `ARCHITECTURE.md`): [`syntax`] parses Puppet source into an AST,
//! [`eval`] compiles it with a node's facts into a [`catalog::Catalog`],
//! [`catalog::graph`] orders it, [`transaction`] converges a machine with the
//! providers in [`resources`], and [`k8s`] runs all of it as an operator.

pub mod catalog;
pub mod cli;
pub mod diagnostics;
pub mod eval;
pub mod facts;
pub mod k8s;
pub mod resources;
pub mod syntax;
pub mod transaction;
