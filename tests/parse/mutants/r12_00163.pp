$x = /^u\x((claims|payolad|serial(?<Aized)\s?)+$/
