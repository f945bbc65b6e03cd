class accounts::virtual {
  $people = {
    'alice' => { 'uid' => 2001, 'groups' => ['sudo'], 'teams' => ['ops'] },
    'bob'   => { 'uid' => 2002, 'groups' => [], 'teams' => ['dev'] },
    'carol' => { 'uid' => 2003, 'groups' => ['sudo'], 'teams' => ['ops', 'dev'] },
  }
  $people.each |$name, $p| {
    @user { $name:
      ensure     => present,
      uid        => $p['uid'],
      groups     => $p['groups'],
      managehome => true,
      tag        => $p['teams'],
    }
  }
}
class role::ops_box {
  include accounts::virtual
  User <| tag == 'ops' |>
}
include role::ops_box
