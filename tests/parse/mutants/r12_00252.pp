$x = /^(object(-(\d)+)?|containeer|account)$/
