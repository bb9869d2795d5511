print("tutorial")
