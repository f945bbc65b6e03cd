node "a${x}" {}
