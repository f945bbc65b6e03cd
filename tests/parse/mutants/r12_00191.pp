$x = /^a{2,2{2,wpi|_cfn)$/
