"""The `cardlab` console script: one verb per pipeline step."""

from __future__ import annotations

import argparse
import sys

from cardlab.commands import (arena, bench, cards, datagen, decks, evolve, games, inspect, loop, models, play,
                              plot, quickstart, replay, tournament, train)

COMMANDS = {
    "quickstart": quickstart,
    "games": games,
    "cards": cards,
    "decks": decks,
    "bench": bench,
    "datagen": datagen,
    "inspect": inspect,
    "arena": arena,
    "tournament": tournament,
    "replay": replay,
    "play": play,
    "train": train,
    "evolve": evolve,
    "loop": loop,
    "models": models,
    "plot": plot,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardlab", description="Value and policy networks for turn-based card games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        # argparse %-formats help strings but prints descriptions as they are
        p = sub.add_parser(name, help=module.HELP.replace("%", "%%"), description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    _no_abbreviations(parser)
    return parser


def _no_abbreviations(parser: argparse.ArgumentParser) -> None:
    """`--game` must not be taken for `--games` where a verb has only the latter: options are spelt in full."""
    parser.allow_abbrev = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _no_abbreviations(child)


def _reader_leaving_is_not_an_error() -> None:
    """rich exits 1 when the reader of a piped table leaves (`cardlab games | head -1`); raise BrokenPipeError
    instead, which `main` answers like plain output's: exit 0, nothing on stderr."""
    from rich.console import Console

    default = Console.on_broken_pipe
    if getattr(default, "cardlab_hook", False):  # main() ran before in this process: installed already
        return

    def reader_left(console: Console) -> None:
        if console.stderr:  # stderr's reader left: rich's own exit 1 (stdout's output may be incomplete)
            default(console)
        else:
            raise BrokenPipeError

    reader_left.cardlab_hook = True
    Console.on_broken_pipe = reader_left  # rich's documented hook (its default raises SystemExit(1))


def _utf8_when_redirected() -> None:
    """Output piped or redirected is UTF-8 on every platform (Windows would write its ANSI code page: card texts and
    deck names would be cut short by an encoding error or unreadable as JSON); a terminal keeps its own."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure") and not stream.isatty():
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def _chosen_parser(parser: argparse.ArgumentParser, args) -> argparse.ArgumentParser:
    """The (sub)parser of the verb `args` came from (`cardlab evolve dominion`: evolve's dominion parser)."""
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        chosen = getattr(args, subs[0].dest, None) if subs else None
        if chosen not in (subs[0].choices if subs else {}):
            return parser
        parser = subs[0].choices[chosen]


def main(argv: list[str] | None = None) -> int:
    from cardlab.runtime import UserError

    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # the verb's own usage line with the error, not the top level's
        _chosen_parser(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    _reader_leaving_is_not_an_error()
    _utf8_when_redirected()
    try:
        return int(args.run(args) or 0)
    except UserError as exc:
        print(f"cardlab {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `cardlab cards --json | head`: the reader left; nothing to report
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (IsADirectoryError, NotADirectoryError, FileExistsError, PermissionError, FileNotFoundError) as exc:
        # A path the user gave that cannot be used as asked: one line naming it, no traceback.
        where = exc.filename if exc.filename is not None else "a path"
        what = {IsADirectoryError: "is a directory", NotADirectoryError: "is not a directory",
                FileExistsError: "exists and is not a directory", PermissionError: "permission denied",
                FileNotFoundError: "does not exist"}[type(exc)]
        print(f"cardlab {args.command}: error: {where}: {what}", file=sys.stderr)
        return 2
    except OSError as exc:
        if exc.errno is None:  # not from the OS (h5py and others raise bare OSErrors): a bug, show it
            raise
        # The machine refused (read-only file system, disk full, quota...): one line naming the path.
        where = f"{exc.filename}: " if exc.filename is not None else ""
        print(f"cardlab {args.command}: error: {where}{(exc.strerror or str(exc)).lower()}", file=sys.stderr)
        return 2
    except (MemoryError, RuntimeError) as exc:
        # A size the user gave that the machine cannot hold (numpy's MemoryError, torch's "can't allocate memory"
        # RuntimeError, CUDA's OutOfMemoryError), where no setting-specific check caught it first: one line.
        # Any other RuntimeError is a bug: show it.
        if not (isinstance(exc, MemoryError) or type(exc).__name__ == "OutOfMemoryError"
                or "can't allocate memory" in str(exc)):
            raise
        from cardlab.runtime import first_line

        print(f"cardlab {args.command}: error: out of memory ({first_line(exc)}): the sizes asked for do not fit "
              "this machine", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # at a prompt (`play`, the `human` agent) the terminal echoed ^C where the cursor was: start a line of our own
        from cardlab.runtime import stdin_is_terminal

        print(("\n" if stdin_is_terminal() else "") + f"cardlab {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
