# @summary Emulate the is_array and validate_array functions
Stdlib::Compat::Array type = Array[Any]
