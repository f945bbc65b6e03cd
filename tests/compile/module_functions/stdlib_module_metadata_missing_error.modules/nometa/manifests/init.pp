class nometa { }
