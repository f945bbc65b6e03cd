# tag() in a class body: only the resources declared after it take the tag.
class c {
  notify { 'before': }
  tag('mid')
  notify { 'after': }
  file { '/tmp/kuppet-tag-after': ensure => file }
}
include c
