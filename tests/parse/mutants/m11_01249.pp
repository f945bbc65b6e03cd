# @summary Emulate the s_array and validate_array functions
type Stdlib::Compat::Array = Array[Any]
