"""The laptop's address on the hall's network: the one phones open in hall mode.

Read from the machine's interfaces (psutil), with no packet sent: an interface that is up,
not the loopback nor a container's or a VPN's bridge, holding an IPv4 address that is not
link-local (169.254.x.x, what a machine gives itself when no router answered). Among
several, the interface the default route leaves by comes first (the hall's router), then
private addresses (192.168.x.x, 10.x.x.x, 172.16-31.x.x) before others, then by name.

    >>> best([Found("wlan0", "192.168.1.20"), Found("eth0", "81.2.69.160")], routed=set())
    Found(interface='wlan0', address='192.168.1.20')
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

import psutil

#: Interfaces of containers, virtual machines and VPNs: no phone in the hall is behind them.
VIRTUAL = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vnet",
    "lxc",
    "lxd",
    "vmnet",
    "vboxnet",
    "utun",
    "tun",
    "tap",
    "wg",
    "zt",
    "tailscale",
)


class NoNetwork(Exception):
    """No interface that phones could reach the laptop by is up."""


@dataclass(frozen=True)
class Found:
    interface: str
    address: str


def interfaces() -> list[Found]:
    """Every usable IPv4 address of an interface that is up, as the kernel lists them."""
    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        stat = stats.get(name)
        if stat is None or not stat.isup or name.startswith(VIRTUAL):
            continue
        for each in addresses:
            if each.family != socket.AF_INET:
                continue
            address = ipaddress.IPv4Address(each.address)
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            found.append(Found(name, each.address))
    return found


def default_route_interfaces(route_table: Path = Path("/proc/net/route")) -> set[str]:
    """The interfaces a default route leaves by (Linux's routing table; empty elsewhere)."""
    try:
        lines = route_table.read_text().splitlines()[1:]
    except OSError:
        return set()
    return {
        fields[0] for fields in map(str.split, lines) if len(fields) > 1 and fields[1] == "0" * 8
    }


def best(found: list[Found], *, routed: set[str]) -> Found:
    """The address phones should open, from ``found``; NoNetwork when there is none."""
    if not found:
        raise NoNetwork

    def rank(candidate: Found) -> tuple[bool, bool, str, str]:
        private = ipaddress.IPv4Address(candidate.address).is_private
        return (
            candidate.interface not in routed,
            not private,
            candidate.interface,
            candidate.address,
        )

    return min(found, key=rank)


def hall_address() -> Found:
    """This laptop's address on the hall's network."""
    return best(interfaces(), routed=default_route_interfaces())
