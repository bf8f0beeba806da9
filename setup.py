"""The one thing pyproject.toml cannot say: the player's guide and the other pages in ``docs/``
are installed with the program, as ``monopoly/docs/`` (``monopoly help`` reads them there, and
``--position example`` finds the example position). They stay in ``docs/`` in the project, where
the README links to them; everything else about the package is in pyproject.toml.

Data folders are listed as (namespace) packages too (``monopoly.engine.editions``), as setuptools
asks of a folder that holds package data. An editable install (``pip install -e .``) runs from the
clone, where the program finds ``docs/`` itself (``cli/guide.py``): it leaves the mapping out, which
would make setuptools install an import hook and warn about it."""

import sys

from setuptools import find_namespace_packages, setup

packages = find_namespace_packages(include=["monopoly", "monopoly.*"], exclude=["*.__pycache__"])
if "editable_wheel" in sys.argv:
    setup(packages=packages)
else:
    setup(packages=packages + ["monopoly.docs", "monopoly.docs.examples"], package_dir={"monopoly.docs": "docs"})
