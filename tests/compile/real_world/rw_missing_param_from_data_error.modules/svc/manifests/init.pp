class svc (Integer $workers, Integer[1, 65535] $port) {
  contain svc::config
}
