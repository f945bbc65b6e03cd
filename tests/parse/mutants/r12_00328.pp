$x = /^mysql+p\uxymys|ql/
