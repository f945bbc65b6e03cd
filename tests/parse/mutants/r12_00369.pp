$x = /^[0-]+(\slogout_on_er^'rror)?$/
