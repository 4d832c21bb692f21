"""A render process's tie to the process that started it, in a module that imports next to
nothing: a spawned process runs it before anything heavy (WeasyPrint takes seconds to
import), so it is bound from its first moments."""

import ctypes
import os
import signal
import sys

#: prctl(2): ask the kernel for a signal when the parent ends.
PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Be killed by the kernel when ``parent`` ends, even by SIGKILL, which leaves the
    parent no chance to stop its children."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent ended before the kernel was asked
        os._exit(1)
