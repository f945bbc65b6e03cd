class java { }
include java
package { 'tomcat': require => Class['java'] }
