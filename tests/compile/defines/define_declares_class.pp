class common { package { 'common-tools': } }
define svc::unit { include common notify { "unit ${title}": } }
svc::unit { ['a', 'b']: }
