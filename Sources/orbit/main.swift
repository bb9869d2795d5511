print("orbit")
