class dep { notify { 'd': } }
class user { require dep notify { 'u': } }
include user
