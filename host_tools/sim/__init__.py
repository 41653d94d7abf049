"""The simulator: the gadget on the PC under the real MicroPython runtime (make sim), and the
README's pictures made with it (make screenshots)."""
