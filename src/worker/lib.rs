//! Compile workers: the controller compiles in separate processes so that a
//! panic, abort, stack overflow, runaway loop or memory blow-up in one
//! compile fails that compile only.
//!
//! - [`protocol`]: length-prefixed JSON frames between the controller and a
//!   worker (requests, answers, the secret callback).
//! - [`serve`]: the worker's side (`kuppet compile-worker`): sandbox itself,
//!   then read requests, parse (cached by content), compile, answer.
//! - [`sandbox`]: what a worker gives up before it reads any input (network,
//!   files, privileges), and the resource limits its parent sets.
//! - [`pool`]: the controller's side: N workers spawned with resource limits
//!   and a cleared environment, a wall-clock deadline per compile (kill and
//!   respawn), the death of a worker reported as a [`pool::Crash`].

pub mod pool;
pub mod protocol;
pub mod sandbox;
pub mod serve;
