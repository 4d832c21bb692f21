"""Test hosts on one machine: each a network namespace of its own (``ip netns``) with one
address on a private bridge, for ``bench/fleet.py``. A process started in a host listens
and connects from that host's address only; killing a host kills every process in it, as
pulling its plug would.

Everything is made by the benchmark and removed by it: the bridge, the namespaces and the
veth pairs carry a prefix of their own, and the addresses are a /24 of 10.0.0.0/8 that no
interface of the machine uses. Traffic goes only between these hosts and the machine's end
of the bridge.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import signal
import subprocess
import time
from dataclasses import dataclass


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


def unavailable() -> str | None:
    """Why network namespaces cannot be made here (None when they can)."""
    if os.geteuid() != 0:
        return "network namespaces need root (ip netns)"
    probe = f"wfprobe{os.getpid()}"
    made = _ip("netns", "add", probe, check=False)
    if made.returncode:
        return f"ip netns add failed: {made.stderr.strip() or made.returncode}"
    _ip("netns", "del", probe, check=False)
    return None


def free_subnet() -> ipaddress.IPv4Network:
    """A 10.x.y.0/24 that none of the machine's addresses is in."""
    used = [
        ipaddress.ip_interface(word).network
        for line in _ip("-4", "-o", "addr").stdout.splitlines()
        for word in line.split()
        if "/" in word and word[0].isdigit()
    ]
    for second in range(77, 250):
        for third in range(0, 250, 7):
            candidate = ipaddress.ip_network(f"10.{second}.{third}.0/24")
            if not any(candidate.overlaps(net) for net in used):
                return candidate
    raise RuntimeError("no free 10.x.y.0/24 for the bench's bridge")


@dataclass
class Host:
    name: str  # the namespace
    address: str

    def command(self, *args: str) -> list[str]:
        return ["ip", "netns", "exec", self.name, *args]

    def start(self, args: list[str], **popen) -> subprocess.Popen:
        return subprocess.Popen(self.command(*args), **popen)

    def run(self, args: list[str], **run) -> subprocess.CompletedProcess:
        return subprocess.run(self.command(*args), **run)

    def pids(self) -> list[int]:
        listed = _ip("netns", "pids", self.name, check=False).stdout.split()
        return [int(pid) for pid in listed]

    def kill(self) -> int:
        """SIGKILL every process in the host, as a power cut would; how many there were."""
        pids = self.pids()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        return len(pids)


class Network:
    """A bridge on the machine and hosts attached to it; ``close`` removes them all."""

    def __init__(self, prefix: str = "wf"):
        self.prefix = f"{prefix}{os.getpid() % 10000}"
        self.subnet = free_subnet()
        self.bridge = f"{self.prefix}br"
        self.gateway = str(self.subnet[1])  # the machine's own end: where the load comes from
        self.hosts: list[Host] = []
        _ip("link", "add", self.bridge, "type", "bridge")
        _ip("addr", "add", f"{self.gateway}/24", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")

    def host(self, name: str, number: int) -> Host:
        namespace = f"{self.prefix}-{name}"
        outside = f"{self.prefix}{name}"[:15]
        _ip("netns", "add", namespace)
        _ip("link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", namespace)
        _ip("link", "set", outside, "master", self.bridge, "up")
        address = str(self.subnet[number])
        for args in (
            ("addr", "add", f"{address}/24", "dev", "eth0"),
            ("link", "set", "eth0", "up"),
            ("link", "set", "lo", "up"),
        ):
            _ip("-n", namespace, *args)
        host = Host(namespace, address)
        self.hosts.append(host)
        return host

    def close(self) -> None:
        for host in self.hosts:
            host.kill()
            _ip("netns", "del", host.name, check=False)
        _ip("link", "del", self.bridge, check=False)
