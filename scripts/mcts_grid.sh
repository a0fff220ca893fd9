#!/usr/bin/env bash
# Issue 17's MCTS grid, 1000 games a cell, seed 1, first player alternating:
# - weights: 2 weight files x 2 variants x {random, greedy, trading, search with the same weights} x {Liège mirror,
#   Basic pool} at 300 iterations / nodes, plus MCTS evolved vs MCTS hand-made;
# - value network (liege-full-rich), Liège mirror, 1000 iterations / nodes: both variants and the turn-tree search
#   against trading, and each variant against the search.
# Writes docs/results/mcts/<decks>_<evaluator>_<planner>_vs_<opponent>.json; a cell whose file exists is skipped, so
# rerunning after an interruption plays only the missing cells.
# Usage: scripts/mcts_grid.sh [PARALLEL_CELLS]   (GAMES=N for a quick look, OUT=DIR for another folder)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-docs/results/mcts}
games=${GAMES:-1000}
mkdir -p "$out"

cells() {
  for decks in liege basic; do
    for w in hand-made evolved; do
      for per in turn action; do
        for opp in random greedy trading search; do
          echo "$decks $w $per $opp"
        done
      done
    done
    echo "$decks evolved turn mcts-hand-made"
  done
  for per in search turn action; do echo "liege net $per trading"; done
  for per in turn action; do echo "liege net $per search"; done
}

# planner PER EVALUATOR: the agent spec of an MCTS variant (turn, action) or of the turn-tree search (search)
planner() {
  local per=$1 evaluator=$2 budget=300 file=hand-made
  [ "$evaluator" = evolved ] && file=evolved-search-liege
  local eval="weights:checkpoints/weights/$file.yaml" extra=""
  if [ "$evaluator" = net ]; then budget=1000; eval="ckpt=liege-full-rich"; extra=",batch=16"; fi
  if [ "$per" = search ]; then echo "search:eval=$eval,max_nodes=$budget"
  else echo "mcts:iters=$budget,per=$per,eval=$eval$extra"; fi
}

run_cell() {
  local decks=$1 evaluator=$2 per=$3 opp=$4 file="$out/${1}_${2}_${3}_vs_${4}.json"
  [ -s "$file" ] && return 0
  local spec=$opp
  case $opp in
    search) spec=$(planner search "$evaluator") ;;
    mcts-hand-made) spec=$(planner "$per" hand-made) ;;
  esac
  local where=(--deck liege)
  [ "$decks" = basic ] && where=(--deck-pool basic)
  cardlab arena "$(planner "$per" "$evaluator")" "$spec" "${where[@]}" --games "$games" --workers 1 --seed 1 --json > "$file.part"
  mv "$file.part" "$file"
  echo "$file $(python -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['win_rate'], d['ci95'], d['games_per_sec'])" "$file")"
}
export -f run_cell planner
export out games

cells | xargs -P "${1:-1}" -L 1 bash -c 'run_cell "$@"' _
