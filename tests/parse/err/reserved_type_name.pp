class integer {}
type Integer = String
