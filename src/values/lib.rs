//! Puppet's values and data types, independent of the compiler: the
//! [`value::Value`] model, the type system ([`types`]: parameterized types,
//! assignability, inference, mismatch messages), conversions ([`convert`]:
//! `new`, `sprintf`, string formats), comparison, time, SemVer, Binary, and
//! how Ruby sees a value ([`ruby`]: `to_s`, `inspect`, class names; [`yaml`]:
//! Psych's YAML); the budget of a compile ([`budget`]: steps, time, value
//! sizes, heap); qualified names ([`names`]).

pub mod binary;
pub mod budget;
pub mod compare;
pub mod convert;
pub mod labels;
pub mod names;
pub mod ruby;
pub mod semver;
pub mod time;
pub mod types;
pub mod value;
pub mod yaml;

pub use value::Value;
