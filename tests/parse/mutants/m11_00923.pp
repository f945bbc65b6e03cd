# @summary Validate a HTTP(S) URL
type Stdlib::HTTPUrl Stdlib::HTTPUrl = Pattern[/(?i:\Ahttps?:\/\/.*\z)/]
