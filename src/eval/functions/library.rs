//! The pure functions of Puppet's core library, by name: each takes its
//! arguments and gives a value or Puppet's error message (what follows
//! "Error while evaluating a Function Call, "). Functions that call
//! lambdas or touch the catalog belong to the compiler. Arguments are
//! checked against Puppet's signatures, with its messages.
//!
//! Not reproduced: the deprecation warnings some functions log (`abs`,
//! `ceiling`, `floor`, `max`, `min` on strings, `empty` on numbers).

mod collections;
mod digests;
pub(crate) mod scanf;
pub(crate) mod signature;
mod stdlib9;
mod stdlib_collections;
mod stdlib_json;
pub(crate) mod stdlib_random;
pub(crate) mod stdlib_signatures;
mod stdlib_strings;
pub(crate) mod stdlib_validate;
mod strings;
mod values;

use super::PureFn;

pub(crate) use strings::version_compare;

/// The pure function with this name, if there is one.
pub fn lookup(name: &str) -> Option<PureFn> {
    Some(match name {
        "abs" => values::abs,
        "any2array" => stdlib_collections::any2array,
        "any2bool" => stdlib_strings::any2bool,
        "base64" => stdlib_strings::base64,
        "basename" => stdlib_strings::basename,
        "bool2num" => stdlib_strings::bool2num,
        "bool2str" => stdlib_strings::bool2str,
        "camelcase" => strings::camelcase,
        "capitalize" => strings::capitalize,
        "ceiling" => values::ceiling,
        "chomp" => strings::chomp,
        "chop" => strings::chop,
        "compare" => values::compare,
        "concat" => stdlib_collections::concat,
        "convert_to" => values::convert_to,
        "count" => stdlib_collections::count,
        "deep_merge" => stdlib_collections::deep_merge,
        "delete" => stdlib_collections::delete,
        "delete_at" => stdlib_collections::delete_at,
        "delete_undef_values" => stdlib_collections::delete_undef_values,
        "delete_values" => stdlib_collections::delete_values,
        "difference" => stdlib_collections::difference,
        "dig" => collections::dig,
        "digest" => digests::digest,
        "dig44" => stdlib_collections::dig44,
        "dirname" => stdlib_strings::dirname,
        "downcase" => strings::downcase,
        "empty" => collections::empty,
        "enclose_ipv6" => stdlib_strings::enclose_ipv6,
        "flatten" => collections::flatten,
        "floor" => values::floor,
        "grep" => stdlib_collections::grep,
        "has_key" => stdlib_collections::has_key,
        "hash" => stdlib_collections::hash,
        "intersection" => stdlib_collections::intersection,
        "is_a" => stdlib_validate::is_a,
        "is_absolute_path" => stdlib_validate::is_absolute_path,
        "is_array" => stdlib_validate::is_array,
        "is_bool" => stdlib_validate::is_bool,
        "is_float" => stdlib_validate::is_float,
        "is_hash" => stdlib_validate::is_hash,
        "is_integer" => stdlib_validate::is_integer,
        "is_numeric" => stdlib_validate::is_numeric,
        "is_string" => stdlib_validate::is_string,
        "join" => strings::join,
        "join_keys_to_values" => stdlib_collections::join_keys_to_values,
        "keys" => collections::keys,
        "length" => collections::length,
        "lstrip" => strings::lstrip,
        "match" => strings::match_,
        "max" => collections::max,
        "md5" => digests::md5,
        "member" => stdlib_collections::member,
        "merge" => stdlib_collections::merge,
        "min" => collections::min,
        "num2bool" => stdlib_strings::num2bool,
        "pick" => stdlib_collections::pick,
        "pick_default" => stdlib_collections::pick_default,
        "prefix" => stdlib_collections::prefix,
        "range" => stdlib_strings::range,
        "regsubst" => strings::regsubst,
        "reject" => stdlib_collections::reject,
        "reverse" => stdlib_strings::reverse,
        "round" => values::round,
        "rstrip" => strings::rstrip,
        "scanf" => scanf::scanf,
        "sha1" => digests::sha1,
        "sha256" => digests::sha256,
        "shell_escape" => stdlib_strings::shell_escape_fn,
        "shell_join" => stdlib_strings::shell_join,
        "size" => collections::size,
        "sort" => collections::sort,
        "split" => strings::split,
        "sprintf" => strings::sprintf,
        "stdlib::batch_escape" => stdlib9::batch_escape,
        "stdlib::crc32" => stdlib9::crc32,
        "stdlib::extname" => stdlib9::extname,
        "stdlib::nested_values" => stdlib9::nested_values,
        "stdlib::powershell_escape" => stdlib9::powershell_escape,
        "stdlib::seeded_rand" => stdlib9::seeded_rand,
        "stdlib::seeded_rand_string" => stdlib9::seeded_rand_string,
        "stdlib::sha256" => stdlib9::sha256,
        "stdlib::xml_encode" => stdlib9::xml_encode,
        "stdlib::end_with" => stdlib_strings::end_with,
        "stdlib::start_with" => stdlib_strings::start_with,
        "str2bool" => stdlib_strings::str2bool,
        "strip" => strings::strip,
        "suffix" => stdlib_collections::suffix,
        "to_json" => stdlib_json::to_json,
        "to_json_pretty" => stdlib_json::to_json_pretty,
        "to_yaml" => stdlib_json::to_yaml,
        "type" => values::type_,
        "type_of" => stdlib_validate::type_of,
        "union" => stdlib_collections::union,
        "unique" => collections::unique,
        "unwrap" => values::unwrap,
        "upcase" => strings::upcase,
        "uriescape" => stdlib_strings::uriescape,
        "validate_absolute_path" => stdlib_validate::validate_absolute_path,
        "validate_array" => stdlib_validate::validate_array,
        "validate_bool" => stdlib_validate::validate_bool,
        "validate_hash" => stdlib_validate::validate_hash,
        "validate_integer" => stdlib_validate::validate_integer,
        "validate_numeric" => stdlib_validate::validate_numeric,
        "validate_re" => stdlib_validate::validate_re,
        "validate_slength" => stdlib_validate::validate_slength,
        "validate_string" => stdlib_validate::validate_string,
        "values" => collections::values,
        "values_at" => stdlib_collections::values_at,
        "versioncmp" => strings::versioncmp,
        "zip" => stdlib_collections::zip,
        _ => return None,
    })
}

/// The names [`lookup`] knows, sorted.
pub const NAMES: &[&str] = &[
    "abs",
    "any2array",
    "any2bool",
    "base64",
    "basename",
    "bool2num",
    "bool2str",
    "camelcase",
    "capitalize",
    "ceiling",
    "chomp",
    "chop",
    "compare",
    "concat",
    "convert_to",
    "count",
    "deep_merge",
    "delete",
    "delete_at",
    "delete_undef_values",
    "delete_values",
    "difference",
    "dig",
    "digest",
    "dig44",
    "dirname",
    "downcase",
    "empty",
    "enclose_ipv6",
    "flatten",
    "floor",
    "grep",
    "has_key",
    "hash",
    "intersection",
    "is_a",
    "is_absolute_path",
    "is_array",
    "is_bool",
    "is_float",
    "is_hash",
    "is_integer",
    "is_numeric",
    "is_string",
    "join",
    "join_keys_to_values",
    "keys",
    "length",
    "lstrip",
    "match",
    "max",
    "md5",
    "member",
    "merge",
    "min",
    "num2bool",
    "pick",
    "pick_default",
    "prefix",
    "range",
    "regsubst",
    "reject",
    "reverse",
    "round",
    "rstrip",
    "scanf",
    "sha1",
    "sha256",
    "shell_escape",
    "shell_join",
    "size",
    "sort",
    "split",
    "sprintf",
    "stdlib::batch_escape",
    "stdlib::crc32",
    "stdlib::end_with",
    "stdlib::extname",
    "stdlib::nested_values",
    "stdlib::powershell_escape",
    "stdlib::seeded_rand",
    "stdlib::seeded_rand_string",
    "stdlib::sha256",
    "stdlib::start_with",
    "stdlib::xml_encode",
    "str2bool",
    "strip",
    "suffix",
    "to_json",
    "to_json_pretty",
    "to_yaml",
    "type",
    "type_of",
    "union",
    "unique",
    "unwrap",
    "upcase",
    "uriescape",
    "validate_absolute_path",
    "validate_array",
    "validate_bool",
    "validate_hash",
    "validate_integer",
    "validate_numeric",
    "validate_re",
    "validate_slength",
    "validate_string",
    "values",
    "values_at",
    "versioncmp",
    "zip",
];

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;
    use kuppet_values::types::PType;
    use kuppet_values::value::{RegexValue, Value};
    use std::rc::Rc;

    fn call(name: &str, args: &[Value]) -> String {
        let f = lookup(name).expect("known function");
        match f(args) {
            Ok(Value::String(s)) => format!("'{s}'"),
            Ok(v) => v.to_display(),
            Err(e) => format!("Error: {e}"),
        }
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn f(x: f64) -> Value {
        Value::Float(x)
    }
    fn b(x: bool) -> Value {
        Value::Bool(x)
    }
    fn arr(items: Vec<Value>) -> Value {
        Value::array(items)
    }
    fn hash(pairs: Vec<(Value, Value)>) -> Value {
        Value::hash(pairs.into_iter().collect::<IndexMap<_, _>>())
    }
    fn re(src: &str) -> Value {
        Value::Regex(Rc::new(RegexValue::new(src).expect("regex")))
    }
    fn ty(t: PType) -> Value {
        Value::from_type(t)
    }

    #[test]
    fn every_name_resolves() {
        for name in NAMES {
            assert!(lookup(name).is_some(), "{name}");
        }
        assert!(lookup("each").is_none());
    }

    // Expected values and messages below: notice(f(args)) in Puppet 7.
    #[test]
    fn argument_errors_read_like_puppet() {
        assert_eq!(
            call("join", &[arr(vec![i(1)]), s(","), i(3)]),
            "Error: 'join' expects between 1 and 2 arguments, got 3"
        );
        assert_eq!(
            call("join", &[s("a")]),
            "Error: 'join' parameter 'arg' expects an Array value, got String"
        );
        assert_eq!(
            call("upcase", &[b(true)]),
            "Error: 'upcase' parameter 'arg' expects a value of type Numeric, String, Array, or Hash, got Boolean"
        );
        assert_eq!(
            call("keys", &[i(1)]),
            "Error: 'keys' parameter 'hsh' expects a Hash value, got Integer"
        );
        assert_eq!(
            call("split", &[i(1), s(",")]),
            "Error: 'split' parameter 'str' expects a String value, got Integer"
        );
        assert_eq!(
            call("split", &[s("a")]),
            "Error: 'split' expects 2 arguments, got 1"
        );
        assert_eq!(
            call("match", &[i(1), re("x")]),
            "Error: 'match' parameter 'string' expects a value of type String or Array, got Integer"
        );
        assert_eq!(
            call("regsubst", &[s("a"), i(1), s("b")]),
            "Error: 'regsubst' parameter 'pattern' expects a value of type String, Regexp, or Type[Regexp], got Integer"
        );
        assert_eq!(
            call("regsubst", &[s("a"), s("a"), s("b"), s("X")]),
            "Error: The function 'regsubst' was called with arguments it does not accept. It expects one of:\n  \
             (Variant[Array[String], String] target, String pattern, Variant[String, Hash[String, String]] replacement, Pattern[/^[GEIM]*$/] flags?, Enum['E', 'N', 'S', 'U'] encoding?)\n    \
             rejected: parameter 'flags' expects an undef value or a match for Pattern[/^[GEIM]*$/], got 'X'\n  \
             (Variant[Array[String], String] target, Variant[Regexp, Type[Regexp]] pattern, Variant[String, Hash[String, String]] replacement, Pattern[/^G?$/] flags?)\n    \
             rejected: parameter 'pattern' expects a value of type Regexp or Type[Regexp], got String"
        );
        assert_eq!(
            call("length", &[i(1)]),
            "Error: 'length' parameter 'arg' expects a value of type Collection, String, or Binary, got Integer"
        );
        assert_eq!(
            call("empty", &[b(true)]),
            "Error: The function 'empty' was called with arguments it does not accept. It expects one of:\n  \
             (Collection coll)\n    rejected: parameter 'coll' expects a Collection value, got Boolean\n  \
             (Sensitive[String] str)\n    rejected: parameter 'str' expects a Sensitive[String] value, got Boolean\n  \
             (String str)\n    rejected: parameter 'str' expects a String value, got Boolean\n  \
             (Numeric num)\n    rejected: parameter 'num' expects a Numeric value, got Boolean\n  \
             (Binary bin)\n    rejected: parameter 'bin' expects a Binary value, got Boolean\n  \
             (Undef x)\n    rejected: parameter 'x' expects an Undef value, got Boolean"
        );
        assert_eq!(
            call("dig", &[i(1), s("a")]),
            "Error: 'dig' parameter 'data' expects a value of type Undef or Collection, got Integer"
        );
        assert_eq!(
            call("versioncmp", &[i(1), i(2)]),
            "Error: 'versioncmp' parameter 'a' expects a String value, got Integer"
        );
        assert_eq!(
            call("round", &[s("1")]),
            "Error: 'round' parameter 'val' expects a Numeric value, got String"
        );
        assert_eq!(
            call("camelcase", &[b(true)]),
            "Error: 'camelcase' parameter 'arg' expects a value of type Numeric, String, or Iterable[Variant], got Boolean"
        );
        assert_eq!(
            call("abs", &[b(true)]),
            "Error: 'abs' parameter 'val' expects a value of type Numeric or String, got Boolean"
        );
        assert_eq!(
            call("values", &[arr(vec![])]),
            "Error: 'values' parameter 'hsh' expects a Hash value, got Array"
        );
        assert_eq!(
            call("size", &[i(1)]),
            "Error: 'size' parameter 'arg' expects a value of type Collection, String, or Binary, got Integer"
        );
        assert_eq!(
            call("capitalize", &[arr(vec![b(true)])]),
            "Error: 'capitalize' parameter 'arg' expects a value of type Numeric, String, or Iterable[Variant[String, Numeric]], got Tuple"
        );
        assert_eq!(
            call("downcase", &[arr(vec![b(true)])]),
            "Error: The function 'downcase' was called with arguments it does not accept. It expects one of:\n  \
             (Numeric arg)\n    rejected: parameter 'arg' expects a Numeric value, got Tuple\n  \
             (String arg)\n    rejected: parameter 'arg' expects a String value, got Tuple\n  \
             (Array[StringData] arg)\n    rejected: parameter 'arg' index 0 expects a StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]] value, got Boolean\n  \
             (Hash[StringData, StringData] arg)\n    rejected: parameter 'arg' expects a Hash value, got Tuple"
        );
        assert_eq!(
            call("strip", &[Value::Undef]),
            "Error: 'strip' parameter 'arg' expects a value of type Numeric, String, or Iterable[Variant], got Undef"
        );
        assert_eq!(
            call("type", &[i(1), s("bogus")]),
            "Error: 'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got 'bogus'"
        );
        assert_eq!(
            call("sprintf", &[i(1)]),
            "Error: no implicit conversion of Integer into String"
        );
        assert_eq!(
            call("lstrip", &[]),
            "Error: 'lstrip' expects 1 argument, got none"
        );
        assert_eq!(
            call("floor", &[i(1), i(2)]),
            "Error: 'floor' expects 1 argument, got 2"
        );
        assert_eq!(
            call("sort", &[i(1)]),
            "Error: The function 'sort' was called with arguments it does not accept. It expects one of:\n  \
             (String string_value, Callable[2, 2] block?)\n    rejected: parameter 'string_value' expects a String value, got Integer\n  \
             (Array array_value, Callable[2, 2] block?)\n    rejected: parameter 'array_value' expects an Array value, got Integer"
        );
        assert_eq!(
            call("compare", &[b(true), i(1)]),
            "Error: 'compare' compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got Boolean and Integer"
        );
        assert_eq!(
            call("compare", &[i(1), s("a")]),
            "Error: 'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got Integer and String"
        );
    }

    #[test]
    fn string_functions() {
        assert_eq!(
            call("capitalize", &[arr(vec![s("ab"), s("cD")])]),
            "[Ab, Cd]"
        );
        assert_eq!(call("capitalize", &[s("élan VITAL")]), "'Élan vital'");
        assert_eq!(call("camelcase", &[s("a_b_c_")]), "'ABC'");
        assert_eq!(call("camelcase", &[s("_ab_cd")]), "'AbCd'");
        assert_eq!(
            call("upcase", &[hash(vec![(s("a"), arr(vec![s("b"), i(1)]))])]),
            "{A => [B, 1]}"
        );
        assert_eq!(call("downcase", &[s("ÀÉ")]), "'àé'");
        assert_eq!(call("chomp", &[s("a\r\n")]), "'a'");
        assert_eq!(call("chop", &[s("a\r\n")]), "'a'");
        assert_eq!(call("chop", &[s("")]), "''");
        assert_eq!(call("strip", &[s(" \t a b \n")]), "'a b'");
        assert_eq!(call("upcase", &[i(1)]), "1");
        let mixed = arr(vec![
            i(1),
            arr(vec![i(2), i(3)]),
            Value::Undef,
            s("a"),
            f(1.5),
            hash(vec![(s("a"), i(1))]),
            b(true),
            Value::Default,
        ]);
        assert_eq!(
            call("join", &[mixed, s(",")]),
            "'1,2,3,,a,1.5,{\"a\"=>1},true,default'"
        );
        assert_eq!(call("join", &[arr(vec![])]), "''");
        assert_eq!(call("join", &[arr(vec![s("a"), s("b")])]), "'ab'");
        assert_eq!(call("split", &[s("a,b,,c,,"), s(",")]), "[a, b, , c]");
        assert_eq!(call("split", &[s(",a,b"), s(",")]), "[, a, b]");
        assert_eq!(call("split", &[s(""), s(",")]), "[]");
        assert_eq!(call("split", &[s("abc"), s("")]), "[a, b, c]");
        assert_eq!(call("split", &[s("a1b2c"), re("(\\d)")]), "[a, 1, b, 2, c]");
        assert_eq!(call("split", &[s("a b  c"), s(" ")]), "[a, b, , c]");
        assert_eq!(call("split", &[s("a.b"), s(".")]), "[]");
        let rt = PType::Regexp(Some(Rc::new(RegexValue::new("x").expect("regex"))));
        assert_eq!(call("split", &[s("aXbxc"), ty(rt)]), "[aXb, c]");
        assert_eq!(call("match", &[s("abc"), re("(b)(x)?")]), "[b, b, ]");
        assert_eq!(call("match", &[s("abc"), s("z")]), "");
        assert_eq!(
            call("match", &[arr(vec![s("ab"), s("cd")]), re("a")]),
            "[[a], ]"
        );
        assert_eq!(
            call("match", &[s("abc"), arr(vec![re("z"), re("b")])]),
            "[b]"
        );
        let pt = PType::Pattern(vec![
            Rc::new(RegexValue::new("z").expect("regex")),
            Rc::new(RegexValue::new("(c)").expect("regex")),
        ]);
        assert_eq!(call("match", &[s("abc"), ty(pt)]), "[c, c]");
        assert_eq!(
            call("match", &[s("abc"), i(1)]),
            "Error: match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got Integer"
        );
        assert_eq!(
            call("regsubst", &[s("hello world"), s("o"), s("0")]),
            "'hell0 world'"
        );
        assert_eq!(
            call("regsubst", &[s("hello world"), s("o"), s("0"), s("G")]),
            "'hell0 w0rld'"
        );
        assert_eq!(
            call("regsubst", &[s("Hello"), s("h"), s("j"), s("I")]),
            "'jello'"
        );
        assert_eq!(
            call("regsubst", &[s("abc"), s("(b)"), s("[\\1\\0]")]),
            "'a[bb]c'"
        );
        assert_eq!(call("regsubst", &[s("abc"), s("b"), s("\\\\")]), "'a\\c'");
        assert_eq!(
            call("regsubst", &[arr(vec![s("ab"), s("cb")]), s("b"), s("x")]),
            "[ax, cx]"
        );
        assert_eq!(
            call(
                "regsubst",
                &[s("abc"), re("b"), hash(vec![(s("b"), s("B"))])]
            ),
            "'aBc'"
        );
        assert_eq!(
            call("regsubst", &[s("a.b.c"), s("."), s("-"), s("G")]),
            "'-----'"
        );
        assert_eq!(
            call("regsubst", &[s("abc"), s("(?<x>b)"), s("<\\k<x>>")]),
            "'a<b>c'"
        );
        assert_eq!(call("regsubst", &[s("abc"), s("b"), s("\\&\\&")]), "'abbc'");
        assert_eq!(
            call("regsubst", &[s("abc"), s("b"), s("[\\`|\\']")]),
            "'a[a|c]c'"
        );
        assert_eq!(
            call("regsubst", &[s("abc"), s("x*"), s("-"), s("G")]),
            "'-a-b-c-'"
        );
        assert_eq!(
            call("sprintf", &[s("%s-%s"), s("a")]),
            "Error: too few arguments"
        );
        assert_eq!(call("sprintf", &[s("[%s]"), Value::Undef]), "'[]'");
        assert_eq!(
            call("sprintf", &[s("%s"), arr(vec![i(1), s("a"), Value::Undef])]),
            "'[1, \"a\", nil]'"
        );
        assert_eq!(
            call(
                "sprintf",
                &[
                    s("%s"),
                    hash(vec![(s("a"), i(1)), (s("b"), arr(vec![i(2)]))])
                ]
            ),
            "'{\"a\"=>1, \"b\"=>[2]}'"
        );
        assert_eq!(call("sprintf", &[s("%s"), re("x")]), "'/x/'");
        assert_eq!(call("sprintf", &[s("%p"), Value::Default]), "':default'");
    }

    #[test]
    fn versions() {
        let v = |a: &str, b2: &str| call("versioncmp", &[s(a), s(b2)]);
        assert_eq!(v("1.2", "1.10"), "-1");
        assert_eq!(call("versioncmp", &[s("1.2.0"), s("1.2"), b(true)]), "0");
        assert_eq!(v("1.2-1", "1.2.1"), "-1");
        assert_eq!(v("1.01", "1.1"), "-1");
        assert_eq!(v("1.a", "1.B"), "-1");
        assert_eq!(v("2", "2"), "0");
        assert_eq!(v("1.2-rc1", "1.2-RC1"), "0");
    }

    #[test]
    fn collection_functions() {
        let data = hash(vec![(s("a"), hash(vec![(s("b"), arr(vec![i(1), i(2)]))]))]);
        assert_eq!(call("dig", &[data.clone(), s("a"), s("b"), i(1)]), "2");
        assert_eq!(call("dig", &[data.clone(), s("a"), s("b"), i(-1)]), "2");
        assert_eq!(call("dig", &[data.clone(), s("a"), s("x"), i(1)]), "");
        assert_eq!(
            call("dig", &[data.clone(), s("a"), s("b"), i(1), s("c")]),
            "Error: The given data does not contain a Collection at [\"a\", \"b\", 1], got 'Integer[2, 2]'"
        );
        assert_eq!(
            call("dig", &[data.clone(), s("a"), s("b"), s("x")]),
            "Error: The given data requires an Integer index at [\"a\", \"b\", \"x\"], got 'String'"
        );
        assert_eq!(call("dig", &[Value::Undef, s("a")]), "");
        assert_eq!(call("dig", &[arr(vec![i(1)]), Value::Undef]), "");
        assert_eq!(
            call(
                "unique",
                &[hash(vec![(s("a"), i(1)), (s("b"), i(1)), (s("c"), i(2))])]
            ),
            "{[a, b] => [1], [c] => [2]}"
        );
        assert_eq!(
            call("unique", &[arr(vec![i(1), f(1.0), s("a"), s("A"), s("a")])]),
            "[1, 1.0, a, A]"
        );
        assert_eq!(call("unique", &[s("abcab")]), "'abc'");
        assert_eq!(call("unique", &[i(3)]), "[0, 1, 2]");
        assert_eq!(call("max", &[s("10"), s("9"), s("a")]), "'a'");
        assert_eq!(call("max", &[arr(vec![i(1), s("a"), b(true)])]), "true");
        assert_eq!(call("min", &[s("b"), s("a10"), s("a9")]), "'a10'");
        assert_eq!(call("max", &[arr(vec![s("1.5"), s("1e1")])]), "'1e1'");
        assert_eq!(
            call("max", &[arr(vec![arr(vec![i(1)]), arr(vec![i(2)])])]),
            "[2]"
        );
        assert_eq!(call("min", &[i(1), f(1.0)]), "1");
        assert_eq!(call("max", &[i(1), f(2.5), i(-1)]), "2.5");
        assert_eq!(call("max", &[s("a"), s("B")]), "'a'");
        assert_eq!(call("min", &[s("a"), s("B")]), "'B'");
        assert_eq!(
            call("max", &[arr(vec![])]),
            "Error: max(): Wrong number of arguments need at least one"
        );
        assert_eq!(
            call("max", &[]),
            "Error: max(): Wrong number of arguments need at least one"
        );
        assert_eq!(
            call("sort", &[arr(vec![i(3), i(1), f(2.5)])]),
            "[1, 2.5, 3]"
        );
        assert_eq!(call("sort", &[s("cba")]), "'abc'");
        assert_eq!(
            call("sort", &[arr(vec![i(1), s("a")])]),
            "Error: comparison of Integer with String failed"
        );
        assert_eq!(call("empty", &[s("")]), "true");
        assert_eq!(call("empty", &[arr(vec![])]), "true");
        assert_eq!(call("empty", &[Value::Undef]), "true");
        assert_eq!(call("empty", &[i(0)]), "false");
        assert_eq!(call("empty", &[Value::Sensitive(Rc::new(s("")))]), "true");
        assert_eq!(call("length", &[s("héllo")]), "5");
        assert_eq!(call("size", &[hash(vec![(s("a"), i(1))])]), "1");
        assert_eq!(
            call(
                "flatten",
                &[arr(vec![arr(vec![i(1)]), arr(vec![arr(vec![i(2)])])]), i(3)]
            ),
            "[1, 2, 3]"
        );
        assert_eq!(call("flatten", &[]), "[]");
        assert_eq!(
            call("keys", &[hash(vec![(s("a"), i(1)), (s("b"), i(2))])]),
            "[a, b]"
        );
        assert_eq!(
            call("values", &[hash(vec![(s("a"), i(1)), (s("b"), i(2))])]),
            "[1, 2]"
        );
    }

    #[test]
    fn value_functions() {
        assert_eq!(call("abs", &[i(-5)]), "5");
        assert_eq!(call("abs", &[f(-5.5)]), "5.5");
        assert_eq!(call("abs", &[s("-5")]), "5");
        assert_eq!(call("abs", &[s("-5.5")]), "5.5");
        assert_eq!(
            call("abs", &[s("x")]),
            "Error: abs(): Requires float or integer to work with - was given non decimal string"
        );
        assert_eq!(call("ceiling", &[f(1.2)]), "2");
        assert_eq!(call("ceiling", &[f(-1.2)]), "-1");
        assert_eq!(call("ceiling", &[s("1.2")]), "2");
        assert_eq!(
            call("ceiling", &[s("x")]),
            "Error: ceiling(): cannot convert given value to a floating point value."
        );
        assert_eq!(call("floor", &[f(-1.2)]), "-2");
        assert_eq!(call("floor", &[i(5)]), "5");
        assert_eq!(call("round", &[f(2.5)]), "3");
        assert_eq!(call("round", &[f(-2.5)]), "-3");
        assert_eq!(call("round", &[f(2.4)]), "2");
        assert_eq!(call("round", &[i(3)]), "3");
        assert_eq!(call("compare", &[i(1), i(2)]), "-1");
        assert_eq!(call("compare", &[s("a"), s("B")]), "-1");
        assert_eq!(call("compare", &[s("a"), s("B"), b(false)]), "1");
        assert_eq!(call("unwrap", &[Value::Sensitive(Rc::new(s("x")))]), "'x'");
        assert_eq!(call("convert_to", &[s("12"), ty(PType::integer())]), "12");
        assert_eq!(
            call("convert_to", &[s("ff"), ty(PType::integer()), i(16)]),
            "Error: 'new' The string 'ff' cannot be converted to Integer"
        );
        assert_eq!(
            call("convert_to", &[arr(vec![i(1), i(2)]), ty(PType::hash())]),
            "{1 => 2}"
        );
        assert_eq!(
            call("type", &[arr(vec![i(1)]), s("reduced")]),
            "Array[Integer[1, 1], 1, 1]"
        );
        assert_eq!(call("type", &[s("ab")]), "String");
        assert_eq!(
            call("type", &[arr(vec![i(1), s("a")]), s("generalized")]),
            "Array[ScalarData]"
        );
    }
}
