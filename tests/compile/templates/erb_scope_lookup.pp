# Variables from the calling scope: @name, scope['x'], scope.lookupvar with
# top-scope and qualified names, lambda parameters, facts, has_variable?.
$top = 'top value'
class lookups::params {
  $port = 8080
  $list = ['p', 'q']
}
class lookups inherits lookups::params {
  $local = 'local value'
  notify { 'scope':
    message => inline_template('<%= @local %>|<%= @port %>|<%= @top %>|<%= scope["local"] %>|<%= scope["::top"] %>|<%= scope.lookupvar("lookups::params::list").join("+") %>|<%= scope.lookupvar("nosuch").inspect %>'),
  }
  notify { 'facts':
    message => inline_template('<%= @osfamily %>|<%= @facts["os"]["family"] %>|<%= scope["::hostname"] %>|<%= @trusted["certname"] %>'),
  }
  notify { 'has_variable':
    message => inline_template('<%= has_variable?("local") %> <%= has_variable?("nosuch") %> <%= scope.include?("port") %>'),
  }
  notify { 'title_name':
    message => inline_template('<%= @title %> <%= @name %> <%= @module_name.inspect %> <%= scope.to_s %>'),
  }
  ['x', 'y'].each |$idx, $val| {
    notify { "lambda_${val}":
      message => inline_template('<%= @idx %>=<%= @val %> <%= scope.to_hash.key?("val") %> <%= scope.to_hash["local"] %>'),
    }
  }
}
include lookups
define lookups::thing($param = 'default param') {
  notify { "define_${title}":
    message => inline_template('<%= @title %>/<%= @name %>/<%= @param %>/<%= @top %>'),
  }
}
lookups::thing { 'one': }
lookups::thing { 'two': param => 'given' }
