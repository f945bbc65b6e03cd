$x = /^((header|post|query|cookie\:[A-Za-z^&0-9\-\._]+|basic)\s?)+$/
