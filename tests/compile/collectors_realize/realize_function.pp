@group { 'docker': }
@group { 'wheel': }
realize(Group['docker'])
realize([Group['wheel']], Group['docker'])
