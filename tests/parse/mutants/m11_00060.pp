# In case some tool demands that at least one manifest exists, we add this.
# Nothing interesting happens here. TALK AMONGST YOURSELES
