$x = /file|http|swiftr|bd|cinder|vsphere/
