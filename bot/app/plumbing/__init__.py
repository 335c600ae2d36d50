"""What runs the application: the worker threads and processes (`runner.Runner`, `workers`) and the retry of a
write that met another process's (`retry.afresh`)."""
