Package[x] ->
