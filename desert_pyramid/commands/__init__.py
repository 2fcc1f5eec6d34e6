"""Sub-commands of ``desert-pyramid``.

Each module in this package that defines ``register(subparsers)`` adds one or more sub-commands.
``register`` adds a parser with ``set_defaults(func=run)``, where ``run(args) -> int`` returns the
exit code. Argument errors raise :class:`desert_pyramid.cli.UsageError` (exit 2, one line).
"""
