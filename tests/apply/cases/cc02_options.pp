# warn as a string, ensure_newline, numeric order on concat_file itself, a
# fragment from a local file (source), replace => false on an existing file,
# an absent concat.
$s = $facts['sandbox']
concat { "${s}/custom": warn => "# custom header\n", ensure_newline => true, order => 'numeric' }
concat::fragment { 'n100': target => "${s}/custom", content => 'hundred', order => 100 }
concat::fragment { 'n9': target => "${s}/custom", content => 'nine', order => 9 }
concat::fragment { 'src': target => "${s}/custom", source => "${s}/part.txt", order => 50 }
concat { "${s}/kept": replace => false }
concat::fragment { 'k': target => "${s}/kept", content => "new\n" }
concat { "${s}/old": ensure => absent }
