class acct (Pattern[/^[a-z]+$/] $user) { }
class { 'acct': user => 'Bad User' }
