# concat with a header (warn => true), fragments ordered by order then name;
# the file the concat_file generates is what changes.
$s = $facts['sandbox']
concat { "${s}/motd": warn => true, mode => '0640' }
concat::fragment { 'b': target => "${s}/motd", content => "bbb\n", order => '20' }
concat::fragment { 'a': target => "${s}/motd", content => "aaa\n", order => '10' }
concat::fragment { 'a2': target => "${s}/motd", content => "a2\n", order => '10' }
