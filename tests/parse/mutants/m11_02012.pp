# Default node to test defines
 default' {

} }
