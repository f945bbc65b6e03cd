class a::b::c { notify { 'n': } }
include a::b::c
