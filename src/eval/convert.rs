//! Conversions of the `new` function (`Integer('0x1F')`, `String(5)` ...).
//! TEMPORARY STUB (lead): replaced by the types helper's implementation.

use super::types::PType;
use super::value::Value;

/// `T.new(args)`.
pub fn new_value(t: &PType, args: &[Value]) -> Result<Value, String> {
    let v = args.first().cloned().unwrap_or(Value::Undef);
    match t {
        PType::Integer { .. } => match &v {
            Value::Integer(_) => Ok(v),
            Value::Float(f) => Ok(Value::Integer(*f as i64)),
            Value::String(s) => match super::expr::parse_number(s) {
                Some(Value::Integer(i)) => Ok(Value::Integer(i)),
                Some(Value::Float(f)) => Ok(Value::Integer(f as i64)),
                _ => Err(format!("The string '{s}' cannot be converted to Integer")),
            },
            other => Err(format!(
                "Value of type {} cannot be converted to Integer",
                other.type_name()
            )),
        },
        PType::String { .. } => Ok(Value::string(v.to_display())),
        _ => Ok(v),
    }
}
