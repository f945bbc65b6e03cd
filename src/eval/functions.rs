//! Every function Puppet code can call, by name, in one place: [`lookup`].
//!
//! Puppet-language functions (`function f() {}` in manifests and modules)
//! come first and are found by the compiler; then the built-ins, searched
//! in this order:
//!
//! | kind | where | what |
//! |---|---|---|
//! | [`Builtin::Compiler`] | [`core`], [`files`] | Puppet's core functions that touch the catalog, the scope or lambdas (`include`, `each`, `lookup`, `template` ...) or read the code's files (`file`, `find_file` ...) |
//! | [`Builtin::Pure`] (core) | [`library`] | `versioncmp`, `sprintf`, `split`, `join`: pure, but never shadowed by modules |
//! | [`Builtin::Compiler`] | [`stdlib`] | puppetlabs-stdlib functions that touch the catalog, scope or facts (`ensure_packages`, `fqdn_rand` ...), checked against stdlib's signatures |
//! | any | [`modules`] | Ruby functions of other modules, offered only when the module is on the modulepath |
//! | [`Builtin::Pure`] | [`library`] | every other pure function of Puppet's core and stdlib: arguments in, value out |
//! | Ruby | `crate::ruby` (feature `ruby`) | any other module's Ruby function (`lib/puppet/functions`, `lib/puppet/parser/functions`), run in the embedded Ruby |
//!
//! A name that is none of these, or a resource type's name, is Puppet's
//! `Unknown function` error. Each function is documented where it is
//! defined.

pub mod core;
pub mod files;
pub mod kuppet;
pub mod library;
pub mod modules;
pub mod stdlib;

use crate::compiler::Compiler;
use crate::error::EResult;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{Expr, Lambda};
use kuppet_values::value::Value;

/// A pure function: arguments in, value or error message out.
pub(crate) type PureFn = fn(&[Value]) -> Result<Value, String>;

/// A function that evaluates in the compiler.
pub(crate) type CompilerFn =
    for<'a, 'c, 'f> fn(&'c mut Compiler<'a>, Call<'a, 'f>) -> EResult<Value>;

/// One call of a built-in function: the name it was called by, its
/// evaluated arguments, its lambda, and where it is (the call expression,
/// the frame it runs in, the manifest it is written in).
pub struct Call<'a, 'f> {
    pub name: &'f str,
    pub args: Vec<Value>,
    pub lambda: Option<&'a Lambda>,
    pub expr: &'a Expr,
    pub frame: &'f mut crate::scope::Frame,
    pub manifest: &'a Manifest,
}

/// How a built-in function runs.
#[derive(Clone, Copy)]
pub enum Builtin {
    Pure(PureFn),
    Compiler(CompilerFn),
}

/// Where a built-in function was found, which decides how it is called.
#[derive(Clone, Copy)]
pub enum Found {
    /// One of Puppet's core functions.
    Core(Builtin),
    /// A stdlib function that needs the compiler: its arguments are checked
    /// against stdlib's signature first.
    Stdlib(CompilerFn),
    /// A module's Ruby function: offered only when `file` is in a module
    /// on the modulepath.
    Module { file: &'static str, run: Builtin },
    /// A pure function of Puppet's core or stdlib.
    Library(PureFn),
}

/// The built-in function called `name` (`has_lambda`: the call has a
/// block, which picks `sort`, `max`, `min`, `unwrap`, `index` and `merge`
/// with a block).
pub fn lookup(name: &str, has_lambda: bool) -> Option<Found> {
    let name = stdlib9_alias(name);
    if let Some(run) = core_function(name, has_lambda) {
        return Some(Found::Core(run));
    }
    if let Some(run) = stdlib::lookup(name, has_lambda) {
        return Some(Found::Stdlib(run));
    }
    if let Some(f) = modules::lookup(name) {
        return Some(Found::Module {
            file: f.file,
            run: f.run,
        });
    }
    library::lookup(name).map(Found::Library)
}

/// The stdlib 9 functions (`stdlib::X`, and the old top-level names its
/// shims forward to them) that behave as the stdlib 8 function kuppet
/// already runs under another name: that name. Any other name is itself.
/// stdlib 9's own versions that differ (`stdlib::ensure_packages`,
/// `stdlib::sha256`) and the ones new in stdlib 9 are registered under
/// their `stdlib::` names.
pub(crate) fn stdlib9_alias(name: &str) -> &str {
    match name {
        "stdlib::fqdn_rand_string" => "fqdn_rand_string",
        "stdlib::fqdn_rotate" => "fqdn_rotate",
        "stdlib::merge" => "merge",
        "stdlib::os_version_gte" => "os_version_gte",
        "stdlib::shell_escape" => "shell_escape",
        "stdlib::to_json" => "to_json",
        "stdlib::to_json_pretty" => "to_json_pretty",
        "stdlib::to_yaml" => "to_yaml",
        "stdlib::type_of" => "type_of",
        "batch_escape" => "stdlib::batch_escape",
        "powershell_escape" => "stdlib::powershell_escape",
        "seeded_rand" => "stdlib::seeded_rand",
        "seeded_rand_string" => "stdlib::seeded_rand_string",
        other => other,
    }
}

/// Puppet's core functions.
fn core_function(name: &str, has_lambda: bool) -> Option<Builtin> {
    use Builtin::{Compiler as C, Pure as P};
    Some(match name {
        "include" | "require" | "contain" => C(core::declare),
        "realize" => C(core::realize),
        "tag" => C(core::tag),
        "tagged" => C(core::tagged),
        "defined" => C(core::defined),
        "create_resources" => C(core::create_resources),
        "fail" => C(core::fail),
        "notice" | "info" | "warning" | "err" | "debug" | "alert" | "crit" | "emerg" => {
            C(core::log)
        }
        "break" => C(core::break_),
        "next" => C(core::next),
        "return" => C(core::return_),
        "each" | "map" | "filter" | "reduce" | "reverse_each" | "step" | "with" | "lest"
        | "then" | "any" | "all" | "partition" | "group_by" | "tree_each" => C(core::iterate),
        "lookup" => C(core::lookup),
        "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => C(core::hiera),
        crate::epp::EPP_TEXT => C(core::epp_text),
        "inline_epp" => C(core::inline_epp),
        "epp" => C(core::epp),
        "template" => C(core::template),
        "inline_template" => C(core::inline_template),
        "shellquote" => C(core::shellquote),
        "slice" => C(core::slice),
        "call" => C(core::call_by_name),
        "getvar" => C(core::getvar),
        "get" => C(core::get),
        "sort" if has_lambda => C(core::sort_with),
        "index" if has_lambda => C(core::iterate),
        "index" => C(core::index_of),
        "max" | "min" if has_lambda => C(core::max_min_with),
        "unwrap" if has_lambda => C(core::unwrap_with),
        "assert_type" => C(core::assert_type),
        "type" => C(core::type_),
        "new" => C(core::new),
        "strftime" => C(core::strftime),
        "kuppet::secret" => C(kuppet::secret),
        "file" => C(files::file),
        "binary_file" => C(files::binary_file),
        "find_file" => C(files::find_file),
        "find_template" => C(files::find_template),
        "module_directory" => C(files::module_directory),
        "generate" => C(files::generate),
        "scanf" if has_lambda => C(files::scanf_with),
        "versioncmp" | "sprintf" | "split" | "join" => P(library::lookup(name)?),
        _ => return None,
    })
}
