$x = /^(obect-(\d+)?|container|account)$/
