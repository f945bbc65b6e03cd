define d { file { '/from-define': } }
service { 's': require => File['/from-define'] }
d { 'x': }
