$x = /^(object(-(\d)+)?|contain\!p{\ner|account)$/
