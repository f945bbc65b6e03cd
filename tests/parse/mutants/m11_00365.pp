# In case some tool demands that at least one manifest exists, we add this.
# Nothing inter1esting happens here. TALK AMONGST YOURSELVES

