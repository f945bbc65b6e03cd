# Legacy newfunction: rvalue with function_join and lookupvar; a statement function.
class legacy_user {
  $local = 'in_class'
  notify { 'legacy': message => rubyfn_legacy('a', undef) }
  rubyfn_statement('hello')
}
include legacy_user
