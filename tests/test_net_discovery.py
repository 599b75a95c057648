"""Tables on the local network (game/net/discovery.py; issue #32 point 2, discovery).

The TXT properties are read as anything from outside is: fuzzed, never trusted. The tests
that announce and browse run inside a network namespace each makes for itself
(`unshare --net`): its only interface is its own loopback, so nothing ever multicasts on
this machine's real interfaces. Without `unshare` (not root, no user namespaces) they are
skipped, saying why. The loopback carries no IPv6 multicast until the namespace is given a
route for it (`IPV6_MULTICAST`); the tests of mDNS over IPv6 alone ask for it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path

import ifaddr
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zeroconf import InterfaceChoice, IPVersion

from game import __main__ as cli
from game.net import discovery
from game.net.discovery import (
    MAX_NAME,
    Announcer,
    DiscoveryError,
    TableAd,
    ip_version_of,
    joinable_host,
    lan_addresses,
    read_properties,
    shown_name,
    table_properties,
)

ROOT = Path(__file__).resolve().parent.parent
AD = TableAd("Kaiji", 1, 2, "kaiji", "0.1.0", 1)
NAMESPACE_TIMEOUT_S = 120


def wire(properties: dict[str, str]) -> dict[bytes, bytes | None]:
    """Properties as zeroconf hands them over once read off the network."""
    return {key.encode(): value.encode() for key, value in properties.items()}


@pytest.mark.parametrize("ad", [
    AD,
    TableAd("Itō 伊藤", 0, 4, "four_player", "1.2.3rc1", 2),
    TableAd("x" * MAX_NAME, 3, 3, "three_player", "0.1.0+local", 1),
])
def test_an_announcement_reads_back_as_it_was_written(ad):
    assert read_properties(wire(table_properties(ad))) == ad


def test_an_announcement_holds_nothing_but_what_the_table_shows():
    assert set(table_properties(AD)) == {"txtvers", "name", "taken", "seats", "preset", "game", "proto"}


def test_keys_of_a_later_layout_are_ignored_and_keys_are_read_in_any_case():
    properties = wire(table_properties(AD)) | {b"colour": b"red", b"flag": None}
    properties[b"NAME"] = properties.pop(b"name")
    assert read_properties(properties) == AD


@pytest.mark.parametrize(("change", "why"), [
    ({"txtvers": "2"}, "another layout"),
    ({"taken": "3"}, "more seats taken than there are"),
    ({"seats": "1"}, "a table of one"),
    ({"seats": "5"}, "a table of five"),
    ({"seats": "٢"}, "a digit that is not ASCII"),
    ({"taken": " 1"}, "a space"),
    ({"taken": "-1"}, "a sign"),
    ({"proto": "1_0"}, "an underscore int() would take"),
    ({"proto": "99999"}, "a long number"),
    ({"name": ""}, "no name"),
    ({"name": "x" * (MAX_NAME + 1)}, "a long name"),
    ({"name": "Kai\x1bji"}, "an escape sequence in the name"),
    ({"preset": "../kaiji"}, "a path as preset"),
    ({"preset": "Kaiji"}, "a preset name that is not one"),
    ({"game": "0.1.0; rm"}, "a version that is not one"),
])
def test_a_record_that_is_not_a_tables_announcement_is_refused(change, why):
    with pytest.raises(DiscoveryError):
        read_properties(wire(table_properties(AD) | change))


@pytest.mark.parametrize("damage", [
    pytest.param(lambda p: {k: v for k, v in p.items() if k != b"seats"}, id="a key missing"),
    pytest.param(lambda p: p | {b"name": None}, id="a key without value"),
    pytest.param(lambda p: p | {b"name": b"\xff\xfe"}, id="not UTF-8"),
    pytest.param(lambda p: p | {b"preset": b"k" * 300}, id="a value longer than DNS-SD allows"),
    pytest.param(lambda p: p | {f"k{n}".encode(): b"" for n in range(20)}, id="too many keys"),
])
def test_a_damaged_record_is_refused(damage):
    with pytest.raises(DiscoveryError):
        read_properties(damage(wire(table_properties(AD))))


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.one_of(st.sampled_from([b"txtvers", b"name", b"taken", b"seats", b"preset", b"game",
                                                  b"proto"]), st.binary(max_size=12)),
                       st.one_of(st.none(), st.binary(max_size=40), st.sampled_from([b"1", b"2", b"kaiji"])),
                       max_size=12))
def test_any_record_is_read_as_a_table_within_its_limits_or_refused(properties):
    try:
        ad = read_properties(properties)
    except DiscoveryError:
        return
    assert 0 < len(ad.name) <= MAX_NAME and ad.name.isprintable()
    assert 2 <= ad.seats <= 4 and 0 <= ad.taken <= ad.seats


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_name_can_be_announced(name):
    ad = TableAd(shown_name(name), 0, 2, "kaiji", "0.1.0", 1)
    assert read_properties(wire(table_properties(ad))) == ad


def adapter(name: str, *addresses: str) -> ifaddr.Adapter:
    """An interface as ifaddr lists it: IPv4 addresses as text, IPv6 ones as (address, flow, scope)."""
    ips = [ifaddr.IP(a if "." in a else (a, 0, 0), 64, name) for a in addresses]
    return ifaddr.Adapter(name, name, ips)


@pytest.mark.parametrize(("adapters", "shown"), [
    pytest.param([adapter("lo", "127.0.0.1", "::1"), adapter("eth0", "192.168.1.20", "fe80::1", "2001:db8::20")],
                 ["192.168.1.20", "2001:db8::20"], id="IPv4 then IPv6, no loopback, no link-local"),
    pytest.param([adapter("lo", "127.0.0.1", "::1"), adapter("wlan0", "fd00::2", "fe80::2")], ["fd00::2"],
                 id="an IPv6-only network"),
    pytest.param([adapter("eth0", "2001:db8::1", "10.0.0.5"), adapter("eth1", "10.0.0.6", "2001:db8::1")],
                 ["10.0.0.5", "10.0.0.6", "2001:db8::1"], id="IPv4 first, an address once"),
    pytest.param([adapter("lo", "127.0.0.1", "::1"), adapter("eth0", "fe80::1")], ["127.0.0.1", "::1"],
                 id="nothing but the loopback to offer"),
    pytest.param([], [], id="no interface"),
])
def test_the_host_offers_its_ipv4_and_ipv6_addresses_on_the_local_network(adapters, shown):
    assert lan_addresses(adapters) == shown


@pytest.mark.parametrize(("announced", "host"), [
    (["192.168.1.20", "2001:db8::20"], "192.168.1.20"),
    (["2001:db8::20", "192.168.1.20"], "192.168.1.20"),
    (["fe80::1", "fd00::2"], "fd00::2"),
    (["::1"], "::1"),
    (["fe80::1"], None),
    (["fe80::1%eth0"], None),
    (["0.0.0.0", "::", "ff02::fb"], None),
    (["not an address", "10.0.0.1"], "10.0.0.1"),
    ([], None),
])
def test_a_table_is_joined_by_an_ipv4_address_else_an_ipv6_one_never_a_link_local_one(announced, host):
    assert joinable_host(announced) == host


@pytest.mark.parametrize(("interfaces", "version"), [
    (["::1"], IPVersion.V6Only),
    (["2001:db8::20", "fd00::2"], IPVersion.V6Only),
    (["127.0.0.1"], IPVersion.All),
    (["127.0.0.1", "::1"], IPVersion.All),
    (InterfaceChoice.All, IPVersion.All),
    ([], IPVersion.All),
])
def test_zeroconf_runs_on_ipv6_alone_only_for_ipv6_addresses(interfaces, version):
    assert ip_version_of(interfaces) is version


@pytest.fixture
def opened(monkeypatch) -> list[dict]:
    """zeroconf as an announcer opens it, off the network: each one opened, how, and what it
    registered."""
    found: list[dict] = []

    class Recorded:
        def __init__(self, **named) -> None:
            self.registered: list = []
            found.append({**named, "registered": self.registered})

        def register_service(self, info, allow_name_change=False) -> None:
            self.registered.append(info)

        def unregister_service(self, info) -> None:
            self.registered.remove(info)

        def close(self) -> None:
            pass

    monkeypatch.setattr(discovery, "Zeroconf", Recorded)
    return found


@pytest.mark.parametrize(("bound", "version"), [
    ("::1", IPVersion.V6Only),
    ("2001:db8::20", IPVersion.V6Only),
    ("127.0.0.1", IPVersion.All),
])
def test_a_table_bound_to_one_address_is_announced_on_its_family_with_that_address(opened, bound, version):
    announcer = Announcer(AD, 17017, [bound], interfaces=[bound])  # as python -m game host --bind ADDRESS makes it
    announcer.start()
    [zeroconf] = opened
    assert (zeroconf["interfaces"], zeroconf["ip_version"]) == ([bound], version)
    [info] = zeroconf["registered"]
    assert (info.parsed_addresses(IPVersion.All), info.port) == ([bound], 17017)
    assert read_properties(info.properties) == AD
    announcer.close()
    assert zeroconf["registered"] == []


@pytest.mark.parametrize(("bind", "interfaces", "version"), [
    ("::1", ["::1"], IPVersion.V6Only),
    ("127.0.0.1", ["127.0.0.1"], IPVersion.All),
    (None, InterfaceChoice.All, IPVersion.All),
    ("0.0.0.0", InterfaceChoice.All, IPVersion.All),
])
def test_the_windows_table_bound_to_one_address_is_announced_on_that_address_alone(opened, bind, interfaces,
                                                                                   version):
    """`python -m game play --bind ADDRESS`: the window's announcement (made in the background)
    as the headless host's, on the bound address's interface; on every one without --bind."""
    from game.net.hosting import BackgroundAnnouncer, announced_on

    addresses = [bind] if bind not in (None, "0.0.0.0") else ["192.168.1.20"]
    announcer = BackgroundAnnouncer(AD, 17017, addresses, interfaces=announced_on(bind))
    announcer.worker.shutdown(wait=True)  # the announcement is made
    assert announcer.state == announcer.ANNOUNCED
    [zeroconf] = opened
    assert (zeroconf["interfaces"], zeroconf["ip_version"]) == (interfaces, version)
    [info] = zeroconf["registered"]
    assert info.parsed_addresses(IPVersion.All) == addresses


def test_a_table_bound_to_a_host_name_is_not_announced_and_starts_no_zeroconf(opened):
    with pytest.raises(OSError):
        Announcer(AD, 17017, ["localhost"], interfaces=["localhost"]).start()
    assert opened == []


# --- announcing and browsing, inside a network namespace of the test's own ----------------


@cache
def namespace_refusal() -> str | None:
    """Why a network namespace cannot be made here, or None."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "unshare or ip is not installed"
    tried = subprocess.run(["unshare", "--net", "sh", "-c", "ip link set lo up"], capture_output=True, text=True,
                           timeout=30)
    return f"cannot make a network namespace: {tried.stderr.strip()}" if tried.returncode else None


IPV6_MULTICAST = "ip link set lo multicast on && ip -6 route add local ff02::/16 dev lo table local"
"""The namespace's loopback carries IPv6 multicast (mDNS's ff02::fb): without the route a
packet to ff02:: on `lo` has no route ('Network is unreachable'); as a local route it is
delivered to this namespace's own sockets."""


def in_namespace(script: str, setup: str = "true") -> dict:
    """Run `script` in a network namespace of its own with only its loopback up (and the
    `setup` shell commands run first); the JSON object it prints last."""
    refusal = namespace_refusal()
    if refusal is not None:
        pytest.skip(f"discovery is tested only inside a network namespace: {refusal}")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_PROXY": "*"}
    ran = subprocess.run(["unshare", "--net", "sh", "-c", f'ip link set lo up && {setup} && exec "$0" -c "$1"',
                          sys.executable,
                          WAIT_FOR + textwrap.dedent(script)], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=NAMESPACE_TIMEOUT_S)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return json.loads(ran.stdout.strip().splitlines()[-1])


WAIT_FOR = """
import json, time
# every wait in a namespace's script is bounded; what it saw at the end is asserted outside
def wait_for(read, done, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.1)
"""


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_a_browser_lists_an_announced_table_follows_its_seats_and_forgets_it_when_withdrawn():
    seen = in_namespace("""
    from zeroconf import ServiceInfo, Zeroconf
    from game.net.discovery import SERVICE_TYPE, Announcer, TableAd, TableBrowser
    loopback = ["127.0.0.1"]
    ad = TableAd("Kaiji", 1, 2, "kaiji", "0.1.0", 1)
    announcer = Announcer(ad, 17017, loopback, interfaces=loopback)
    announcer.start()
    rogue = Zeroconf(interfaces=loopback)
    rogue.register_service(ServiceInfo(SERVICE_TYPE, "Rogue." + SERVICE_TYPE, port=1, parsed_addresses=loopback,
                                       properties={"txtvers": "1", "name": "Rogue", "taken": "9", "seats": "2",
                                                   "preset": "kaiji", "game": "0.1.0", "proto": "1"}))
    browser = TableBrowser(interfaces=loopback)
    browser.start()
    def names():
        return [(t.ad.name, t.ad.taken, t.address) for t in browser.tables()]
    found = wait_for(names, lambda tables: tables and browser.refused)
    announcer.update(TableAd("Kaiji", 2, 2, "kaiji", "0.1.0", 1))
    updated = wait_for(names, lambda tables: tables and tables[0][1] == 2)
    announcer.close()
    withdrawn = wait_for(names, lambda tables: not tables)
    browser.close()
    rogue.close()
    print(json.dumps({"found": found, "refused": browser.refused, "updated": updated, "withdrawn": withdrawn}))
    """)
    assert seen["found"] == [["Kaiji", 1, "127.0.0.1:17017"]]
    assert seen["refused"] >= 1
    assert seen["updated"] == [["Kaiji", 2, "127.0.0.1:17017"]]
    assert seen["withdrawn"] == []


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_a_tables_ipv6_address_is_announced_and_a_table_announcing_only_ipv6_is_listed_by_it():
    seen = in_namespace("""
    from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf
    from game.net.discovery import SERVICE_TYPE, Announcer, TableAd, TableBrowser
    loopback = ["127.0.0.1"]
    both = Announcer(TableAd("Both", 0, 2, "kaiji", "0.1.0", 1), 17017, ["127.0.0.1", "::1"], interfaces=loopback)
    only_v6 = Announcer(TableAd("Six", 0, 2, "kaiji", "0.1.0", 1), 17018, ["::1"], interfaces=loopback)
    both.start()
    only_v6.start()
    browser = TableBrowser(interfaces=loopback)
    browser.start()
    listed = wait_for(lambda: sorted((t.ad.name, t.address) for t in browser.tables()), lambda t: len(t) == 2)
    zeroconf = Zeroconf(interfaces=loopback)  # what any browser on the network reads of the first
    info = ServiceInfo(SERVICE_TYPE, both.info.name)
    info.request(zeroconf, 3000)
    records = info.parsed_addresses(IPVersion.All)
    zeroconf.close()
    browser.close()
    both.close()
    only_v6.close()
    print(json.dumps({"listed": listed, "records": records}))
    """)
    assert sorted(seen["records"]) == ["127.0.0.1", "::1"]  # AAAA beside A
    assert seen["listed"] == [["Both", "127.0.0.1:17017"], ["Six", "[::1]:17018"]]


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_join_list_shows_a_headless_hosts_table_and_its_seats_never_its_code():
    seen = in_namespace("""
    import queue, re, subprocess, sys, threading
    from zeroconf import ServiceBrowser, Zeroconf
    from game.net.discovery import SERVICE_TYPE

    def game(*args, **options):
        return subprocess.Popen([sys.executable, "-m", "game", *args], text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, **options)

    def listed():
        return subprocess.run([sys.executable, "-m", "game", "join", "--list", "--seconds", "3"],
                              capture_output=True, text=True, timeout=30).stdout

    host = game("host", "--seats", "person,person", "--port", "0", "--bind", "127.0.0.1", "--code", "ACDEFH",
                "--name", "Kaiji's room", "--wait", "60")
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip()) for line in host.stdout], daemon=True).start()
    said = []
    while not any(line.startswith("discovery:") for line in said):
        said.append(lines.get(timeout=30))
    port = re.search(r"port (\\d+)", said[0])[1]
    empty = wait_for(listed, lambda out: "0/2" in out)
    client = game("join", "127.0.0.1:" + port, "--code", "ACDEFH", "--timeout", "60")
    one = wait_for(listed, lambda out: "1/2" in out)
    zeroconf = Zeroconf(interfaces=["127.0.0.1"])
    raw = []
    def resolve(zeroconf, service_type, name, state_change):
        info = zeroconf.get_service_info(service_type, name, timeout=3000)
        raw.append(repr(info.properties) + name + (info.server or ""))
    browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[resolve])
    wait_for(lambda: raw, bool)
    browser.cancel()
    zeroconf.close()
    for process in (client, host):
        process.kill()
        process.wait(timeout=10)
    print(json.dumps({"said": said, "empty": empty, "one": one, "raw": raw}))
    """)
    assert 'discovery: announced on the local network as "Kaiji\'s room"' in seen["said"]
    port = re.search(r"port (\d+)", seen["said"][0])[1]
    assert seen["empty"].splitlines() == [
        f"Kaiji's room: 0/2 seats, preset kaiji, join with: python -m game join 127.0.0.1:{port} --code CODE"]
    assert "Kaiji's room: 1/2 seats" in seen["one"]
    assert seen["raw"]
    assert not any("ACDEFH" in text for text in (*seen["raw"], seen["empty"], seen["one"]))


@pytest.mark.parametrize("args", [
    pytest.param(["join", "--list", "--no-discovery"], id="--list with --no-discovery"),
    pytest.param(["join", "--list", "--seconds", "0"], id="no time to look"),
    pytest.param(["join", "--list", "--seconds", "3600"], id="an hour to look"),
    pytest.param(["join", "--code", "ACDEFH"], id="no address"),
    pytest.param(["join", "127.0.0.1:17017"], id="no code"),
    pytest.param(["join", "::1:47123", "--code", "ACDEFH"], id="an IPv6 address and port without brackets"),
    pytest.param(["join", "a host:17017", "--code", "ACDEFH"], id="not a host's name"),
])
def test_join_without_what_it_needs_is_refused_with_exit_status_2_before_touching_the_network(args, capsys):
    assert cli.main(args) == 2
    said = capsys.readouterr().err.strip()
    assert said and len(said.splitlines()) == 1


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_the_windows_announcement_is_made_in_the_background_follows_the_seats_and_is_withdrawn():
    seen = in_namespace("""
    from game.net.discovery import TableAd, TableBrowser
    from game.net.hosting import BackgroundAnnouncer
    woken = []
    announcer = BackgroundAnnouncer(TableAd("Kaiji", 1, 2, "kaiji", "0.1.0", 1), 17017, ["127.0.0.1"],
                                    notify=lambda: woken.append(announcer.state))
    first_state = announcer.state
    browser = TableBrowser(interfaces=["127.0.0.1"])
    browser.start()
    def names():
        return [(t.ad.name, t.ad.taken) for t in browser.tables()]
    found = wait_for(names, bool)
    announcer.update(TableAd("Kaiji", 2, 2, "kaiji", "0.1.0", 1))
    updated = wait_for(names, lambda tables: tables and tables[0][1] == 2)
    announcer.close()
    withdrawn = wait_for(names, lambda tables: not tables)
    browser.close()
    print(json.dumps({"first_state": first_state, "woken": woken, "found": found,
                      "updated": updated, "withdrawn": withdrawn}))
    """)
    assert seen["first_state"] == "starting"  # the caller did not wait for zeroconf's probing
    assert seen["woken"] == ["announced"]
    assert seen["found"] == [["Kaiji", 1]] and seen["updated"] == [["Kaiji", 2]] and seen["withdrawn"] == []


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_a_table_listening_on_ipv6_alone_is_announced_over_ipv6_and_listed_by_its_ipv6_address():
    seen = in_namespace("""
    from zeroconf import IPVersion, ServiceInfo, Zeroconf
    from game.net.discovery import SERVICE_TYPE, Announcer, TableAd, TableBrowser
    six = ["::1"]
    announcer = Announcer(TableAd("Six", 1, 2, "kaiji", "0.1.0", 1), 17018, six, interfaces=six)
    announcer.start()
    browser = TableBrowser(interfaces=six)
    browser.start()
    listed = wait_for(lambda: [(t.ad.name, t.ad.taken, t.address) for t in browser.tables()], bool)
    zeroconf = Zeroconf(interfaces=six, ip_version=IPVersion.V6Only)  # what any browser on the network reads
    info = ServiceInfo(SERVICE_TYPE, announcer.info.name)
    info.request(zeroconf, 3000)
    records = info.parsed_addresses(IPVersion.All)
    zeroconf.close()
    browser.close()
    announcer.close()
    print(json.dumps({"listed": listed, "records": records}))
    """, IPV6_MULTICAST)
    assert seen["listed"] == [["Six", 1, "[::1]:17018"]]
    assert seen["records"] == ["::1"]  # AAAA alone


@pytest.mark.timeout(NAMESPACE_TIMEOUT_S + 30)
def test_a_headless_host_bound_to_ipv6_alone_is_listed_by_join():
    seen = in_namespace("""
    import queue, re, subprocess, sys, threading
    host = subprocess.Popen([sys.executable, "-m", "game", "host", "--seats", "person,person", "--port", "0",
                             "--bind", "::1", "--code", "ACDEFH", "--name", "Six", "--wait", "60"],
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip()) for line in host.stdout], daemon=True).start()
    said = []
    while not any(line.startswith("discovery:") for line in said):
        said.append(lines.get(timeout=30))
    def listed():
        return subprocess.run([sys.executable, "-m", "game", "join", "--list", "--seconds", "3"],
                              capture_output=True, text=True, timeout=30).stdout
    found = wait_for(listed, lambda out: "Six" in out)
    host.kill()
    host.wait(timeout=10)
    print(json.dumps({"said": said, "found": found}))
    """, IPV6_MULTICAST)
    assert "discovery: announced on the local network as 'Six'" in seen["said"], seen["said"]
    port = re.search(r"port (\d+)", seen["said"][0])[1]
    assert seen["found"].splitlines() == [
        f"Six: 0/2 seats, preset kaiji, join with: python -m game join [::1]:{port} --code CODE"]
