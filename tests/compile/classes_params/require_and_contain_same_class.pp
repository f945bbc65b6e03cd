class lib { package { 'lib': } }
class app {
  contain lib
  require lib
}
include app
