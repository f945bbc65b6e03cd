class web {
  tag 'frontend', 'public'
  package { 'nginx': }
}
include web
