"""placeholder"""

def register(sub):
    pass
