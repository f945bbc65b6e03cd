#
# this resource defines a group of users with defaults
#
# @param defaults
#   defaults for all generated users
# @param users
#
define gitolite::users (
  Hash $defaults = {},
  Hash $users    = {},
) {

  ensure_resources('gitolite::user', $users, $defaults)

}

