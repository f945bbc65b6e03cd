# alias() must be the whole string.
notice(lookup('al::bad'))
