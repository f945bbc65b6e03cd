notify { 'esc': message => "tab:\tnl:\nquote:\"dollar:\$ backslash:\\ unicode:\u00e9 \u{1F600}" }
