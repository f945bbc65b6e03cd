//! Functions callable from Puppet code. The compiler's own functions (those
//! that touch the catalog or call lambdas: include, realize, each, map ...)
//! live in the compiler; [`library`] holds the pure ones (strings, numbers,
//! collections), each a plain function of its arguments.

pub mod library;

use kuppet_values::value::Value;

/// A pure function: arguments in, value or error message out.
pub type PureFn = fn(&[Value]) -> Result<Value, String>;
