# concat_file and concat_fragment declared directly: target by title, by tag,
# numeric order (the type's default), a notify through the concat_file's
# container does not happen (its relationships stay on the concat_file).
$s = $facts['sandbox']
concat_file { 'byname': path => "${s}/native", mode => '0600' }
concat_fragment { 'x10': target => 'byname', content => "ten\n", order => 10 }
concat_fragment { 'x9': target => 'byname', content => "nine\n", order => 9 }
concat_file { 'tagged': path => "${s}/tagged", tag => 'mytag' }
concat_fragment { 't1': tag => 'mytag', content => "by tag\n" }
concat_fragment { 'orphan': target => 'nowhere', content => "lost\n" }
