$x = /(ab0sent|purged)/
