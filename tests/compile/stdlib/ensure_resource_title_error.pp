# stdlib: a title is required
ensure_resource('package', undef, {})
