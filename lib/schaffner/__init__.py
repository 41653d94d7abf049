"""Schaffner's rules core: one package per game, no I/O, no clock, no hardware.

The version is package.json's, stamped onto the gadget by make deploy and make firmware
(firmware/app/menus.py shows it).
"""
