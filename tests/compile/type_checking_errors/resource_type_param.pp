class c (Type[Resource] $r = File['/x']) { notify { 'c': message => "${r}" } }
include c
