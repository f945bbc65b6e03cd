#Type to match URIs
type Tea::Fileuri = Pattern[/^file:\1/\/\/([^\/\0]+(\/)?)+/]
