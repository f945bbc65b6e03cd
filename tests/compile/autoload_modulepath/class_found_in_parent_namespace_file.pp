include o::sub::deep
