Package <| tag == 'late' |>
@package { 'latecomer': tag => 'late' }
