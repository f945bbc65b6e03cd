$user = 'deploy'
$text = @("EOT")
    Hello ${user}
      indented
    done
    | EOT
notify { 'h': message => $text }
