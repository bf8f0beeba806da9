"""Play over the network: ``monopoly host`` serves one game (``server``), ``monopoly join`` plays a
seat of it (``client``); the messages between them are in ``protocol`` (``docs/protocol.md``)."""
