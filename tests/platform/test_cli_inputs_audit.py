"""User inputs from the checkpoint/listing audit: documented repository paths work from any folder, empty option
values are refused, non-regular and non-UTF-8 files are named as such, `weights:` typos get a suggestion."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cardlab.cli import main
from cardlab.runtime import UserError

REPO = Path(__file__).resolve().parents[2]
ONE_GAME = ["--games", "1", "--workers", "1", "--seed", "1", "--json"]


def _error(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


# ---------------------------------------------------------------- F1: repository paths from another folder

@pytest.mark.parametrize("argv", [
    ["search:ckpt=checkpoints/liege-full-rich/value.pt,max_nodes=20", "random"],
    ["search:ckpt=checkpoints/liege-trio-rich/value.pt,max_nodes=20", "random"],
    ["qlearn:ckpt=checkpoints/qlearn/liege-table.npz", "random"],
    ["extremal:genome=checkpoints/dominion/seasonal-ratios-ranks-margin.yaml", "bigmoney", "--game", "dominion"],
    ["q8:ckpt=checkpoints/dqn/q8-shaped.pt", "random"],
])
def test_documented_repository_paths_play_from_another_folder(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)  # no checkpoints/ here: the shipped file stands in
    assert main(["arena", *argv, *ONE_GAME]) == 0, capsys.readouterr().err


def test_repository_paths_resolve_hash_and_load_genomes_through_one_helper(tmp_path, monkeypatch):
    from cardlab.agents.dominion.genome import load_genome
    from cardlab.agents.registry import agent_files
    from cardlab.checkpoints import path_of
    from cardlab.checkpoints.zoo import in_repository, resolve

    monkeypatch.chdir(tmp_path)
    assert resolve("checkpoints/liege-full-rich/value.pt") == str(path_of("liege-full-rich/value.pt"))
    assert in_repository("checkpoints/no-such/value.pt") is None and resolve("nothing/value.pt") == "nothing/value.pt"
    assert load_genome("checkpoints/dominion/ranks-ranks.yaml") == load_genome(path_of("dominion/ranks-ranks.yaml"))
    assert load_genome("dominion-ranks-ranks") == load_genome(path_of("dominion/ranks-ranks.yaml"))
    spec = "search:ckpt=checkpoints/liege-full-rich/value.pt"
    by_name = agent_files(["search:ckpt=liege-full-rich"])["search:ckpt=liege-full-rich"]
    assert agent_files([spec])[spec] == by_name  # the run records the hash of the file it plays
    own = tmp_path / "checkpoints" / "liege-full-rich"
    own.mkdir(parents=True)
    (own / "value.pt").write_bytes(b"mine")
    assert resolve("checkpoints/liege-full-rich/value.pt") == "checkpoints/liege-full-rich/value.pt"  # a file here wins


def test_model_cards_use_zoo_names_that_resolve():
    from cardlab.checkpoints.zoo import entries

    cards = sorted(REPO.glob("checkpoints/*/*.md"))
    for doc in [*cards, REPO / "docs" / "results.md"]:
        assert not re.search(r"(ckpt|genome|params)=checkpoints/", doc.read_text(encoding="utf-8")), doc
    for doc in cards:
        for name in re.findall(r"`\w+:(?:ckpt|genome|params)=([\w-]+)", doc.read_text(encoding="utf-8")):
            assert name in entries(), (doc, name)
    assert "`cardlab arena q8:ckpt=q8-shaped,plan=turn" in (REPO / "docs" / "results.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------- F2: empty values

@pytest.mark.parametrize("argv, option", [
    (["arena", "random", "--game", "", *ONE_GAME], "--game"),
    (["arena", "random", "--game", "   ", *ONE_GAME], "--game"),
    (["arena", "random", "--deck", "", *ONE_GAME], "--deck"),
    (["arena", "random", "--deck-pool", "", *ONE_GAME], "--deck-pool"),
    (["arena", "random", "--decks", "", "liege", *ONE_GAME], "--decks"),
    (["arena", "random", "--game", "hearthstone:deck=", *ONE_GAME], "deck="),
    (["arena", "random", "--game", "hearthstone:pool=", *ONE_GAME], "pool="),
    (["quickstart", "--deck", "", "--games", "1", "--opponents", "random"], "--deck"),
    (["quickstart", "--deck-pool", "", "--games", "1", "--opponents", "random"], "--deck-pool"),
    (["quickstart", "--checkpoint", "", "--games", "1", "--opponents", "random"], "--checkpoint"),
    (["models", "--game", ""], "--game"),
    (["cards", "--class", ""], "--class"),
    (["decks", ""], "DECK"),
    (["bench", "engine", "--game", "", "--games", "1"], "--game"),
])
def test_an_empty_option_value_is_refused_naming_the_option(tmp_path, monkeypatch, capsys, argv, option):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    line = _error(capsys)
    assert f"{option} is empty" in line or (option in line and "empty" in line), line


def test_an_empty_game_spec_is_not_the_default_but_none_is():
    from cardlab.engine.registry import make_game

    assert make_game(None).name == "hearthstone"
    with pytest.raises(UserError, match="empty game spec"):
        make_game("")


def test_options_left_out_still_mean_the_defaults(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["arena", "random", "random", *ONE_GAME]) == 0
    assert "liege mirror" in capsys.readouterr().out
    assert main(["cards", "--class", " mage ", "--json"]) == 0
    assert '"MAGE"' in capsys.readouterr().out


# ---------------------------------------------------------------- F5, F6: files that are not regular or not UTF-8

@pytest.mark.skipif(not os.path.exists("/dev/null") or os.name == "nt", reason="needs /dev/null")
@pytest.mark.parametrize("argv, what", [
    (["decks", "/dev/null"], "deck file '/dev/null'"),
    (["arena", "random", "--deck", "/dev/null", *ONE_GAME], "deck file '/dev/null'"),
    (["arena", "search:ckpt=/dev/null", "trading", *ONE_GAME], "evaluator checkpoint '/dev/null'"),
    (["arena", "extremal:genome=/dev/null", "bigmoney", "--game", "dominion", *ONE_GAME], "genome '/dev/null'"),
    (["arena", "qlearn:ckpt=/dev/null", "random", *ONE_GAME], "checkpoint '/dev/null'"),
    (["quickstart", "--checkpoint", "/dev/null", "--games", "1"], "checkpoint '/dev/null'"),
])
def test_an_existing_non_regular_file_is_not_called_missing(tmp_path, monkeypatch, capsys, argv, what):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert _error(capsys).endswith(f"{what} is not a regular file")


def test_a_deck_in_another_encoding_is_called_not_utf8_and_binary_is_not_a_deck(tmp_path, monkeypatch, capsys):
    from cardlab.engine.hearthstone.decks import DECK_DIR

    monkeypatch.chdir(tmp_path)
    text = (DECK_DIR / "liege.txt").read_text(encoding="utf-8")
    Path("latin1.txt").write_bytes(text.encode("latin-1"))
    Path("utf16.txt").write_bytes(text.encode("utf-16"))
    Path("binary.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe")
    for name in ("latin1.txt", "utf16.txt"):
        assert main(["decks", name]) == 2
        assert _error(capsys).endswith(f"deck file '{name}' is not UTF-8 text (save it as UTF-8)")
    assert main(["decks", "binary.txt"]) == 2
    assert "is not a text deck" in _error(capsys)


# ---------------------------------------------------------------- F8: weights names

def test_a_mistyped_weights_name_gets_a_suggestion_and_a_model_name_its_use(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["arena", "search:eval=weights:hand-mad", "trading", *ONE_GAME]) == 2
    assert "did you mean 'hand-made'?" in _error(capsys)
    assert main(["arena", "search:eval=weights:liege-full-rich", "trading", *ONE_GAME]) == 2
    line = _error(capsys)
    assert "not a weights file" in line and "search:ckpt=liege-full-rich" in line
    assert main(["arena", "search:eval=weights:checkpoints/weights/hand-made.yaml,max_nodes=20", "random",
                 *ONE_GAME]) == 0


# ---------------------------------------------------------------- F4: what `models --game` matches

def test_models_help_says_spec_options_are_not_matched(capsys):
    with pytest.raises(SystemExit):
        main(["models", "--help"])
    assert "not matched" in capsys.readouterr().out


# ---------------------------------------------------------------- F3: the card-code note matches the metadata

def test_card_code_note_matches_the_stored_vocabularies():
    torch = pytest.importorskip("torch")
    from cardlab.checkpoints import path_of
    from cardlab.engine.hearthstone.decks import load_deck

    def vocabulary(name):
        return list(torch.load(path_of(f"{name}/value.pt"), map_location="cpu",
                               weights_only=True)["meta"]["encoder_vocabulary"])

    old, new = vocabulary("liege-full-rich"), vocabulary("pool-full-rich")
    assert (len(old), len(new)) == (477, 499) and vocabulary("liege-trio-rich") == old
    added = [card for card in new if card not in set(old)]
    assert len([c for c in added if c.startswith("HIDDEN_SECRET_")]) == 3 and len(added) == 22
    assert {new.index(c.id) - old.index(c.id) for c in load_deck("liege").cards} == {22}
    for card in ("liege-full-rich", "liege-trio-rich"):
        text = (REPO / "checkpoints" / card / "MODEL_CARD.md").read_text(encoding="utf-8")
        assert "19 tokens added" in text and "3 hidden-secret cards" in text and "by 22" in text, card
    results = (REPO / "docs" / "results.md").read_text(encoding="utf-8")
    assert "shifted by 22" in results and "by 18" not in results and "18 tokens" not in results


# ---------------------------------------------------------------- F7: a Hanabi net on another shape

def test_a_net_for_another_hanabi_shape_is_one_error_a_cli_user_can_act_on(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["arena", "search:ckpt=hanabi-hat-2p,k=2", "--game", "hanabi:variant=mini", *ONE_GAME]
    assert main(argv) == 2
    line = _error(capsys)  # no "may not carry over" warning first
    assert "does not fit this game" in line and "get_encoder" not in line
    assert line.endswith("use a checkpoint trained on this game's setup")


def test_an_unknown_option_shows_the_verbs_own_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["arena", "random", "--bogus"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: cardlab arena") and "cardlab arena: error: unrecognized arguments: --bogus" in err
    with pytest.raises(SystemExit):
        main(["plot", "matches", "x.json", "--out", "x.png", "--bogus"])
    assert "cardlab plot matches: error: unrecognized arguments: --bogus" in capsys.readouterr().err
