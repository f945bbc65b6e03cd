class accounts::virtual { @user { ['u1', 'u2']: ensure => present } }
class role::ops { include accounts::virtual realize(User['u1']) }
include role::ops
