$osfamily = 'Other'
