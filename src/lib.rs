//! kuppet: Puppet's resource model, run by Kubernetes — the binary's own
//! crate: the command line ([`cli`]) and the operator ([`k8s`]).
//!
//! The parts it runs are crates of their own (see `ARCHITECTURE.md`):
//! `kuppet-syntax` parses Puppet source, `kuppet-eval` compiles it with a
//! node's facts into a `kuppet-catalog` catalog, `kuppet-transaction`
//! converges a machine with the providers of `kuppet-resources`, and
//! `kuppet-facts` gathers a host's facts. This crate is the only one that
//! links kube and tokio.

pub mod cli;
pub mod k8s;
pub mod registry;
