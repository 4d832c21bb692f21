"""The rules of whist and the arithmetic of a whist drive, in plain Python.

Nothing in this package imports Django: it takes and returns plain values
(ints, strings, tuples and small dataclasses) so that the web application,
the management commands and the benchmarks can all share one set of rules.
"""
