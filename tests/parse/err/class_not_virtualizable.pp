@class { 'x': }
