# @summary Validate a Google Cloud object store URI
type  = Pattern[/\Ags:\/\/.*\z/]
