"""Which address the join lines give: one that another machine can reach.

A host bound to every address used to print the machine's name (``vm:7743``), which another
machine's resolver often does not know. The addresses of its network interfaces do not depend on
anyone's resolver, so the join lines give one of those, and the host's console names the others
(a machine on two networks has one address on each) and the local-only address.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from typing import Callable

WILDCARDS = ("", "0.0.0.0", "::")
LOOPBACK = "127.0.0.1"


def interface_ipv4() -> list[str]:
    """This machine's IPv4 addresses, the one of the default route first, loopback and link-local
    (169.254.x.x, never routed) left out. Only the standard library: the default route's address
    from a UDP socket's connect (which sends nothing), each interface's from the kernel (Linux), the
    machine name's from the resolver."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        import fcntl
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))  # SIOCGIFADDR
                except OSError:  # an interface without an IPv4 address
                    continue
                found.append(socket.inet_ntoa(answer[20:24]))
    except (ImportError, OSError, AttributeError):  # not Linux
        pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return [a for i, a in enumerate(found) if a not in found[:i] and reachable(a)]


def reachable(address: str) -> bool:
    """Whether another machine could reach this address of ours."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def local_only(bind: str) -> bool:
    """Whether a server bound here can be reached from this machine only."""
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def join_address(bind: str | None, found: Callable[[], list[str]] = interface_ipv4) -> tuple[str, list[str]]:
    """The address to put in the join lines, and the lines that tell the host which addresses
    work from where (printed before the join lines)."""
    if bind not in (None, *WILDCARDS):
        assert bind is not None
        if local_only(bind):
            return bind, [f"Bound to {bind}: only players on this machine can join (--bind 0.0.0.0 or this "
                          "machine's address for others)."]
        return bind, [f"Players join at {bind}, the address it is bound to."]
    addresses = found()
    name = socket.gethostname()
    if not addresses:
        return name, [f"This machine has no network address but its own ({LOOPBACK}): the lines name it {name}, "
                      f"which other machines may not know; on this machine {LOOPBACK} works too."]
    others = f" (or {', '.join(addresses[1:])}, on another network)" if addresses[1:] else ""
    return addresses[0], [f"From another machine players join at {addresses[0]}{others}, this machine's address "
                          f"(its name {name} may not be known there); on this machine {LOOPBACK} works too."]


__all__ = ["interface_ipv4", "join_address", "local_only", "reachable"]
