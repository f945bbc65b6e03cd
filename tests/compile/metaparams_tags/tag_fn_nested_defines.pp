# Nested defines: the inner instance takes the outer's tags at the time it
# is declared; tag() in the inner define does not reach up or back.
define inner() {
  notify { "inner-${title}-a": }
  tag('in_inner')
  notify { "inner-${title}-b": }
}
define outer() {
  inner { "${title}-1": }
  tag('in_outer')
  inner { "${title}-2": }
}
outer { 'o': }
