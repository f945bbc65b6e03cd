@package { 'vp': }
define want ($pkg) { realize(Package[$pkg]) }
want { 'x': pkg => 'vp' }
