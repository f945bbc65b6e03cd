$tpl = @(EPP)
<%- | String $name, Integer $port = 80 | -%>
server <%= $name %>:<%= $port %>
EPP
file { '/etc/server.conf': content => inline_epp($tpl, { 'name' => 'web' }) }
