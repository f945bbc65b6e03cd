class app { }
node default { contain app }
