$x = /(?i^:SHCEAM$)/
