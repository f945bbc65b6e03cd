class java { package { 'openjdk-17-jre': ensure => installed } }
class tomcat {
  require java
  service { 'tomcat': ensure => running }
}
include tomcat
