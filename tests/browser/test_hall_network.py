"""The evening as a hall has it: a laptop and the phones on a network of their own.

The test makes two hosts with network namespaces (``ip netns``) joined by a virtual cable
(veth): the laptop, whose interface is called wlan0, runs ``python -m config.hall`` (what
``make hall`` runs) and finds its address by itself; the phones run Chromium inside the
other namespace. The organiser prints the table cards with QR codes; the test reads the
code off the printed PDF (pdftoppm, then zbarimg) and a phone opens that address, enters
its table's tricks, loses the network (the phone's link set down) between typing and
sending, reloads, and sends when the link is back; a second phone confirms, and the
dashboard shows the result.

The QR codes lead to plain HTTP, where browsers start no service worker: the first phone
is such a phone, whose reload without a network shows the browser's own page, and whose
reload with it sends the figures kept. The laptop also serves HTTPS with a certificate of
its own authority: the second table's phone trusts that authority as a phone does once the
organiser installed it (the laptop's ca.pem in the NSS database of that Chromium's home,
with certutil; no certificate error is ignored), so its table page moves from the QR code's
HTTP address to HTTPS, with the figures typed there, and its reload without a network shows
the kept table page.

Skipped with a message where namespaces cannot be made (not root, no iproute2), or without
pdftoppm, zbarimg or certutil (.ci/run installs them). Everything it makes goes when it ends.
"""

import base64
import os
import shutil
import signal
import sqlite3
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from config.hall import hall_env
from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    kept_by_the_worker,
    screenshot,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 740}
PASSWORD = "hall-password-1"
NOT_SENT = "Not sent yet: your figures are kept on this phone"
SETUP = (
    f"PASSWORD = {PASSWORD!r}\n"
    + """
import datetime as dt
from django.contrib.auth import get_user_model
from drives.evening import lifecycle
from drives.models import Club, ClubRole, Drive, Entry, Player
user = get_user_model().objects.create_user("olive", password=PASSWORD)
club = Club.objects.create(name="Hollybush Whist Club", slug="hollybush")
club.memberships.create(user=user, role=ClubRole.ORGANISER)
drive = Drive.objects.create(
    club=club, title="Village Hall Drive", date=dt.date(2026, 12, 4), deals=4,
    movement="individual",
)
for number in range(1, 9):
    player = Player.objects.create(club=club, name=f"Player {number}")
    Entry.objects.create(drive=drive, player=player, card_number=number, role=player.role)
lifecycle.drive_start(drive=drive)
print(drive.pk)
"""
)


#: The PDF at an address, fetched by the page (its cookies), as base64; "" while the sheet is
#: still being printed (the address then leads to its progress page).
FETCH_PDF = """async url => {
  const response = await fetch(url);
  if (!response.headers.get("Content-Type").startsWith("application/pdf")) return "";
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  }
  return btoa(text);
}"""


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


class Hall:
    """Two namespaces, the laptop's and the phones', on one /24 of their own."""

    def __init__(self):
        tag = str(os.getpid() % 100_000)
        self.laptop, self.phones = f"whist-laptop-{tag}", f"whist-phones-{tag}"
        self.subnet = f"10.213.{os.getpid() % 200 + 1}"
        self.phone_link = f"whp{tag}"

    def make(self) -> None:
        laptop_link = f"whl{self.phone_link[3:]}"
        steps = [
            ["ip", "netns", "add", self.laptop],
            ["ip", "netns", "add", self.phones],
            ["ip", "link", "add", laptop_link, "type", "veth", "peer", "name", self.phone_link],
            ["ip", "link", "set", laptop_link, "netns", self.laptop],
            ["ip", "link", "set", self.phone_link, "netns", self.phones],
            ["ip", "-n", self.laptop, "link", "set", laptop_link, "name", "wlan0"],
            ["ip", "-n", self.laptop, "addr", "add", f"{self.subnet}.1/24", "dev", "wlan0"],
            ["ip", "-n", self.phones, "addr", "add", f"{self.subnet}.2/24", "dev", self.phone_link],
            ["ip", "-n", self.laptop, "link", "set", "lo", "up"],
            ["ip", "-n", self.laptop, "link", "set", "wlan0", "up"],
            ["ip", "-n", self.phones, "link", "set", "lo", "up"],
            ["ip", "-n", self.phones, "link", "set", self.phone_link, "up"],
        ]
        for step in steps:
            done = run(*step)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(step)}: {done.stderr.strip()}")

    def phones_link(self, state: str) -> None:
        assert run("ip", "-n", self.phones, "link", "set", self.phone_link, state).returncode == 0

    def remove(self) -> None:
        for name in (self.laptop, self.phones):
            run("ip", "netns", "del", name)


@pytest.fixture(scope="module")
def hall_network():
    for tool in ("ip", "pdftoppm", "zbarimg", "certutil"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed: the hall network test needs it")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (make chromium)")
    hall = Hall()
    try:
        hall.make()
    except RuntimeError as error:
        hall.remove()
        pytest.skip(f"network namespaces are not available here ({error})")
    try:
        yield hall
    finally:
        hall.remove()


def _wait_for_line(log: Path, text: str, server: subprocess.Popen, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in log.read_text(errors="replace").splitlines():
            if text in line:
                return line
        if server.poll() is not None:
            raise AssertionError("make hall stopped:\n" + log.read_text(errors="replace"))
        time.sleep(0.5)
    raise AssertionError(f"make hall printed no {text!r}:\n" + log.read_text(errors="replace"))


@pytest.fixture(scope="module")
def laptop(hall_network):
    """The laptop serving the hall, as `make hall` starts it, with a drive under way."""
    data = Path(tempfile.mkdtemp(prefix="whist-hall-"))
    site = f"http://{hall_network.subnet}.1:8000"
    env = {k: v for k, v in hall_env(site, data).items() if k != "DATABASE_URL"}
    env.update(DATABASE_URL=f"sqlite:///{data / 'db.sqlite3'}", HALL_WORKERS="2")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    pk = subprocess.run(
        [*manage, "shell", "-c", SETUP], cwd=ROOT, env=env, check=True, capture_output=True
    ).stdout.split()[-1]
    # No address given: the laptop finds its own, as in the hall.
    launcher_env = {k: v for k, v in env.items() if k not in ("SITE_URL", "HALL_ADDRESS")}
    log = data / "hall.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            ["ip", "netns", "exec", hall_network.laptop, sys.executable, "-m", "config.hall"],
            cwd=ROOT,
            env={**launcher_env, "HALL_DATA": str(data)},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        line = _wait_for_line(log, "Phones on the hall's Wi-Fi open:", server, timeout=300)
        yield {
            "site": line.split()[-1].rstrip("/"),
            "drive": int(pk),
            "database": str(data / "db.sqlite3"),
            "ca": data / "ca.pem",
        }
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="module")
def phones_browser(chromium, hall_network, laptop, tmp_path_factory):
    """Chromium inside the phones' namespace; the session's Playwright drives it by pipe."""
    wrapper = tmp_path_factory.mktemp("phones") / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {hall_network.phones} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)

    # A home whose NSS database trusts the hall's authority, as a phone does once the
    # organiser installed its certificate: Chromium on Linux reads ~/.pki/nssdb.
    home = tmp_path_factory.mktemp("trusting-phone")
    nssdb = f"sql:{home / '.pki' / 'nssdb'}"
    (home / ".pki" / "nssdb").mkdir(parents=True)
    for command in (
        ["certutil", "-N", "-d", nssdb, "--empty-password"],
        ["certutil", "-A", "-d", nssdb, "-t", "C,,", "-n", "hall", "-i", str(laptop["ca"])],
    ):
        subprocess.run(command, check=True, capture_output=True)

    def launch(**env: str):
        return chromium.browser_type.launch(
            executable_path=str(wrapper), args=CHROMIUM_ARGS, env={**os.environ, **env}
        )

    plain = launch()
    trusting = launch(HOME=str(home))
    yield plain, trusting
    plain.close()
    trusting.close()


def printed_table_links(page, site: str, drive: int) -> list[str]:
    """The QR codes of the table cards as printed: the PDF fetched by the organiser's browser,
    each page turned into an image, each code read back."""
    url = f"{site}/drives/{drive}/table-cards-qr.pdf"
    for _attempt in range(120):  # rendered by the worker when not at once
        answer = page.evaluate(FETCH_PDF, url)
        if answer:
            break
        page.wait_for_timeout(1000)
    else:
        raise AssertionError("the table cards never printed")
    folder = Path(tempfile.mkdtemp(prefix="whist-cards-"))
    try:
        (folder / "cards.pdf").write_bytes(base64.b64decode(answer))
        subprocess.run(
            ["pdftoppm", "-r", "150", "-png", str(folder / "cards.pdf"), str(folder / "page")],
            check=True,
        )
        images = sorted(str(path) for path in folder.glob("page*.png"))
        read = subprocess.run(["zbarimg", "--raw", "-q", *images], capture_output=True, text=True)
        return sorted(read.stdout.split())
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def sides_of(page, printed: list[str]) -> dict[tuple[str, str], str]:
    """Each printed link by (table, side), as the page it opens says."""
    found = {}
    for link in printed:
        response = page.goto(link)
        banner = page.locator("#side")
        try:
            banner.wait_for(timeout=60_000)  # a laptop busy with the whole suite beside it
        except PlaywrightError:
            status = response.status if response else None
            raise AssertionError(f"{link} answered {status}: {page.content()[:2000]}") from None
        side = banner.get_attribute("data-side")
        found[page.locator("#table-number").inner_text(), side] = link
    page.close()
    return found


def entries(laptop, table: str) -> list[tuple[str, str]]:
    """The sides' figures the laptop's database holds for ``table``."""
    with sqlite3.connect(laptop["database"]) as connection:
        return connection.execute(
            "SELECT side, tricks FROM drives_pendingentry WHERE drive_id = ? AND "
            '"table" = ? ORDER BY id',
            (laptop["drive"], int(table)),
        ).fetchall()


def open_when_back(page, address: str) -> None:
    """The phone's reload once the link is up again (a few tries while it comes back)."""
    for _attempt in range(30):
        try:
            page.goto(address)
            return
        except PlaywrightError as error:  # net::ERR_… while the link comes up
            if "ERR_" not in str(error) and "interrupted" not in str(error):
                raise
            page.wait_for_timeout(1000)
    raise AssertionError("the laptop never answered again")


def test_a_table_enters_through_a_lost_link_in_a_hall_with_no_internet(
    hall_network, laptop, phones_browser
):
    plain, trusting = phones_browser
    site, drive = laptop["site"], laptop["drive"]
    assert site == f"http://{hall_network.subnet}.1:8000"  # found on wlan0 by the laptop

    organiser = plain.new_context(viewport=DESKTOP)
    organiser.set_default_timeout(60_000)
    dashboard = organiser.new_page()
    dashboard.goto(f"{site}/accounts/login/?next=/drives/{drive}/tables/")
    dashboard.fill("input[name=username]", "olive")
    dashboard.fill("input[name=password]", PASSWORD)
    dashboard.get_by_role("button", name="Log in").click()
    dashboard.wait_for_url(f"**/drives/{drive}/tables/")
    assert f"{site}/" in dashboard.locator(".hall-address").inner_text()
    # The page for putting the hall's certificate on each phone, and the certificate itself.
    guide = organiser.new_page()
    guide.goto(dashboard.url)
    guide.get_by_role("link", name="Keep the table pages on phones when the signal drops").click()
    guide.get_by_role("heading", name="On an iPhone or iPad").wait_for()
    screenshot(guide, "hall-0-certificate-page")
    with guide.expect_download() as download:
        guide.get_by_role("link", name="Download the hall's certificate").click()
    assert download.value.suggested_filename == "whist-drive-hall.crt"
    assert Path(download.value.path()).read_bytes() == ssl.PEM_cert_to_DER_cert(
        laptop["ca"].read_text()
    )
    guide.close()
    printed = printed_table_links(dashboard, site, drive)
    assert len(printed) == 4 and all(link.startswith(f"{site}/t/") for link in printed)
    links = sides_of(organiser.new_page(), printed)
    assert sorted(links) == [("1", "EW"), ("1", "NS"), ("2", "EW"), ("2", "NS")]

    # Table 1, a phone as phones are on plain HTTP: no service worker.
    north_south = plain.new_context(viewport=PHONE).new_page()
    north_south.context.set_default_timeout(30_000)
    north_south.goto(links["1", "NS"])
    table = north_south.locator("#table-number").inner_text()
    north_south.get_by_label("N–S tricks").fill("8")
    hall_network.phones_link("down")
    north_south.get_by_role("button", name="Send", exact=True).click()
    north_south.get_by_text(NOT_SENT).wait_for()
    screenshot(north_south, "hall-1-not-sent")
    with pytest.raises(PlaywrightError, match="ERR_"):
        north_south.reload()  # the browser's own page: nothing keeps this one on plain HTTP
    hall_network.phones_link("up")
    open_when_back(north_south, links["1", "NS"])
    # Sent now, or already there (a post cut off may still reach the laptop when the link
    # comes back): stored once either way, and nothing left waiting on the phone.
    north_south.get_by_text("Waiting for E–W to confirm.").wait_for()
    north_south.wait_for_function("() => localStorage.length === 0")
    assert north_south.url == links["1", "NS"]  # not trusting the laptop: it stays on HTTP
    screenshot(north_south, "hall-2-sent-when-back")
    assert entries(laptop, table) == [("NS", '{"1": 8}')]

    # A second phone, E–W's, confirms.
    east_west = plain.new_context(viewport=PHONE).new_page()
    east_west.goto(links["1", "EW"])
    east_west.get_by_role("button", name="E–W: these figures are right").click()
    east_west.locator("#tableside").get_by_text(
        "Thank you: the table's result is stored."
    ).wait_for()

    # Table 2, a phone that trusts the laptop's authority. Its first visit finds no HTTPS
    # (held back here, as by a laptop still starting): it stays on HTTP, where E–W types.
    secure = laptop["site"].replace("http://", "https://").replace(":8000", ":8443")
    worker_phone = trusting.new_context(viewport=PHONE).new_page()
    worker_phone.context.set_default_timeout(30_000)
    # Refused in the browser's own network stack (Playwright's routing does not mix with
    # service workers).
    devtools = worker_phone.context.new_cdp_session(worker_phone)
    devtools.send("Network.enable")
    devtools.send("Network.setBlockedURLs", {"urls": [f"{secure}/*"]})
    worker_phone.goto(links["2", "EW"])
    worker_phone.get_by_label("N–S tricks").fill("6")
    worker_phone.wait_for_function("() => localStorage.length === 1")
    assert worker_phone.url == links["2", "EW"]
    # HTTPS answers: the page moves there by itself, the figures typed with it.
    devtools.send("Network.setBlockedURLs", {"urls": []})
    devtools.detach()
    worker_phone.reload()
    worker_phone.wait_for_url(links["2", "EW"].replace(site, secure))
    assert worker_phone.get_by_label("N–S tricks").input_value() == "6"
    kept_by_the_worker(worker_phone)
    hall_network.phones_link("down")
    worker_phone.get_by_role("button", name="Send", exact=True).click()
    worker_phone.get_by_text(NOT_SENT).wait_for()
    worker_phone.reload()  # the kept page, with the figures and the line
    worker_phone.get_by_text(NOT_SENT).wait_for()
    assert worker_phone.get_by_label("N–S tricks").input_value() == "6"
    screenshot(worker_phone, "hall-3-reloaded-offline")
    hall_network.phones_link("up")
    worker_phone.get_by_text("Waiting for N–S to confirm.").wait_for(timeout=60_000)
    worker_phone.wait_for_function("() => localStorage.length === 0")
    table_two = worker_phone.locator("#table-number").inner_text()
    assert entries(laptop, table_two) == [("EW", '{"1": 6}')]
    confirm = plain.new_context(viewport=PHONE).new_page()
    confirm.goto(links["2", "NS"])
    confirm.get_by_role("button", name="N–S: these figures are right").click()
    confirm.locator("#tableside").get_by_text("Thank you: the table's result is stored.").wait_for()

    # The results on the organiser's dashboard, which followed by itself.
    for number in (table, "1" if table == "2" else "2"):
        dashboard.locator(f"#tile-{number}[data-state=confirmed]").wait_for()
    screenshot(dashboard, "hall-4-dashboard")
    organiser.close()
