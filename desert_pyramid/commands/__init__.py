"""Sub-commands of ``desert-pyramid``.

Each module in this package that defines ``register(subparsers)`` adds one or more sub-commands.
``register`` adds a parser with ``set_defaults(func=run)``, where ``run(args) -> int`` returns the
exit code. A module may also define ``register_root(parser)`` to add top-level options and
``parser.set_defaults(play_func=...)``: what runs when no sub-command is given (the game window).
Argument errors raise :class:`desert_pyramid.cli.UsageError` (exit 2, one line).
"""
