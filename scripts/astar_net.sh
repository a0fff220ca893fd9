#!/usr/bin/env bash
# Issue 19, item 5: checkpoints/astar-trio-wide from a fresh clone. The colour trio pool-trio-wide, searching with
# the greedy reply look-ahead, plays 1,500 Liège-mirror games against the A* agent (search:algo=best); the trio is
# then fine-tuned on those games (both players' end-of-turn states). About 20 minutes on 2 cores.
# A step whose output exists is skipped; an interrupted datagen resumes.
# Usage: scripts/astar_net.sh [OUT_DIR]   (default runs/astar; a relative OUT_DIR is under the repository root;
#   WORKERS=N)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-runs/astar}
workers=${WORKERS:-2}
mkdir -p "$out"
export OMP_NUM_THREADS=1

data=$out/astar_liege.h5
resume=()
[ -e "$data" ] && resume=(--resume)
if ! [ -s "$out/astar-trio-wide/value.pt" ]; then
  cardlab datagen "$data" --deck liege --encoder rich --chains full --games 1500 --seed 31 --workers "$workers" \
    --quiet ${resume[@]+"${resume[@]}"} --agents "search:ckpt=pool-trio-wide,lookahead=greedy,samples=8" "search:algo=best"
  again=()
  [ -e "$out/astar-trio-wide/checkpoints/last.ckpt" ] && again=(--resume)
  cardlab train value --data "$data" --config configs/value_colour_finetune_astar.yaml --out "$out/astar-trio-wide" \
    --json ${again[@]+"${again[@]}"} > "$out/astar-trio-wide.json"
fi
echo "network: $out/astar-trio-wide/value.pt"
