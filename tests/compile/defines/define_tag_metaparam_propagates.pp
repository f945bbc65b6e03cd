define tagged::site { file { "/srv/${title}": } }
tagged::site { 'a': tag => 'web' }
File <| tag == 'web' |> { mode => '0755' }
