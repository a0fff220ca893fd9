"""ExtremalAgent: each decision kind's chooser (on a fake observation), and full games against the baselines."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from cardlab.agents.dominion.extremal import ExtremalAgent
from cardlab.agents.dominion.genome import genome_from_yaml
from cardlab.engine.dominion.decision import Decision
from cardlab.runtime import UserError

GENOME = """\
gaining:
  ranks: [Province, Gold, Silver, Duchy]
playing:
  ranks: [Village, Market, Smithy, Gold, Silver]
"""
SUPPLY = {c: 10 for c in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Cellar", "Market",
                          "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Woodcutter", "Workshop")}


@dataclass
class FakeObs:
    decision_: Decision
    actions: int = 0
    supply: dict = field(default_factory=lambda: dict(SUPPLY))

    def decision(self):
        return self.decision_

    def legal_actions(self):
        return list(range(100, 100 + len(self.decision_.options)))

    def supply_counts(self):
        return self.supply

    def owned_counts(self, player):
        return {"Copper": 7, "Estate": 3}


def answer(agent, kind, options, card=None, target=None, player=0, **obs):
    action = agent.act(FakeObs(Decision(kind, player, card, tuple(options), target), **obs))
    return options[action - 100]


@pytest.fixture
def agent():
    a = ExtremalAgent.from_genome(genome_from_yaml(GENOME))
    a.reset(0, 1)
    return a


def test_each_kind_uses_its_chooser(agent):
    assert answer(agent, "buy", ["Silver", "Gold", "Estate", None]) == "Gold"  # gaining best
    assert answer(agent, "buy", ["Estate", "Copper", None]) is None
    assert answer(agent, "gain", ["Silver", "Estate"]) == "Silver"
    assert answer(agent, "trash", ["Gold", "Estate", None]) == "Estate"  # gaining worst
    assert answer(agent, "trash", ["Gold", "Silver", None]) is None
    assert answer(agent, "action", ["Smithy", "Village", None]) == "Village"  # playing best
    assert answer(agent, "action", ["Militia", None]) is None  # unlisted: not played
    assert answer(agent, "throne", ["Smithy", "Market"]) == "Market"
    assert answer(agent, "discard", ["Gold", "Estate"]) == "Estate"  # playing worst
    assert answer(agent, "discard", ["Gold", "Silver"]) == "Silver"  # all listed: the last listed
    assert answer(agent, "treasure", ["all", "Copper", "Silver", None]) == "all"
    assert answer(agent, "reveal", ["yes", "no"], card="Militia") == "yes"
    assert answer(agent, "chancellor", ["yes", "no"]) == "yes"
    assert answer(agent, "thief-trash", ["Copper", "Gold"], target=1) == "Gold"
    assert answer(agent, "thief-gain", ["Gold", None]) == "Gold"
    assert answer(agent, "thief-gain", ["Copper", None]) is None
    assert answer(agent, "topdeck", ["Province", "Estate"], player=0) == "Estate"


def test_spy_discards_good_cards_of_opponents_and_bad_ones_of_mine(agent):
    assert answer(agent, "spy", ["discard", "keep"], card="Gold", target=1) == "discard"
    assert answer(agent, "spy", ["discard", "keep"], card="Estate", target=1) == "keep"
    assert answer(agent, "spy", ["discard", "keep"], card="Gold", target=0) == "keep"
    assert answer(agent, "spy", ["discard", "keep"], card="Estate", target=0) == "discard"


def test_library_sets_aside_unplayable_actions(agent):
    assert answer(agent, "set-aside", ["Village", None], card="Library", actions=0) == "Village"
    assert answer(agent, "set-aside", ["Village", None], card="Library", actions=1) is None
    assert answer(agent, "set-aside", ["Militia", None], card="Library", actions=1) == "Militia"


def test_cards_outside_the_supply_are_refused(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("gaining:\n  ranks: [Chapel]\nplaying:\n  random: {}\n")
    agent = ExtremalAgent(genome=str(path))
    agent.reset(0, 0)
    with pytest.raises(UserError, match=f"genome {path}: Chapel not in this game's supply"):
        answer(agent, "buy", ["Silver", None])
    with pytest.raises(UserError, match="needs genome=PATH"):
        ExtremalAgent()


@pytest.mark.parametrize("workers", [1, 2])
def test_arena_stops_with_one_line_on_a_genome_outside_the_kingdom(tmp_path, capsys, workers):
    """A genome naming a card the kingdom lacks is the user's error: exit 2, not games counted as engine errors."""
    from cardlab.cli import main

    path = tmp_path / "witch.yaml"
    path.write_text("gaining:\n  ranks: [Witch]\nplaying:\n  ranks: []\n")
    code = main(["arena", f"extremal:genome={path}", "bigmoney", "--game", "dominion:kingdom=first-game",
                 "--games", "4", "--workers", str(workers), "--log-dir", str(tmp_path / "logs")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"genome {path}: Witch not in this game's supply" in err and "Traceback" not in err
    assert not (tmp_path / "logs").exists()


class KindCounter:
    """Counts the decision kinds the agents met (so the test shows which prompts it exercised)."""

    def __init__(self, seen):
        self.seen = seen

    def on_start(self, state, roles): ...

    def before_action(self, state, action):
        self.seen.add(state.decision().kind)

    def after_action(self, state, actor): ...

    def on_end(self, state, error): ...


def test_full_games_in_every_named_kingdom(tmp_path):
    from cardlab.arena.play import play_game
    from cardlab.engine.dominion.cards import CARDS, KINGDOMS

    seen: set[str] = set()
    for name, kingdom in KINGDOMS.items():
        by_cost = sorted(kingdom, key=lambda c: (-CARDS[c].cost, c))
        actions = [c for c in by_cost if "action" in CARDS[c].types]
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"gaining:\n  seasonal:\n    - threshold: 100\n      ranks: [Gold, {', '.join(by_cost)}, Silver]"
                        f"\n    - threshold: 0\n      ranks: [Province, Duchy, Gold, Estate]\n"
                        f"playing:\n  ranks: [{', '.join(actions)}]\n")
        spec = f"extremal:genome={path}"
        game = f"dominion:kingdom={name},players=2"
        for i, opponent in enumerate(["bigmoney", spec, "smithy-bm", "extremal:genome=" + str(tmp_path / "r.yaml")]):
            (tmp_path / "r.yaml").write_text("gaining:\n  random: {}\nplaying:\n  random: {}\n")
            for index in range(2):
                result = play_game(game, [spec, opponent], seed=i, index=index, observers=[KindCounter(seen)])
                assert result.error is None, result.error
    assert {"action", "treasure", "buy", "gain", "trash", "discard", "reveal", "thief-trash", "thief-gain",
            "throne", "set-aside", "topdeck", "chancellor"} <= seen, seen  # spy is covered on the fake above
