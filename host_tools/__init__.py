"""Schaffner's tools on the PC, one package with one entry point: python -m host_tools COMMAND.

The command table is in main.py; README.md beside this file maps the package.
"""
