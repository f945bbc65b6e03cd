# hiera() without a default fails like lookup().
notice(hiera('nothing_anywhere'))
