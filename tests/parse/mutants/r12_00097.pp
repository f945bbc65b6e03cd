$x = /^ap(i|_cfn)$/
