# deric-zookeeper's zoo.cfg template: `servers` as an array numbered from 1
# through `map.each_with_index` (an Enumerator), or as a hash of ids.
class zookeeper (
  $servers = ['zk1.example.com', 'zk2.example.com', 'zk3.example.com'],
  $election_port = 2888,
  $leader_port = 3888,
  $observers = ['zk3.example.com'],
) {
  notify { 'zoo.cfg':
    message => inline_template(@(ERB)),
      <%-
        _servers = {}
        if scope.lookupvar("zookeeper::servers").is_a?(Array)
          scope.lookupvar("zookeeper::servers").map.each_with_index {|e, i|  _servers[i + 1] = e }
        else
          _servers = scope.lookupvar("zookeeper::servers")
        end
      -%>
      tickTime=2000
      <% _servers.each do |id, host| -%>
      server.<%= id %>=<%= host %>:<%= scope.lookupvar("zookeeper::election_port") %>:<%= scope.lookupvar("zookeeper::leader_port") %><% if @observers.include?(host) -%>:observer<% end %>
      <% end -%>
      | ERB
  }
  notify { 'myid':
    message => inline_template('<%= @servers.each_with_index.find { |s, i| s == "zk2.example.com" }.last + 1 %> <%= @servers.map.with_index(1).to_h { |s, i| [i, s.split(".").first] }.inspect %>'),
  }
}
class { 'zookeeper': }
