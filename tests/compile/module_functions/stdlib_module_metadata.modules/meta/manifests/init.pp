class meta { }
