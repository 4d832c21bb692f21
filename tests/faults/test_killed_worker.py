"""A sheet worker killed mid-render: its render processes die with it, and another worker
hands the sheet on and prints it whole (``drives.printing.lease``)."""

import time

from pypdf import PdfReader

from tests.faults.conftest import LEASE_SECONDS, alive, children, stop, wait_for


def test_a_worker_killed_mid_render_leaves_no_renders_and_the_next_worker_prints_the_sheet(
    sqlite_site,
):
    site = sqlite_site
    sheet = site.queue_scorecards(players=28)  # two chunks (24 and 4 cards), two processes
    first = site.worker("first")
    second = None
    try:

        def rendering():
            renders = [pid for pid in children(first.pid) if _is_render(pid)]
            return len(renders) == 2 and site.sheet(sheet)["status"] == "running" and renders

        # A worker starting on a crowded machine (two cores, the suite's other worker beside
        # it) takes a minute or more to import WeasyPrint in itself and in two render processes.
        renders = wait_for(rendering, timeout=180, what="the first worker to start rendering")
        assert site.sheet(sheet)["done"] < 28
        first.kill()  # SIGKILL: no chance to tidy anything
        first.wait()
        killed = time.monotonic()
        wait_for(
            lambda: not any(map(alive, renders)), timeout=5, what="the render processes to end"
        )
        orphans_gone = time.monotonic() - killed

        second = site.worker("second")  # as systemd restarts it
        wait_for(
            lambda: site.sheet(sheet)["attempts"] == 2,
            timeout=60,
            what="the second worker to take the sheet up",
        )
        handed_on = time.monotonic() - killed
        ready = wait_for(
            lambda: (row := site.sheet(sheet))["status"] == "ready" and row,
            timeout=120,
            what="the second worker to print the sheet",
        )
        recovered = time.monotonic() - killed
    finally:
        stop(first)
        if second:
            stop(second)

    print(
        f"\nkilled mid-render: render processes gone in {orphans_gone:.2f} s; the sheet taken "
        f"up again {handed_on:.1f} s and ready {recovered:.1f} s after the kill "
        f"(lease {LEASE_SECONDS} s)"
    )
    assert ready["attempts"] == 2 and ready["done"] == ready["total"] == 28
    assert ready["failure"] == "" and ready["lease"] == ""
    pdf = PdfReader(site.media / ready["file"])
    assert len(pdf.pages) == 14  # every card, two A5 cards to an A4 sheet
    assert "Card 28" in pdf.pages[-1].extract_text()
    # The dead worker's task is closed, not left "running" for ever; the new one succeeded.
    assert site.tasks() == ["FAILED", "SUCCESSFUL"]
    assert "stopped with its worker" in site.log("second")
    assert not list(site.media.rglob(".partial-*"))


def _is_render(pid: int) -> bool:
    """A process of the spawned pool (not multiprocessing's resource tracker)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return b"multiprocessing.spawn" in cmdline.read()
    except (FileNotFoundError, ProcessLookupError):  # it ended between the listing and now
        return False
