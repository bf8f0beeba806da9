"""Play over the network: ``monopoly host`` serves one game (``server``, ``host``); the messages are
in ``protocol`` (``docs/protocol.md``), and the changes an update carries since the one before in
``delta``. A seat joined with ``monopoly join`` is played line by line (``client``) or on the local
game's screen, through a session of that seat kept from the public state the server sends
(``remote``; the screen is ``tui/remote.py``, a layer above this one)."""
