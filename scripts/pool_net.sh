#!/usr/bin/env bash
# Issue 19, item 1: the pool network `checkpoints/pool-full-rich` from a fresh clone, two rounds of self-play.
#   round 0: 20,000 trading games on random decks -> net g0
#   round 1: search + g0 (1000 nodes) on random decks (6,000) and the classic pool (3,000), search + liege-full-rich
#            on the Liège mirror (3,000) -> net g1 on everything so far
#   round 2: search + g1 on random decks (6,000) and the classic pool (4,000) -> pool-full-rich (2 x 256),
#            pool-wide-rich (2 x 512, dropout 0.1) and the colour trio pool-trio-wide, all on everything
# Every file depends only on its seed (any --workers); a step whose output exists is skipped, so an interrupted run
# continues (an unfinished datagen file resumes with --resume). About 90 minutes on 2 cores.
# Usage: scripts/pool_net.sh [OUT_DIR]   (default runs/pool; a relative OUT_DIR is under the repository root;
#   WORKERS=N)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-runs/pool}
workers=${WORKERS:-2}
mkdir -p "$out"
export OMP_NUM_THREADS=1

datagen() {  # FILE GAMES SEED WHERE AGENT...
  local file=$out/$1 games=$2 seed=$3 where=$4
  shift 4
  [ -s "$file" ] && python - "$file" "$games" <<'PY' && return 0  # finished already
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    sys.exit(0 if int(f.attrs.get("games_completed", 0)) >= int(sys.argv[2]) else 1)
PY
  local resume=()
  [ -e "$file" ] && resume=(--resume)
  # shellcheck disable=SC2086
  cardlab datagen "$file" --games "$games" $where --encoder rich --chains full --seed "$seed" --workers "$workers" \
    --quiet ${resume[@]+"${resume[@]}"} --agents "$@"
}

train() {  # RUN FILE...   (CONFIG=... picks another config; default configs/value_full_rich.yaml)
  local run=$out/$1 config=${CONFIG:-configs/value_full_rich.yaml}
  shift
  [ -s "$run/value.pt" ] && return 0
  local files=() resume=()
  for f in "$@"; do files+=("$out/$f"); done
  [ -e "$run/checkpoints/last.ckpt" ] && resume=(--resume)
  cardlab train value --data "${files[@]}" --config "$config" --out "$run" --json ${resume[@]+"${resume[@]}"} \
    > "$run.json"
}

datagen random_trading.h5 20000 21 "--deck-pool random" trading trading
train g0 random_trading.h5
a="search:ckpt=$out/g0/value.pt,max_nodes=1000"
datagen random_g1.h5 6000 22 "--deck-pool random" "$a" "$a"
datagen classic_g1.h5 3000 23 "--deck-pool classic" "$a" "$a"
b="search:ckpt=liege-full-rich,max_nodes=1000"
datagen liege_g1.h5 3000 24 "--deck liege" "$b" "$b"
train g1 random_trading.h5 random_g1.h5 classic_g1.h5 liege_g1.h5
c="search:ckpt=$out/g1/value.pt,max_nodes=1000"
datagen random_g2.h5 6000 25 "--deck-pool random" "$c" "$c"
datagen classic_g2.h5 4000 26 "--deck-pool classic" "$c" "$c"
train pool-full-rich random_trading.h5 random_g1.h5 classic_g1.h5 liege_g1.h5 random_g2.h5 classic_g2.h5
# the same six files, a wider net (2 x 512, dropout 0.1): checkpoints/pool-wide-rich, the quickstart's network
CONFIG=configs/value_full_rich_wide.yaml \
  train pool-wide-rich random_trading.h5 random_g1.h5 classic_g1.h5 liege_g1.h5 random_g2.h5 classic_g2.h5
# the threat-colour trio on the same rows (checkpoints/pool-trio-wide, against the A* agent)
CONFIG=configs/value_colour_rich_wide.yaml \
  train pool-trio-wide random_trading.h5 random_g1.h5 classic_g1.h5 liege_g1.h5 random_g2.h5 classic_g2.h5
echo "networks: $out/pool-full-rich/value.pt $out/pool-wide-rich/value.pt $out/pool-trio-wide/value.pt"
