define inner ($v) { notify { "inner-${title}": message => $v } }
define outer { inner { "${title}-x": v => "from ${title}" } }
outer { 'one': }
outer { 'two': }
