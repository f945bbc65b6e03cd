class "a${b}" {}
