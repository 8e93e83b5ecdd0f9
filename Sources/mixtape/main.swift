print("mixtape")
