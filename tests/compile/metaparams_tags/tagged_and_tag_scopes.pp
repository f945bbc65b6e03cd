class web {
  tag 'frontend', 'role_web'
  notify { 'w': message => [tagged('frontend'), tagged('web'), tagged('role_web', 'nope'), tagged('Web')] }
  include inner
}
class inner {
  notify { 'i': message => [tagged('inner'), tagged('frontend'), tagged('web')] }
}
include web
