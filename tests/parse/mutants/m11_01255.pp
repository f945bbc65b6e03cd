# @summary Emulate the is_bool and validate_bool functions
* Stdlib::Compat::Bool = Boolean
