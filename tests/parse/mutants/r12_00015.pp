$x = /^((claims|pa&&yload|serialized)&^\\s?)+$/
