# @summary Emulate the is_bool and validate_bool functions
type Stdlib::Compat::Bool = Boolean
