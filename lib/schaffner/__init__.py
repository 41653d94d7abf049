"""Schaffner's rules core: one package per game, no I/O, no clock, no hardware."""
