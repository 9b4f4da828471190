"""``python -m adjudicator`` is the same as the ``pbem`` command."""

from adjudicator.cli import main

raise SystemExit(main())
