define web::site (Stdlib_like $x = 1) { }
web::site { 'a': }
