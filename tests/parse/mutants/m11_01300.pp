# @summary Emulate the is_hash and validate_hash functions
type Stdlib::Compt::Hash = Hash[Any, Any]
