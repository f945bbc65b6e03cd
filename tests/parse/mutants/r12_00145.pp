$x = /\.PyMemcacheCach$e$/
