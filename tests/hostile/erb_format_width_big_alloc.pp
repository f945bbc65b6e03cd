$a = inline_template('<%= "%2000000000s" % "x" %>')
