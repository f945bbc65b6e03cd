# @summary Emulate the is_hash and validate_hash functions
type Stdlib::Compat::Hash = Hash[Any, Any]
