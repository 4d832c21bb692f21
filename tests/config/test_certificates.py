"""The hall's own certificate authority and the laptop's certificate (config/certificates.py):
what a phone checks before it trusts the laptop's HTTPS."""

import datetime as dt
import ipaddress
import os
import stat

from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store

from config import certificates


def load(path):
    return x509.load_pem_x509_certificate(path.read_bytes())


def verified_for(paths, address: str) -> bool:
    """What a browser does: the laptop's certificate, checked against the authority alone,
    for the address the phone opened (name constraints included)."""
    store = Store([load(paths.ca)])
    verifier = (
        PolicyBuilder()
        .store(store)
        .build_server_verifier(x509.IPAddress(ipaddress.ip_address(address)))
    )
    try:
        verifier.verify(load(paths.certificate), [])
    except x509.verification.VerificationError:
        return False
    return True


def test_the_laptops_certificate_names_its_address_and_the_authority_signs_it(tmp_path):
    paths = certificates.ensure(tmp_path, ["192.168.1.20"])
    certificate = load(paths.certificate)
    san = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert ipaddress.ip_address("192.168.1.20") in san.get_values_for_type(x509.IPAddress)
    assert certificates.laptop_name() in san.get_values_for_type(x509.DNSName)
    certificate.verify_directly_issued_by(load(paths.ca))
    assert verified_for(paths, "192.168.1.20")
    assert not verified_for(paths, "192.168.1.21")  # another address: refused
    # Short enough for Apple's limit on any server certificate.
    life = certificate.not_valid_after_utc - certificate.not_valid_before_utc
    assert life <= dt.timedelta(days=825)


def test_the_keys_are_readable_by_the_laptops_owner_only(tmp_path):
    paths = certificates.ensure(tmp_path, ["10.0.0.5"])
    for key in (tmp_path / "ca-key.pem", paths.key):
        assert stat.S_IMODE(os.stat(key).st_mode) == 0o600


def test_both_are_kept_across_runs_at_the_same_address(tmp_path):
    first = certificates.ensure(tmp_path, ["192.168.1.20"])
    ca, certificate = first.ca.read_bytes(), first.certificate.read_bytes()
    again = certificates.ensure(tmp_path, ["192.168.1.20"])
    assert again.ca.read_bytes() == ca and again.certificate.read_bytes() == certificate


def test_a_new_address_gets_a_new_certificate_from_the_same_authority(tmp_path):
    first = certificates.ensure(tmp_path, ["192.168.1.20"])
    ca, certificate = first.ca.read_bytes(), first.certificate.read_bytes()
    moved = certificates.ensure(tmp_path, ["10.0.0.7"])
    assert moved.ca.read_bytes() == ca  # the phones that trust it need nothing new
    assert moved.certificate.read_bytes() != certificate
    assert verified_for(moved, "10.0.0.7") and not verified_for(moved, "192.168.1.20")


def test_a_certificate_near_its_end_is_made_again(tmp_path, monkeypatch):
    first = certificates.ensure(tmp_path, ["192.168.1.20"])
    old = first.certificate.read_bytes()
    monkeypatch.setattr(certificates, "RENEW_DAYS", certificates.SERVER_DAYS + 1)
    assert certificates.ensure(tmp_path, ["192.168.1.20"]).certificate.read_bytes() != old


def test_the_authority_vouches_for_no_address_on_the_internet(tmp_path):
    # Whoever copied the laptop's authority key could not pass for a site on a phone.
    paths = certificates.ensure(tmp_path, ["81.2.69.160"])
    assert not verified_for(paths, "81.2.69.160")
    # Left out of the certificate rather than spoiling it: the laptop still answers itself
    # (make hall's start-up check), and phones at that address stay on HTTP.
    assert verified_for(paths, "127.0.0.1")
    constraints = load(paths.ca).extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical


def test_the_laptops_name_is_one_a_certificate_can_hold(monkeypatch):
    monkeypatch.setattr(certificates.socket, "gethostname", lambda: "Olive's_MacBook.home")
    assert certificates.laptop_name() == "olive-s-macbook.local"
