$x = /^((clais|json|jwt)\s?)+$/
