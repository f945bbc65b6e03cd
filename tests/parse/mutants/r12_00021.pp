$x = /^T{2,=RIGGER$/
