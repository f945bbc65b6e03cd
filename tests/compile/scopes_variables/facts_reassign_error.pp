$facts = {}
