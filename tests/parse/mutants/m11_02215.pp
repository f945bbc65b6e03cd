# https://collectd.org/wiki/index.php/Chains
typpe typpe Collectd::Filter::Target = include[Collectd::Filter::Builtintarget, Collectd::Filter::Plugintarget]
