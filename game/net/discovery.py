"""Tables on the local network: the host announces its table by mDNS/DNS-SD, a joiner lists them.

The announcement is a DNS-SD service of type `SERVICE_TYPE` whose TXT properties say what a
joiner needs to choose a table (`TableAd`): the host's name, the seats taken, the preset and
the versions; its address records hold the host's IPv4 and IPv6 addresses (zeroconf
answers on both where the computer has IPv6), or the one address a table listens on (on IPv6
alone for an IPv6 address). It never carries the join code, a token or
anything hidden: everyone on the network reads it. A TXT record comes from any computer on
the network, so `read_properties` reads it as strictly as the protocol reads a message and
trusts none of its values.

zeroconf runs its own thread; the browser's callbacks run there and only fill a snapshot
behind a lock, which the caller reads (`TableBrowser.tables`) from its own thread.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass

import ifaddr
from zeroconf import (
    Error,
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

SERVICE_TYPE = "_17steps._tcp.local."
TXT_VERSION = "1"
"""The layout of the TXT properties (DNS-SD's `txtvers`); a reader skips another layout."""
MAX_NAME = 32
MAX_PRESET = 32
MAX_GAME_VERSION = 32
MAX_VALUE_BYTES = 255
"""DNS-SD's limit for one `key=value` string; a longer value is not a record we wrote."""
MAX_KEYS = 16
MAX_SEATS = 4
MAX_TABLES = 64
"""Tables kept by a browser: a network that announces more is not one to list them all from."""
RESOLVE_TIMEOUT_MS = 1500
PRESET_PATTERN = re.compile(r"[a-z0-9_]{1,32}")
GAME_VERSION_PATTERN = re.compile(r"[0-9A-Za-z.+-]{1,32}")
_KEYS_TEXT = ("txtvers", "name", "taken", "seats", "preset", "game", "proto")
_KEYS = frozenset(key.encode("ascii") for key in _KEYS_TEXT)


class DiscoveryError(ValueError):
    """A TXT record that is not a table's announcement of this layout."""


@dataclass(frozen=True)
class TableAd:
    """What a table announces: nothing that is not shown to everyone at the table."""

    name: str
    taken: int
    seats: int
    preset: str
    game_version: str
    protocol: int


@dataclass(frozen=True)
class FoundTable:
    """A table a browser found: its announcement and where to join it."""

    ad: TableAd
    host: str
    port: int

    @property
    def address(self) -> str:
        """`host:port` as `python -m game join` takes it (`[v6]:port` for IPv6)."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def table_properties(ad: TableAd) -> dict[str, str]:
    """The TXT properties announcing `ad`."""
    return {"txtvers": TXT_VERSION, "name": ad.name, "taken": str(ad.taken), "seats": str(ad.seats),
            "preset": ad.preset, "game": ad.game_version, "proto": str(ad.protocol)}


def read_properties(properties: Mapping[bytes, bytes | None]) -> TableAd:
    """A table's announcement from TXT properties as they came off the network: exactly the
    keys this layout writes (others are ignored, as DNS-SD asks), each value valid UTF-8
    within its limit; raises DiscoveryError otherwise."""
    if len(properties) > MAX_KEYS:
        raise DiscoveryError(f"{len(properties)} TXT keys; a table announces {len(_KEYS_TEXT)}")
    values: dict[str, str] = {}
    for key, value in properties.items():
        if not isinstance(key, bytes) or not isinstance(value, bytes | None):
            raise DiscoveryError("a TXT property that is not bytes")
        if key.lower() not in _KEYS:
            continue
        if value is None or len(value) > MAX_VALUE_BYTES:
            raise DiscoveryError(f"TXT property {key!r} without a value or too long")
        try:
            values[key.lower().decode("ascii")] = value.decode("utf-8")
        except UnicodeDecodeError as error:
            raise DiscoveryError(f"TXT property {key!r} is not UTF-8") from error
    if set(values) != set(_KEYS_TEXT):
        raise DiscoveryError(f"TXT properties missing: {', '.join(sorted(set(_KEYS_TEXT) - set(values)))}")
    if values["txtvers"] != TXT_VERSION:
        raise DiscoveryError(f"TXT layout {values['txtvers']!r}, not {TXT_VERSION}")
    name = values["name"]
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise DiscoveryError("the host's name is empty, too long or not printable")
    if not PRESET_PATTERN.fullmatch(values["preset"]):
        raise DiscoveryError("the preset is not a preset's name")
    if not GAME_VERSION_PATTERN.fullmatch(values["game"]):
        raise DiscoveryError("the game version is not a version")
    seats, taken, protocol = (_count(values[key], key) for key in ("seats", "taken", "proto"))
    if not 2 <= seats <= MAX_SEATS or taken > seats:
        raise DiscoveryError(f"{taken} of {seats} seats taken")
    return TableAd(name, taken, seats, values["preset"], values["game"], protocol)


def _count(text: str, key: str) -> int:
    """A small whole number written in ASCII digits (`int` would take an Arabic-Indic three, ' 3' or '3_0')."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise DiscoveryError(f"TXT property {key} is not a small whole number")
    return int(text)


def shown_name(name: str) -> str:
    """A host's name as it can be announced: printable, at most MAX_NAME characters."""
    kept = "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME]
    return kept or "17 Steps"


def local_addresses() -> list[str]:
    """This computer's addresses on the local network (`lan_addresses`)."""
    return lan_addresses(ifaddr.get_adapters())


def lan_addresses(adapters: list[ifaddr.Adapter]) -> list[str]:
    """The addresses other computers reach this one by: its IPv4 addresses, then its IPv6
    ones; the loopback only when it has no other. A link-local IPv6 address (fe80::) is left
    out: it is not joined without naming the other computer's interface."""
    found = [ip.ip if isinstance(ip.ip, str) else ip.ip[0] for adapter in adapters for ip in adapter.ips]
    usable = [ipaddress.ip_address(a) for a in dict.fromkeys(found)]
    usable = [a for a in usable if not a.is_link_local and not a.is_unspecified]
    outside = [a for a in usable if not a.is_loopback] or usable
    return [str(a) for a in sorted(outside, key=lambda a: a.version)]


def joinable_host(addresses: list[str]) -> str | None:
    """Of the addresses a table announces, the one to join it by: IPv4 first (every network
    routes it), else an IPv6 address that is not link-local."""
    parsed = []
    for text in addresses:
        try:
            parsed.append(ipaddress.ip_address(text))
        except ValueError:  # a scoped fe80::1%eth0, or not an address at all
            continue
    usable = sorted((a for a in parsed if not a.is_link_local and not a.is_unspecified and not a.is_multicast),
                    key=lambda a: a.version)
    return str(usable[0]) if usable else None


def ip_version_of(interfaces: InterfaceChoice | list[str]) -> IPVersion:
    """The IP version zeroconf runs on for `interfaces`: IPv6 alone when they are all IPv6
    addresses (a table listening on one IPv6 address is announced on that address's network,
    where IPv4 may not be), else IPv4 and IPv6."""
    if isinstance(interfaces, list) and interfaces and all(_is_ipv6(address) for address in interfaces):
        return IPVersion.V6Only
    return IPVersion.All


def _is_ipv6(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).version == 6
    except ValueError:
        return False


def open_zeroconf(interfaces: InterfaceChoice | list[str]) -> Zeroconf:
    """zeroconf on IPv4 and IPv6 (answering with both kinds of address), or on IPv4 alone
    where this computer has no IPv6; on IPv6 alone for IPv6 `interfaces` (`ip_version_of`).
    OSError when it cannot be opened."""
    if ip_version_of(interfaces) is IPVersion.V6Only:
        try:
            return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V6Only)
        except RuntimeError as error:  # no interface holds that address
            raise OSError(str(error)) from error
    try:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.All)
    except (OSError, RuntimeError):  # RuntimeError: no interface of that IP version
        pass
    try:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    except RuntimeError as error:
        raise OSError(str(error)) from error


class Announcer:
    """Announces one table until `close`; `update` when a seat is taken or left."""

    def __init__(self, ad: TableAd, port: int, addresses: list[str],
                 interfaces: InterfaceChoice | list[str] = InterfaceChoice.All) -> None:
        self.ad = ad
        self.interfaces = interfaces
        self.port = port
        self.addresses = addresses
        self.suffix = secrets.token_hex(3)
        """Tells apart two tables of one name (and this table's server from the computer's)."""
        self.zeroconf: Zeroconf | None = None
        self.info: ServiceInfo | None = None

    def start(self) -> None:
        """Start announcing (this takes some 2 s: the name is probed first). OSError when the
        network cannot be used for it, or an address is not one."""
        info = self._info(self.ad)  # before zeroconf's thread starts: OSError for a host name
        self.zeroconf = open_zeroconf(self.interfaces)
        self.info = info
        try:
            self.zeroconf.register_service(self.info, allow_name_change=True)
        except (Error, TimeoutError) as error:  # zeroconf's own, EventLoopBlocked among them
            self.info = None  # not registered: nothing to withdraw
            self.close()
            raise OSError(f"cannot announce the table: {error}") from error

    def update(self, ad: TableAd) -> None:
        if ad == self.ad or self.zeroconf is None:
            return
        self.ad = ad
        self.info = self._info(ad)
        self.zeroconf.update_service(self.info)

    def close(self) -> None:
        """Withdraw the announcement and stop zeroconf's thread; safe to call twice."""
        zeroconf, self.zeroconf = self.zeroconf, None
        if zeroconf is None:
            return
        try:
            if self.info is not None:
                zeroconf.unregister_service(self.info)
        finally:
            zeroconf.close()

    def _info(self, ad: TableAd) -> ServiceInfo:
        instance = f"{_label(ad.name)} {self.suffix}"
        return ServiceInfo(SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}", port=self.port,
                           properties=table_properties(ad), parsed_addresses=self.addresses,
                           server=f"seventeen-steps-{self.suffix}.local.")


def _label(name: str) -> str:
    """An instance label from the host's name: DNS labels hold at most 63 bytes, no dots."""
    return name.replace(".", " ").encode("utf-8")[:40].decode("utf-8", "ignore").strip() or "table"


class TableBrowser:
    """Lists the tables announced on the local network until `close`."""

    def __init__(self, interfaces: InterfaceChoice | list[str] = InterfaceChoice.All) -> None:
        self.interfaces = interfaces
        self.lock = threading.Lock()
        self.found: dict[str, FoundTable] = {}
        self.refused = 0
        """Announcements of our service type that were not a table's (read strictly)."""
        self.zeroconf: Zeroconf | None = None
        self.browser: ServiceBrowser | None = None

    def start(self) -> None:
        self.zeroconf = open_zeroconf(self.interfaces)
        self.browser = ServiceBrowser(self.zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def tables(self) -> list[FoundTable]:
        """The tables found so far (a snapshot: safe from any thread), by name."""
        with self.lock:
            return sorted(self.found.values(), key=lambda t: (t.ad.name.casefold(), t.host, t.port))

    def close(self) -> None:
        zeroconf, self.zeroconf = self.zeroconf, None
        if zeroconf is None:
            return
        try:
            if self.browser is not None:
                self.browser.cancel()
        finally:
            zeroconf.close()

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """On zeroconf's browser thread: resolve an added or updated service, forget a removed one."""
        if state_change is ServiceStateChange.Removed:
            with self.lock:
                self.found.pop(name, None)
            return
        info = ServiceInfo(service_type, name)
        if not info.request(zeroconf, RESOLVE_TIMEOUT_MS):
            return
        table = found_table(info)
        with self.lock:
            if table is None:
                self.refused += 1
                self.found.pop(name, None)
            elif name in self.found or len(self.found) < MAX_TABLES:
                self.found[name] = table


def found_table(info: ServiceInfo) -> FoundTable | None:
    """A resolved service as a table to join, or None when it is not one we can read."""
    try:
        ad = read_properties(info.properties)
    except DiscoveryError:
        return None
    host = joinable_host(info.parsed_addresses(IPVersion.All))
    if host is None or info.port is None or not 0 < info.port < 65536:
        return None
    return FoundTable(ad, host, info.port)
