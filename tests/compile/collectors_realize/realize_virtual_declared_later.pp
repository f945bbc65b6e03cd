realize(Group['later'])
@group { 'later': }
