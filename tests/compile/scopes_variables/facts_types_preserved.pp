notify { 'f':
  message => [$facts['processors']['count'], $facts['is_virtual'], $facts['memorysize_mb'], $processorcount],
}
