class monitoring { tag 'ops' }
include monitoring
class probe {
  notify { 'tagged':
    message => [tagged('monitoring'), tagged('ops'), tagged('probe'), tagged('nope')],
  }
}
include probe
