$x = /^((claims|json|jwwt)\s?)+$/
