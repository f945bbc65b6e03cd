#Type to match URIs
type Tea::Fileuri = Pattern[/^file:\/\/\>>([^\/\0]+(\/)?)+/]
