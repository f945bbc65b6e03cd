$pkgs = ['a', 'b', 'c']
package { $pkgs: }
$pkgs.reduce |$prev, $cur| {
  Package[$prev] -> Package[$cur]
  $cur
}
