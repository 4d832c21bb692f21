"""Hall mode's launcher (config/hall.py) and the laptop's address (config/network.py)."""

import os
import stat
from types import SimpleNamespace

import pytest

from config import hall, network
from config.network import Found, NoNetwork, best


def test_the_interface_of_the_default_route_comes_first():
    found = [Found("eth0", "10.0.0.5"), Found("wlan0", "192.168.1.20")]
    assert best(found, routed={"wlan0"}) == Found("wlan0", "192.168.1.20")
    assert best(found, routed={"eth0"}) == Found("eth0", "10.0.0.5")


def test_without_a_route_a_private_address_comes_before_a_public_one():
    found = [Found("eth0", "81.2.69.160"), Found("wlan0", "192.168.1.20")]
    assert best(found, routed=set()) == Found("wlan0", "192.168.1.20")


def test_with_no_address_there_is_no_network():
    with pytest.raises(NoNetwork):
        best([], routed={"eth0"})


def test_the_default_route_is_read_from_the_routing_table(tmp_path):
    table = tmp_path / "route"
    table.write_text(
        "Iface\tDestination\tGateway\tFlags\n"
        "wlan0\t00000000\t0101A8C0\t0003\n"
        "wlan0\t0001A8C0\t00000000\t0001\n"
        "eth1\t0000000A\t00000000\t0001\n"
    )
    assert network.default_route_interfaces(table) == {"wlan0"}
    assert network.default_route_interfaces(tmp_path / "missing") == set()


def _address(address, family=network.socket.AF_INET):
    return SimpleNamespace(family=family, address=address)


def test_only_interfaces_that_are_up_and_not_virtual_or_local_count(monkeypatch):
    addresses = {
        "lo": [_address("127.0.0.1")],
        "wlan0": [_address("192.168.1.20"), _address("fe80::1", network.socket.AF_INET6)],
        "eth0": [_address("169.254.3.4")],  # no router answered: no one else is there
        "docker0": [_address("172.17.0.1")],
        "enp3s0": [_address("10.1.2.3")],
    }
    up = {name: SimpleNamespace(isup=name != "enp3s0") for name in addresses}
    monkeypatch.setattr(network.psutil, "net_if_addrs", lambda: addresses)
    monkeypatch.setattr(network.psutil, "net_if_stats", lambda: up)
    assert network.interfaces() == [Found("wlan0", "192.168.1.20")]


def test_no_interface_up_refuses_with_a_plain_message(monkeypatch, capsys):
    monkeypatch.delenv("HALL_ADDRESS", raising=False)
    monkeypatch.setattr(network.psutil, "net_if_addrs", lambda: {"lo": [_address("127.0.0.1")]})
    monkeypatch.setattr(network.psutil, "net_if_stats", lambda: {"lo": SimpleNamespace(isup=True)})
    assert hall.main() == 2
    assert "No network is connected" in capsys.readouterr().err


def test_the_address_and_port_can_be_given(monkeypatch):
    monkeypatch.setenv("HALL_ADDRESS", "whist.local")
    monkeypatch.setenv("HALL_PORT", "8080")
    assert hall.site_url() == "http://whist.local:8080"


def test_the_laptop_keeps_one_secret_key_only_its_owner_reads(tmp_path):
    path = tmp_path / "hall" / "secret-key"
    key = hall.secret_key(path)
    assert len(key) >= 50
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert hall.secret_key(path) == key


def test_the_site_is_set_for_the_address_found(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    env = hall.hall_env("http://192.168.1.20:8000", tmp_path)
    assert env["DEBUG"] == "0" and env["HALL"] == "1"
    assert env["SITE_URL"] == "http://192.168.1.20:8000"
    assert env["ALLOWED_HOSTS"] == "192.168.1.20,127.0.0.1,localhost"
    assert env["CSRF_TRUSTED_ORIGINS"].split(",")[:2] == [
        "http://192.168.1.20:8000",
        "https://192.168.1.20:8443",
    ]
    assert env["HALL_SECURE_URL"] == "https://192.168.1.20:8443"
    assert env["HALL_CA_CERTIFICATE"] == str(tmp_path / "ca.pem")
    assert env["DATABASE_URL"] == f"sqlite:///{tmp_path / 'db.sqlite3'}"
    assert env["SECRET_KEY"] == (tmp_path / "secret-key").read_text().strip()


def test_postgresql_is_used_when_it_is_set(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whist_hall")
    env = hall.hall_env("http://192.168.1.20:8000", tmp_path)
    assert env["DATABASE_URL"] == "postgres://postgres@127.0.0.1:5432/whist_hall"


def test_the_terminal_shows_the_address_as_a_qr_code():
    text = hall.qr_for_terminal("http://192.168.1.20:8000")
    assert "▀" in text and len(text.splitlines()) > 15
    assert "http://192.168.1.20:8000/" in hall.banner("http://192.168.1.20:8000")


def test_the_terminal_says_which_phones_can_move_to_https():
    assert "move to https://192.168.1.20:8443/" in hall.banner("http://192.168.1.20:8000")
    assert "move to https://olive.local:8443/" in hall.banner("http://olive.local:8000")
    public = hall.banner("http://192.0.2.2:8000")  # not a hall network's address
    assert "move to https" not in public
    assert "phones stay on HTTP" in public


def test_hall_mode_serves_plain_http_and_closes_sign_up():
    from tests.config.test_settings import PRODUCTION, read_settings

    names = ("SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SIGNUP_OPEN")
    result = read_settings(*names, HALL="1", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"] * 4
    assert read_settings(*names, **PRODUCTION).stdout.split() == ["True"] * 4


def test_hall_mode_lets_the_http_page_ask_the_https_one_and_sends_no_hsts():
    from tests.config.test_settings import PRODUCTION, read_settings

    secure = "https://192.168.1.20:8443"
    names = ("SECURE_HSTS_SECONDS", "HALL_SECURE_URL", "CONTENT_SECURITY_POLICY")
    result = read_settings(*names, HALL="1", HALL_SECURE_URL=secure, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    hsts, url, policy = result.stdout.splitlines()
    assert hsts == "0" and url == secure
    assert f"'connect-src': [\"'self'\", '{secure}']" in policy
    away = read_settings(*names, HALL_SECURE_URL=secure, **PRODUCTION).stdout.splitlines()
    assert away[1] == "" and "connect-src" not in away[2]
