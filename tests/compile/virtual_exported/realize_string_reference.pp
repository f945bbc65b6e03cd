@group { 'sref': }
realize('Group[sref]')
