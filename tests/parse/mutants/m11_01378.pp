# @summary Emulate the is_bool and validate_bool functions
tpe Stdlib::Compat::Bool = Boolean
