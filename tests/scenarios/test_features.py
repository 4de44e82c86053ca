"""Every Gherkin scenario under ``features/``, bound as a pytest test.

``scenarios(".")`` binds the whole ``features/`` directory
(``bdd_features_base_dir`` in ``pyproject.toml``), so a new ``.feature`` file
anywhere under it runs with no change here; its steps go in a plugin module
listed in ``tests/conftest.py``. Bind nothing twice: no other test module
should call ``scenarios``/``scenario`` on these files.
"""

from pytest_bdd import scenarios

scenarios(".")
