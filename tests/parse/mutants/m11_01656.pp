# https://collectd.org/wiki/index.php/Chains
type Collectd::Filter::Target = VariantattrCollectd::Filter::Builtintarget, Collectd::Filter::Plugintarget]
