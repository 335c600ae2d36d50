"""The stores written once in the SQL that SQLite and PostgreSQL both speak (`?` placeholders; PostgreSQL's
connection turns them into its own). A backend subclasses `SqlDatabase` with its connection, and its
storage class joins it with these stores."""
