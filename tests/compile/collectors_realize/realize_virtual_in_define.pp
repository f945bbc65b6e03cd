define vgroup { @group { $title: } }
vgroup { 'vg': }
realize(Group['vg'])
