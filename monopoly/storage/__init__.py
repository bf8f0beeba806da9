"""Files: save games (``saves``), where they live (``places``), game records (``records``) and
position files (``positions``). Every file is read by one guarded reader and written by one safe
writer. Imports the engine, the computer players and the session, never a front end.
"""
