//! Modules' Ruby functions in one embedded CRuby per process.
//!
//! Ruby may be initialised once per process and called only from the thread
//! that initialised it, so the VM lives on a dedicated thread ([`vm`]) and
//! the compile thread talks to it over channels. A call is a conversation:
//! the compile thread sends a [`Request`] and then services the
//! [`Callback`]s Ruby makes (`call_function`, scope lookups, logging, the
//! calls of a lambda) with its [`Host`] until the result comes back; either
//! side may start a nested request while it waits, so a Ruby function may
//! call a Puppet function that calls another Ruby function.
//!
//! Values cross as [`Wire`] (owned and `Send`; the compiler's values are
//! `Rc`-based); what Ruby has no class for (types, resource references,
//! SemVer) crosses as an [`Opaque`] handle the compile thread keeps.
//! Puppet's function API in Ruby (`Puppet::Functions.create_function`,
//! `Puppet::Parser::Functions.newfunction` ...) is the shim in `shim.rb`.
//!
//! Budgets: each outermost request carries the time left in the compile
//! and its memory budget; a watchdog Ruby thread raises in the running
//! function when either is exceeded ([`ErrorKind::Budget`]).

mod convert;
mod vm;

pub use vm::{run, warm_up};

/// A Puppet value on its way to or from Ruby.
#[derive(Debug, Clone, PartialEq)]
pub enum Wire {
    Undef,
    Default,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    /// A regexp, by its source.
    Regexp(String),
    Array(Vec<Wire>),
    Hash(Vec<(Wire, Wire)>),
    Sensitive(Box<Wire>),
    /// Nanoseconds.
    Timespan(i64),
    /// Nanoseconds since the epoch.
    Timestamp(i64),
    Binary(Vec<u8>),
    Opaque(Opaque),
}

/// A value the compile thread keeps, named by `id`; Ruby sees its string
/// form and, for resource references, its type name and title.
#[derive(Debug, Clone, PartialEq)]
pub struct Opaque {
    pub id: u64,
    pub kind: OpaqueKind,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpaqueKind {
    /// A data type (`Puppet::Pops::Types::PAnyType`).
    Type,
    /// A resource or class reference (`PResourceType`).
    Resource,
    /// `SemanticPuppet::Version`.
    SemVer,
    /// `SemanticPuppet::VersionRange`.
    SemVerRange,
}

/// What the compile thread asks of Ruby.
#[derive(Debug, Clone)]
pub enum Request {
    /// Load the 4.x function `name` from `path` and describe its dispatches:
    /// `[[method, [[type, name, kind]...], [type, name, optional] | undef,
    /// return type | undef]...]`
    /// and its local types `[[name, definition]...]`, as a two-element array.
    Describe { path: String, name: String },
    /// Call dispatch `index` of the 4.x function `name` loaded from `path`.
    Call {
        path: String,
        name: String,
        index: usize,
        args: Vec<Wire>,
        block: bool,
    },
    /// Load the legacy (3.x) function `name` from `path`: `[type, arity]`.
    LoadLegacy { path: String, name: String },
    /// Call the legacy function `name` of `path` with its argument array.
    CallLegacy {
        path: String,
        name: String,
        args: Vec<Wire>,
    },
    /// Render an ERB template with Ruby's own ERB (trim mode `-`) over a
    /// wrapper like Puppet's: the scope's variables as instance variables,
    /// `scope` for lookups and functions. `file` is the template's path
    /// (None for an inline template); the answer is the rendered string.
    Template {
        file: Option<String>,
        source: String,
    },
    /// Call the Ruby block registered as `id` (a block Ruby passed to a
    /// native function through `call_function`) with these arguments.
    Block { id: u64, args: Vec<Wire> },
    /// Evaluate Ruby source (tests and benchmarks).
    Eval { source: String },
}

/// What a request may consume; `None` is unlimited.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// Wall time left.
    pub seconds: Option<f64>,
    /// Bytes the process may grow by while the request runs.
    pub memory: Option<usize>,
}

/// What Ruby asks of the compiler while a request runs.
#[derive(Debug, Clone)]
pub enum Callback {
    /// `call_function(name, *args)` or a legacy `function_NAME(args)`.
    Call { name: String, args: Vec<Wire> },
    /// `call_function(name, *args) { block }`: for a Ruby 4.x function,
    /// `['ruby', index, path]`, the dispatch that takes these arguments and
    /// a block, and its file (Ruby then calls it with its own block); for
    /// a native one, `['value', result]`: kuppet called it with a lambda of
    /// `arity` parameters that runs the block (registered as `block`) in
    /// Ruby ([`Request::Block`]).
    Dispatch {
        name: String,
        args: Vec<Wire>,
        block: u64,
        arity: i64,
    },
    /// The running function called its block.
    Yield { args: Vec<Wire> },
    /// A variable, as the calling scope sees it.
    LookupVar { name: String },
    /// Whether a variable exists in the calling scope.
    Defined { name: String },
    /// The variables the calling scope sees, as a hash: all of them
    /// (`scope.to_hash`), or only those named.
    Variables { only: Option<Vec<String>> },
    /// A template changed the array or hash of variable `name` in place.
    Changed { name: String, value: Wire },
    /// `scope.setvar(name, value)`.
    SetVar { name: String, value: Wire },
    /// The calling scope as Puppet prints it: `Scope(Class[main])`.
    ScopeName,
    /// Whether a function of that name exists.
    HasFunction { name: String },
    /// `Puppet.warning` and friends.
    Log { level: String, message: String },
    /// A type from its string form (`TypeParser#parse`).
    Type { text: String },
    /// The type of a value (`generalize: false`: `infer_set`, Puppet's
    /// `type()` and mismatch messages; `true`: `infer`).
    Infer { value: Wire, set: bool },
    /// Whether `value` is an instance of `type`.
    Instance { t: Wire, value: Wire },
    /// Puppet's string form of a value (Timespan#to_s ...).
    String { value: Wire },
}

/// A callback that failed: `kept` names an error the host kept (re-raised
/// as is when the Ruby error reaches it again); the message is what Ruby
/// code that rescues it sees.
#[derive(Debug, Clone)]
pub struct Raise {
    pub kept: Option<u64>,
    pub message: String,
}

/// The compiler's side of a conversation.
pub trait Host {
    fn callback(&mut self, cb: Callback) -> Result<Wire, Raise>;
}

/// How a Ruby request failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// Ruby raised (`class` is the exception's class).
    Raised { class: String },
    /// The watchdog stopped it: time or memory.
    Budget,
    /// A callback failed with an error the host kept.
    Kept(u64),
}

/// A Ruby request that failed, with the Ruby file and line the error came
/// from when a module's file is on the backtrace.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct RubyError {
    pub kind: ErrorKind,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<u32>,
}

/// The embedded VM could not be started or has gone away.
#[derive(Debug, Clone, thiserror::Error)]
pub enum VmError {
    #[error("the embedded Ruby could not start: {0}")]
    Start(String),
    #[error("the embedded Ruby thread has stopped")]
    Gone,
}

/// The outcome of a request.
pub type Outcome = Result<Result<Wire, RubyError>, VmError>;

#[cfg(test)]
mod tests;
