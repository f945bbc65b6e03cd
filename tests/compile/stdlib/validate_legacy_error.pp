# stdlib: a value neither the type nor the legacy check accepts
validate_legacy(String, 'validate_string', 1)
