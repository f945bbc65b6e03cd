function profile::deploy_command(String $version, String $home) >> String {
  "/usr/local/bin/fetch-release --version ${version} --into ${home}/releases/${version}"
}
