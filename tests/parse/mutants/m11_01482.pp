# @summary Emulate the is_hash and validate_hash functions
type  = Hash[Any, Any]
