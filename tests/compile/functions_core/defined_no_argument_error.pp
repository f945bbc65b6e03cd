# `defined` needs at least one argument.
notify { 'n': message => defined() }
