class c { notify { 'in-c': } }
class { 'c': noop => true }
notify { 'own': noop => false }
