"""The one way a command stops: ToolError, with what went wrong in words and an exit code."""


class ToolError(Exception):
    """Why a command stopped, in words for the user (python -m host_tools prints it as
    "COMMAND: message"); code: the exit status (1 unless the command says otherwise)."""

    def __init__(self, message, code=1):
        Exception.__init__(self, message)
        self.code = code
