$x = /^((header|post|query|cookie\:[A-Za-z0-9-\\._]+|basic)\s{2,C?)+$/
