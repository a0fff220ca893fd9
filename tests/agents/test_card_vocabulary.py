"""Card codes of the `rich` encoder follow the card data, which renumbers cards when cards are added; data files
and value checkpoints keep the codes they were made with, and a network is fed exactly those codes."""

from __future__ import annotations

import json

import h5py
import pytest
import torch

from cardlab.agents.value_evaluator import ValueNetEvaluator, load_value_checkpoint
from cardlab.datagen.merge import merge_chain_files
from cardlab.datagen.runner import DatagenSettings, generate
from cardlab.engine.hearthstone import HearthstoneGame
from cardlab.engine.hearthstone.features import get_encoder
from cardlab.runtime import UserError
from cardlab.train.value import ValueConfig, fit_value

FAST = ("random-action", "random-action")


@pytest.fixture(scope="module")
def rich_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("vocab") / "rich.h5"
    generate(path, DatagenSettings(agents=FAST, games=6, seed=4, encoder="rich", chains=("full",)))
    return path


def _board_state():
    state = HearthstoneGame().new_initial_state(2)
    for _ in range(40):  # play on until a minion is on the board
        if any(p.board for p in state.players) or state.is_terminal():
            break
        state.apply(state.legal_actions()[-1])
    assert any(p.board for p in state.players)
    return state


def test_files_and_checkpoints_keep_the_card_codes(rich_file, tmp_path):
    with h5py.File(rich_file) as f:
        ids = json.loads(f.attrs["encoder_vocabulary"])
    assert ids == get_encoder("rich").vocabulary() and len(set(ids)) == len(ids)
    summary = fit_value(rich_file, ValueConfig(max_epochs=1, batch_size=64, hidden=[8]), tmp_path / "run",
                        progress=False)
    _, meta = load_value_checkpoint(summary["checkpoint"])
    assert meta["encoder_vocabulary"] == ids


def test_a_checkpoint_made_with_other_card_data_codes_cards_as_it_was_trained(rich_file, tmp_path):
    summary = fit_value(rich_file, ValueConfig(max_epochs=1, batch_size=64, hidden=[8]), tmp_path / "run",
                        progress=False)
    blob = torch.load(summary["checkpoint"], weights_only=True)
    older = list(reversed(blob["meta"]["encoder_vocabulary"]))  # card data where every card had another code
    blob["meta"]["encoder_vocabulary"] = older
    torch.save(blob, tmp_path / "older.pt")
    now, then = ValueNetEvaluator(summary["checkpoint"], device="cpu"), ValueNetEvaluator(tmp_path / "older.pt", device="cpu")
    state = _board_state()
    names = now.encoder.feature_names
    minion = next(p.board[0] for p in state.players if p.board)
    column = next(i for i, n in enumerate(names) if n.endswith("minion0_card")
                  and now.encoder.encode(state, 0)[i] != 0)
    assert then.encoder.encode(state, 0)[column] == older.index(minion.card.id) + 1
    assert now.encoder.encode(state, 0)[column] == now.encoder.vocabulary().index(minion.card.id) + 1
    assert now.evaluate([state], 0) != then.evaluate([state], 0)


def test_files_with_other_card_codes_are_not_merged(rich_file, tmp_path):
    other = tmp_path / "other.h5"
    other.write_bytes(rich_file.read_bytes())
    with h5py.File(other, "r+") as f:
        f.attrs["encoder_vocabulary"] = json.dumps(list(reversed(json.loads(f.attrs["encoder_vocabulary"]))))
    with pytest.raises(UserError, match="card codes differ"):
        merge_chain_files([rich_file, other], tmp_path / "m.h5")
    assert not (tmp_path / "m.h5").exists()
    with h5py.File(other, "r+") as f:  # a file from before card codes were kept: in either order, refused
        del f.attrs["encoder_vocabulary"]
    for sources in ([rich_file, other], [other, rich_file]):
        with pytest.raises(UserError, match="other.h5 does not record its card codes"):
            merge_chain_files(sources, tmp_path / "m.h5")
    assert not (tmp_path / "m.h5").exists()


def test_a_resume_with_other_card_codes_is_refused(rich_file, tmp_path):
    copy = tmp_path / "resume.h5"
    copy.write_bytes(rich_file.read_bytes())
    with h5py.File(copy, "r+") as f:
        f.attrs["encoder_vocabulary"] = json.dumps(list(reversed(json.loads(f.attrs["encoder_vocabulary"]))))
    before = copy.read_bytes()
    with pytest.raises(UserError, match="encoded with other card data"):
        generate(copy, DatagenSettings(agents=FAST, games=8, seed=4, encoder="rich", chains=("full",)), resume=True)
    assert copy.read_bytes() == before


def test_the_codes_do_not_depend_on_what_the_process_did_first():
    import subprocess
    import sys

    code = ("from cardlab.engine.hearthstone import HearthstoneGame; {first}"
            "from cardlab.engine.features import get_encoder; print(len(get_encoder('rich').vocabulary()))")
    runs = [subprocess.run([sys.executable, "-c", code.format(first=first)], capture_output=True, text=True,
                           timeout=120).stdout.strip()
            for first in ("", "HearthstoneGame().new_initial_state(1).observation(0); ")]
    assert runs[0] == runs[1] and runs[0].isdigit()  # an observation first used to add the placeholder's code
