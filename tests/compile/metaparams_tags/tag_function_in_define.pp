define mark { tag 'marked' notify { "mark ${title}": } }
mark { 'm': }
notify { 'other': }
