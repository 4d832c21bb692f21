"""The hall's own certificate authority, so that phones can reach the laptop over HTTPS.

Browsers start a service worker (what keeps the table page on a phone for a reload without
a signal) only on a secure origin, and no public authority certifies a laptop's address on
a village hall's Wi-Fi. So hall mode makes, once, an authority of its own (``ca.pem``, its
key ``ca-key.pem`` readable by the laptop's owner only, in ``hall-data/`` beside the secret
key) and with it a certificate for the laptop's hall address (``server.pem``,
``server-key.pem``), made again when the address changes or its end draws near. A phone
whose owner installed ``ca.pem`` (the organiser's page, ``/hall/certificate/``) trusts the
laptop's HTTPS; every other phone keeps using plain HTTP.

The authority may vouch only for local names and private addresses (name constraints), so a
phone that trusts it trusts it for nothing on the internet, whoever might copy its key.

    >>> paths = ensure(tmp, ["192.168.1.20"])  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import re
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: What the authority may vouch for: the private networks a hall's router hands out, the
#: laptop itself, and names ending in .local (the laptop's own name on the network).
PERMITTED = [
    x509.IPAddress(ipaddress.ip_network(network))
    for network in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8")
] + [x509.DNSName("local"), x509.DNSName("localhost")]
CA_YEARS = 20
#: Under Apple's limit for a server certificate whoever issued it (825 days, from its start).
SERVER_DAYS = 800
#: A certificate this close to its end is made again at the next start.
RENEW_DAYS = 60


@dataclass(frozen=True)
class HallCertificates:
    ca: Path
    certificate: Path
    key: Path


def ensure(data: Path, addresses: list[str]) -> HallCertificates:
    """The authority in ``data`` (made on the first run) and a certificate for ``addresses``
    (IP addresses or names) with the laptop's .local name, made again when they change."""
    data.mkdir(parents=True, exist_ok=True)
    ca_path, ca_key_path = data / "ca.pem", data / "ca-key.pem"
    server_path, server_key_path = data / "server.pem", data / "server-key.pem"
    if not (ca_path.exists() and ca_key_path.exists()):
        made = ec.generate_private_key(ec.SECP256R1())
        _write_key(ca_key_path, made)
        ca_path.write_bytes(_authority(made).public_bytes(serialization.Encoding.PEM))
    ca = x509.load_pem_x509_certificate(ca_path.read_bytes())
    ca_key = serialization.load_pem_private_key(ca_key_path.read_bytes(), password=None)
    if not isinstance(ca_key, ec.EllipticCurvePrivateKey):
        raise ValueError(f"{ca_key_path} is not the key this laptop made for its authority.")
    names = subject_names(addresses)
    if not (server_key_path.exists() and _still_good(server_path, ca, names)):
        key = ec.generate_private_key(ec.SECP256R1())
        certificate = _server(ca, ca_key, key, names)
        _write_key(server_key_path, key)
        server_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return HallCertificates(ca=ca_path, certificate=server_path, key=server_key_path)


def subject_names(addresses: list[str]) -> list[x509.GeneralName]:
    """The addresses phones may open, then the laptop's own name and itself.

    An address the authority may not vouch for (a public one) is left out: one name outside
    its constraints would make every browser refuse the whole certificate, the laptop's own
    start-up check included. Phones at such an address stay on HTTP.
    """
    names: list[x509.GeneralName] = []
    for address in [*addresses, laptop_name(), "localhost", "127.0.0.1"]:
        name = subject_name(address)
        if name not in names and vouched_for(name):
            names.append(name)
    return names


def subject_name(address: str) -> x509.GeneralName:
    """An IP address or a host name as a certificate names it."""
    try:
        return x509.IPAddress(ipaddress.ip_address(address))
    except ValueError:
        return x509.DNSName(address.lower())


def vouched_for(name: x509.GeneralName) -> bool:
    """The authority's name constraints (``PERMITTED``) allow ``name``."""
    if isinstance(name, x509.IPAddress):
        return any(
            isinstance(allowed.value, ipaddress.IPv4Network | ipaddress.IPv6Network)
            and name.value in allowed.value
            for allowed in PERMITTED
            if isinstance(allowed, x509.IPAddress)
        )
    return any(
        name.value == allowed.value or name.value.endswith("." + allowed.value)
        for allowed in PERMITTED
        if isinstance(allowed, x509.DNSName)
    )


def laptop_name() -> str:
    """The laptop's name on the hall's network as macOS and Linux announce it (mDNS)."""
    host = re.sub(r"[^a-z0-9-]+", "-", socket.gethostname().split(".")[0].lower()).strip("-")
    return f"{host or 'whist-drive'}.local"


def _write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    """A private key readable by the laptop's owner only, as the secret key is."""
    path.unlink(missing_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )


def _authority(key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    # The name phones show in their list of certificates: the organiser recognises it.
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Whist Drive"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Whist Drive hall ({laptop_name()})"),
        ]
    )
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(
            x509.NameConstraints(permitted_subtrees=PERMITTED, excluded_subtrees=None),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


def _server(
    ca: x509.Certificate,
    ca_key: ec.EllipticCurvePrivateKey,
    key: ec.EllipticCurvePrivateKey,
    names: list[x509.GeneralName],
) -> x509.Certificate:
    now = dt.datetime.now(dt.UTC)
    first = names[0].value
    return (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, str(first))]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )


def _still_good(path: Path, ca: x509.Certificate, names: list[x509.GeneralName]) -> bool:
    """The kept certificate names exactly these addresses, comes from this authority and
    has more than RENEW_DAYS to run."""
    try:
        certificate = x509.load_pem_x509_certificate(path.read_bytes())
    except (FileNotFoundError, ValueError):
        return False
    try:
        certificate.verify_directly_issued_by(ca)
    except (ValueError, TypeError, InvalidSignature):
        return False  # the authority was made anew: its phones need a new certificate
    san = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    left = certificate.not_valid_after_utc - dt.datetime.now(dt.UTC)
    return list(san) == names and left > dt.timedelta(days=RENEW_DAYS)
