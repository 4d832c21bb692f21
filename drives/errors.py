"""The refusal every room's services raise: a message for the organiser, nothing changed."""


class DriveError(ValueError):
    """An operation the drive's state or the input does not allow."""
