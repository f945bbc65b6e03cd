class groups::virtual { @group { 'admins': } @group { 'devs': } }
include groups::virtual
Group <| tag == 'admins' |>
