print("xmlevents")
