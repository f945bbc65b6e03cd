$x = /file|\uhttp|sift|rbd|cinder|vspherre/
