"""Networked play: the protocol, a seat's view on the wire, the host and its clients (docs/network.md)."""
