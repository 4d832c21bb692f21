"""The organiser's evening pages and the drive's public page and standings."""
