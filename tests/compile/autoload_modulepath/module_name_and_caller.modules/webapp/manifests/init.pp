class webapp {
  include helper
  notify { 'webapp': message => "module=${module_name}" }
}
