class othermod {
  assert_private()
  notify { 'othermod is not private to site code': }
}
