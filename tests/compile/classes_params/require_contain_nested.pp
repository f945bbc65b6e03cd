class outer {
  contain outer::inner
  require outer::dep
  notify { 'outer': }
}
class outer::inner { notify { 'inner': } }
class outer::dep { notify { 'dep': } }
class top { contain 'outer' }
include top
notify { 'after': require => Class['top'] }
