type Stdlib::Datasize = Pattern[/^\d+(?i:[kmgt]b?|b$/]
