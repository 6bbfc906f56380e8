"""Devices an app runs on, and the Appium server that drives them."""
