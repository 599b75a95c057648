"""The joined window's link (game/app/play/remote_link.py): what it tells the table of each
message from the host, without a network (the messages handed to it as its connection would)."""

from __future__ import annotations

from game.app.play.remote_link import Heard, RemoteLink
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.net.hosting import HostedTable
from game.net.server import Inbound
from tests.test_remote_table import SEAT, LinkWire


def test_news_that_tells_the_seats_view_whole_says_so_and_an_update_does_not():
    """A welcome and a snapshot (a hand begun, a rejoin, a resync) supersede the news of their
    hand before them: the joined table drops what it held of it (game/app/play/remote_table.py)."""
    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku()
    link = RemoteLink("ws://127.0.0.1:9/", "Guest")  # never started: its messages are handed over below
    hosted = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,))  # no socket is opened
    hosted.table.transport = LinkWire(link)
    hosted.host.inbox.put(Inbound(SEAT, "joined", token="t"))
    hosted.poll()
    joined = [news for news in link.poll() if isinstance(news, Heard)]
    assert [news.whole for news in joined if news.view is not None][:1] == [True]
    assert joined[0].whole  # the welcome
    while match.kyoku.phase is Phase.DORA or SEAT not in match.kyoku.waiting_on():
        mover = match.kyoku.waiting_on()[0]
        match.apply(match.kyoku.view_for(mover).legal_actions[0])
    hosted.changed()
    moved = [news for news in link.poll() if isinstance(news, Heard)]
    assert moved and not any(news.whole for news in moved)
    hosted.table.feeds[SEAT].forget()  # the seat asked again (a missed message): a snapshot
    match.apply(match.kyoku.view_for(match.kyoku.waiting_on()[0]).legal_actions[0])
    hosted.changed()
    assert [news.whole for news in link.poll() if isinstance(news, Heard)] == [True]
