//! The signatures of the puppetlabs-stdlib 4.x functions the compiler
//! runs itself (they touch the catalog, facts or lambdas), checked with
//! Puppet's dispatch rules and messages before the compiler acts.

use super::signature::{P, check, sig};
use kuppet_values::value::Value;

/// Checks the arguments of the compiler-level stdlib function `name`;
/// `Ok` for functions without a declared signature.
pub(crate) fn check_stdlib_args(name: &str, args: &[Value]) -> Result<(), String> {
    match name {
        "ensure_packages" => check(
            "ensure_packages",
            || {
                vec![sig(&[
                    P::Req(
                        "Variant[String[1], Array[String[1]], Hash[String[1], Any]]",
                        "packages",
                    ),
                    P::Opt("Hash", "default_attributes"),
                ])]
            },
            args,
        )
        .map(drop),
        "stdlib::ensure_packages" => check(
            "stdlib::ensure_packages",
            || {
                vec![
                    sig(&[
                        P::Req("Variant[String[1], Array[String[1]]]", "packages"),
                        P::Opt("Hash", "default_attributes"),
                    ]),
                    sig(&[
                        P::Req("Hash[String[1], Any]", "packages"),
                        P::Opt("Hash", "default_attributes"),
                    ]),
                ]
            },
            args,
        )
        .map(drop),
        "stdlib::has_function" => check(
            "stdlib::has_function",
            || vec![sig(&[P::Req("String[1]", "function_name")])],
            args,
        )
        .map(drop),
        "stdlib::str2resource" => check(
            "stdlib::str2resource",
            || vec![sig(&[P::Req("String", "res_string")])],
            args,
        )
        .map(drop),
        "stdlib::ensure" => check(
            "stdlib::ensure",
            || {
                vec![sig(&[
                    P::Req("Variant[Boolean, Enum['present', 'absent']]", "ensure"),
                    P::Req(
                        "Enum['directory', 'link', 'mounted', 'service', 'file', 'package']",
                        "resource",
                    ),
                ])]
            },
            args,
        )
        .map(drop),
        "fact" => check("fact", || vec![sig(&[P::Req("String", "fact_name")])], args).map(drop),
        "deprecation" => check(
            "deprecation",
            // stdlib 9 added the optional third parameter.
            || {
                vec![sig(&[
                    P::Req("String", "key"),
                    P::Req("String", "message"),
                    P::Opt("Boolean", "use_strict_setting"),
                ])]
            },
            args,
        )
        .map(drop),
        "validate_legacy" => check(
            "validate_legacy",
            || {
                vec![
                    sig(&[
                        P::Req("Type", "target_type"),
                        P::Req("String", "function_name"),
                        P::Req("Any", "value"),
                        P::Rep("Any", "args"),
                    ]),
                    sig(&[
                        P::Req("String", "type_string"),
                        P::Req("String", "function_name"),
                        P::Req("Any", "value"),
                        P::Rep("Any", "args"),
                    ]),
                ]
            },
            args,
        )
        .map(drop),
        "os_version_gte" => check(
            "os_version_gte",
            || {
                vec![sig(&[
                    P::Req("String[1]", "os"),
                    P::Req("String[1]", "version"),
                ])]
            },
            args,
        )
        .map(drop),
        _ => Ok(()),
    }
}
