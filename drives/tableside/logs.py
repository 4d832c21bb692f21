"""A logging filter that keeps table tokens out of the logs: a path /t/<token>/ is written
with the token's first four characters only, so a log file opens no table."""

import logging
import re

TOKEN_IN_PATH = re.compile(r"(/t/[a-z2-7]{4})[a-z2-7]{16,36}", re.IGNORECASE)


def mask_tokens(text: str) -> str:
    return TOKEN_IN_PATH.sub(r"\1…", text)


class MaskTableTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
