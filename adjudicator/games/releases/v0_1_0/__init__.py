"""The rulesets of the first release (0.1.0), frozen.

Code and data exactly as that release shipped them, with only their imports pointed at this
package, so that every game played with them replays byte for byte with the installed package
alone: ``pbem verify`` of an archive it made, and a running game that started on it, use these
classes. Never edit these files; a rules fix goes into today's game packages under a new version.
"""
