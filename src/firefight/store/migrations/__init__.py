"""Alembic migrations of the store's schema, shipped with the package.

``open_store`` runs them (``upgrade head``) every time it opens a database, so nobody runs
Alembic by hand to use firefight. Developers changing the schema: see docs/store.md.
"""
