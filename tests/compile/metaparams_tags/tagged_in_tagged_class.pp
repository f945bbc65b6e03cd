class tagged_class {
  tag 'special'
  notify { 't': message => [tagged('special'), tagged('tagged_class')] }
}
include tagged_class
