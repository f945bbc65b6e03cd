$topvar = 'T'
class { 'app': servers => ['x.example.com', 'y.example.com'] }
