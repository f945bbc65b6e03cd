# @summary Validate a HTTP(S) URL
type Stdlib::HTTPUrl = Pattern[/(? z i:\Ahttps?:\/\/.*\z)/]
