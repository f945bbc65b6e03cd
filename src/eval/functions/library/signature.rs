//! Function signatures as Puppet declares them (`param 'Array[String]',
//! :arg`), checked against the arguments with Puppet's dispatch rules and
//! messages.

use kuppet_values::types::{AliasType, PType, Signature, describe_signatures, literal_with};
use kuppet_values::value::Value;
use std::rc::Rc;

/// Parses a type expression of a built-in signature (`Variant[String,
/// Numeric]`, `Pattern[/^G?$/]`, `Enum['a', b]`, `StringData` ...).
/// Signatures are constants of this crate, so a malformed one is a bug:
/// tests parse every signature.
pub(crate) fn type_of(src: &str) -> PType {
    match literal_with(src, &named_type) {
        Some(Value::Type(t)) => (*t).clone(),
        _ => {
            debug_assert!(false, "bad signature type {src}");
            PType::Any
        }
    }
}

fn named_type(name: &str) -> Option<PType> {
    if name == "StringData" {
        return Some(string_data());
    }
    Some(PType::from_name(name).unwrap_or_else(|| PType::resource_type(name)))
}

thread_local! {
    static STRING_DATA: PType = {
        let alias = Rc::new(AliasType {
            name: "StringData".into(),
            resolved: std::cell::OnceCell::new(),
        });
        let me = PType::Alias(alias.clone());
        let _ = alias.resolved.set(PType::Variant(vec![
            PType::string(),
            PType::Numeric,
            PType::array_of(me.clone()),
            PType::hash_of(me.clone(), me),
        ]));
        PType::Alias(alias)
    };
}

/// upcase/downcase's local type `StringData = Variant[String, Numeric,
/// Array[StringData], Hash[StringData, StringData]]`.
fn string_data() -> PType {
    STRING_DATA.with(Clone::clone)
}

/// A parameter kind in a signature declaration.
pub(crate) enum P {
    /// `param 'Type', :name`
    Req(&'static str, &'static str),
    /// `optional_param 'Type', :name`
    Opt(&'static str, &'static str),
    /// `repeated_param 'Type', :name` (zero or more)
    Rep(&'static str, &'static str),
    /// `optional_block_param 'Type', :name`
    OptBlock(&'static str, &'static str),
    /// `block_param 'Type', :name`
    Block(&'static str, &'static str),
}

/// Builds a signature from Puppet-style declarations.
pub(crate) fn sig(params: &[P]) -> Signature {
    let mut s = Signature {
        names: Vec::new(),
        types: Vec::new(),
        min: 0,
        max: Some(0),
        block: None,
    };
    for p in params {
        match p {
            P::Req(t, n) => {
                s.types.push(type_of(t));
                s.names.push((*n).to_string());
                s.min += 1;
                s.max = s.max.map(|m| m + 1);
            }
            P::Opt(t, n) => {
                s.types.push(type_of(t));
                s.names.push((*n).to_string());
                s.max = s.max.map(|m| m + 1);
            }
            P::Rep(t, n) => {
                s.types.push(type_of(t));
                s.names.push((*n).to_string());
                s.max = None;
            }
            P::OptBlock(t, n) => {
                s.block = Some(((*n).to_string(), type_of(t), true));
            }
            P::Block(t, n) => {
                s.block = Some(((*n).to_string(), type_of(t), false));
            }
        }
    }
    s
}

thread_local! {
    static CACHE: std::cell::RefCell<std::collections::HashMap<&'static str, Rc<Vec<Signature>>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// A function's signatures, built once per thread.
pub(crate) fn signatures(name: &'static str, build: fn() -> Vec<Signature>) -> Rc<Vec<Signature>> {
    if let Some(s) = CACHE.with(|c| c.borrow().get(name).cloned()) {
        return s;
    }
    let built = Rc::new(build());
    CACHE.with(|c| c.borrow_mut().insert(name, built.clone()));
    built
}

/// Dispatches `args` over the function's (cached) signatures.
pub(crate) fn check(
    name: &'static str,
    build: fn() -> Vec<Signature>,
    args: &[Value],
) -> Result<usize, String> {
    dispatch(name, &signatures(name, build), args)
}

/// The index of the first signature the arguments fit (Puppet tries them
/// in order), or Puppet's message when none does. Signatures that require
/// a block never match: pure functions get no lambda.
pub(crate) fn dispatch(name: &str, sigs: &[Signature], args: &[Value]) -> Result<usize, String> {
    for (i, s) in sigs.iter().enumerate() {
        let needs_block = matches!(s.block, Some((_, _, false)));
        if !needs_block && s.accepts(args) {
            return Ok(i);
        }
    }
    Err(describe_signatures(name, sigs, args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_signature_types() {
        assert_eq!(
            type_of("Iterable[Variant[String, Numeric]]").to_string(),
            "Iterable[Variant[String, Numeric]]"
        );
        assert_eq!(
            type_of("Optional[Pattern[/^[GEIM]*$/]]").to_string(),
            "Optional[Pattern[/^[GEIM]*$/]]"
        );
        assert_eq!(
            type_of("Enum['N','E','S','U']").to_string(),
            "Enum['E', 'N', 'S', 'U']"
        );
        assert_eq!(type_of("Enum[detailed]").to_string(), "Enum['detailed']");
        assert_eq!(type_of("Callable[2,2]").to_string(), "Callable[2, 2]");
        assert_eq!(
            type_of("Array[StringData]").to_string(),
            "Array[StringData]"
        );
        assert_eq!(
            type_of("StringData").to_alias_expanded_string(),
            "StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]"
        );
    }
}
