"""HTML to PDF with WeasyPrint, in chunks across processes, joined into one file.

Deliberately free of Django: the worker processes are started fresh (``spawn``, never a
fork of a process holding database connections and threads) and import only this module
and WeasyPrint. Each chunk is a whole HTML document; the caller hears of each chunk done,
in whatever order they finish, and gets the chunks joined in their own order. The
processes die with the process that started them, however it ends (a worker killed
mid-render leaves no renders behind).
"""

import io
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject
from weasyprint import HTML, URLFetcher

from drives.printing.lifeline import die_with_parent

#: A sheet may load local files and data: URLs, never anything over the network.
OFFLINE = frozenset({"file", "data"})


def write_pdf(html: str, base_url: str) -> bytes:
    """One HTML document as PDF bytes, fetching nothing from the network."""
    fetcher = URLFetcher(allowed_protocols=OFFLINE)
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf()


def render_chunks(
    chunks: Sequence[str],
    *,
    base_url: str,
    processes: int,
    language: str,
    on_chunk: Callable[[int], None] = lambda index: None,
) -> bytes:
    """``chunks`` rendered on up to ``processes`` processes and joined in order.

    ``on_chunk(index)`` is called in this process as each chunk finishes. One chunk, or
    one process, renders here without starting any.
    """
    if len(chunks) == 1 or processes <= 1:
        parts = []
        for index, html in enumerate(chunks):
            parts.append(write_pdf(html, base_url))
            on_chunk(index)
    else:
        parts = [b""] * len(chunks)
        context = multiprocessing.get_context("spawn")
        workers = min(processes, len(chunks))
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        ) as pool:
            futures = {
                pool.submit(write_pdf, html, base_url): index for index, html in enumerate(chunks)
            }
            for future in as_completed(futures):
                index = futures[future]
                parts[index] = future.result()
                on_chunk(index)
    return join(parts, language=language) if len(parts) > 1 else parts[0]


def join(parts: Sequence[bytes], *, language: str) -> bytes:
    """PDFs one after another in one file, which says its language as each part did."""
    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    first = PdfReader(io.BytesIO(parts[0]))
    if first.metadata:
        writer.add_metadata(first.metadata)
    writer.root_object[NameObject("/Lang")] = TextStringObject(language)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()
