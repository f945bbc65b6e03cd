class c {
  nosuchtype { 'x': }
}
include c
