class accounts {
  User { shell => '/bin/zsh' }
  @user { 'ops': }
}
class realizer { realize(User['ops']) }
include accounts
include realizer
