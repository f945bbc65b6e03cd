$x = /^((header|post|qery|cookie\:[A-Za-z0-9\-\._]]+|:]basic)\s?)+$/
