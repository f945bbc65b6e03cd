define site::cfg { file { "/etc/${title}": } }
site::cfg { 'a.conf': }
package { 'site': } -> Site::Cfg['a.conf']
