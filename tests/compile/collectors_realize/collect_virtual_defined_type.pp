define site::account ($uid) { user { $title: uid => $uid } }
@site::account { 'dave': uid => 3001 }
@site::account { 'erin': uid => 3002 }
Site::Account <| title == 'erin' |>
