# stdlib: undef is no path
validate_absolute_path(undef)
