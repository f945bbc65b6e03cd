define tagged_def { tag 'deftag' notify { "in ${title}": } }
tagged_def { 'x': }
