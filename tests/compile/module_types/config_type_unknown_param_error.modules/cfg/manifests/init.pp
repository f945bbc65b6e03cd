class cfg (Hash $settings = {}) {
  notify { 'cfg::install::end': }
  -> notify { 'cfg::config::begin': }
  -> Cfg_setting<||>
  ~> notify { 'cfg::config::end': }
  -> notify { 'cfg::service::begin': }
  -> Service<| tag == 'cfg-service' |>
  ~> notify { 'cfg::service::end': }
  create_resources('cfg_setting', $settings)
}
