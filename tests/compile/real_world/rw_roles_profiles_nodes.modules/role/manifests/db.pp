class role::db {
  include profile::base
}
