$a = inline_template('<%= "%9999999999999s" % "x" %>')
