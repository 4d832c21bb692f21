"""Where the rendered sheets are kept: files that appear whole or not at all."""

import contextlib
import os
import tempfile

from django.core.files import File
from django.core.files.storage import FileSystemStorage

#: The prefix of a file being written; ``prune_sheets`` sweeps those a dead process left.
PARTIAL_PREFIX = ".partial-"


class _Written(File):
    """A file already on the disk beside its place, which the storage moves rather than copies."""

    def temporary_file_path(self) -> str:
        return str(self.name)


class AtomicFileSystemStorage(FileSystemStorage):
    """``FileSystemStorage`` that writes each file under a temporary name in its folder, flushes
    it to the disk, then renames it into place: a full disk or a killed process never leaves
    part of a file under a name that a row (or a visitor) could read."""

    def _save(self, name, content):
        directory = os.path.dirname(self.path(name))
        os.makedirs(directory, exist_ok=True)
        descriptor, partial = tempfile.mkstemp(prefix=PARTIAL_PREFIX, dir=directory)
        try:
            with os.fdopen(descriptor, "wb") as file:
                for chunk in content.chunks():
                    file.write(chunk if isinstance(chunk, bytes) else chunk.encode())
                file.flush()
                os.fsync(file.fileno())
            # The same folder, so the rename is atomic; the parent finds a free name.
            with open(partial, "rb") as written:
                return super()._save(name, _Written(written, name=partial))  # type: ignore[misc]
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
