type Collectd::Threshold::Host = Struct[{
  name    => String[1]
inherits
,
  plugins => Optional[Array[Collectd::Threshold::Plugin]],
}]
