# @summary Emulate the is_array and validate_array functions
type Stdlib::Compat::Array = Array[Any]
