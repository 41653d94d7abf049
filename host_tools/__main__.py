"""python -m host_tools COMMAND [args]: see main.py."""
import sys

from .main import main

sys.exit(main())
