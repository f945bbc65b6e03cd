#Type to match URIs
type Tea::Puppeturi = Pattern[^puppet:\/\/\/modules\/(
@@
[^\/\0]+(\/)?)+/]
