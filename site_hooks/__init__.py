"""The rules site's build hook and page generators (see mkdocs.yml)."""
