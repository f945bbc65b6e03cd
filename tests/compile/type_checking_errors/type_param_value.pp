class c (Type[Integer] $t = Integer[1, 2]) { notify { 'c': message => "${t}" } }
include c
