@@notice("x")
