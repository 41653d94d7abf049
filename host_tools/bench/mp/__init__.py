"""The bench's modules that run inside the MicroPython runtime, compiled beside the device
image into its /bench folder and imported there by their plain names (runtime.harness)."""
