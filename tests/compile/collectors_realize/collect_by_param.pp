@user { 'alice': groups => ['admin'] }
@user { 'bob': groups => ['dev'] }
@user { 'carol': groups => ['admin', 'dev'] }
User <| groups == 'admin' |>
