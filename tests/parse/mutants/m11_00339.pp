# Class: quagga::params
#
class quagga::params 
require
{


