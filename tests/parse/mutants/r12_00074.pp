$x = /^ai(|_cfn)$/
