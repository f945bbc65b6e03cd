class 'x' {}
