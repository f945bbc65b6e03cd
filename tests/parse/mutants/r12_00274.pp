$x = /^(whezy|)?7.)/
