#!/usr/bin/env bash
# The GPU checks, as one run that fits a lent machine's 10-minute command limit: value training (32-true,
# bf16-mixed, 16-mixed, a large batch on the GPU; 32-true on the CPU), DQN (GPU and CPU), the search with a value
# network (GPU and CPU evaluator: games/s, rows per forward pass) and an arena with GPU workers. Every step is
# bounded by `timeout`; each writes OUT/<step>.json, and OUT/summary.txt gathers the figures for docs/benchmarks.md.
#
# On a lent machine (its python3 has torch, lightning, h5py, numpy, rich, pyyaml, tensorboard, requests; not the
# `hearthstone` package), prepare once here:
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d .whl hearthstone
# then run there, carrying .whl:
#   python3 -m pip install -q --no-index --no-deps .whl/*.whl && \
#   python3 -m pip install -q --no-index --no-deps --no-build-isolation -e . && bash scripts/device_check.sh
# Without a GPU (here) the GPU steps are skipped; SCALE=0.1 shrinks every step for a dry run.
set -uo pipefail

OUT=${OUT:-runs/device_check}
SCALE=${SCALE:-1}
WORKERS=${WORKERS:-$(python3 -c 'import os; print(max(1, min(12, (os.cpu_count() or 2) - 2)))')}
rm -rf "$OUT"/value_* "$OUT"/dqn_*  # a rerun starts its trainings afresh
mkdir -p "$OUT"
n() { python3 -c "print(max(2, int($1 * $SCALE)))"; }
N_DQN=$(python3 -c "print(max(120, int(600 * $SCALE)))")  # fewer games make no gradient update
GPU=$(python3 -c 'import torch; print(int(torch.cuda.is_available()))')
export PYTHONUNBUFFERED=1

python3 - "$OUT/device.json" <<'EOF'
import json, os, platform, sys, torch
info = {"python": platform.python_version(), "torch": torch.__version__, "cpus": os.cpu_count(),
        "cuda": torch.cuda.is_available()}
if torch.cuda.is_available():
    info.update(gpu=torch.cuda.get_device_name(0), gpu_memory_gib=round(torch.cuda.get_device_properties(0).total_memory / 2**30, 1))
json.dump(info, open(sys.argv[1], "w"))
print(info)
EOF

# The whole run ends within BUDGET seconds (default 540: a 10-minute command limit with room to copy results
# back): each step gets at most what is left, and the summary is written however the run ends.
BUDGET=${BUDGET:-540}
START=$(date +%s)
left() { echo $(( BUDGET - ($(date +%s) - START) - 15 )); }
summarise() {
python3 - "$OUT" <<'EOF' | tee "$OUT/summary.txt"
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
print("device:", json.loads((out / "device.json").read_text()))
for f in sorted(out.glob("*.json")):
    if f.name == "device.json":
        continue
    try:
        d = json.loads(f.read_text() or "null")
    except ValueError:
        d = None
    if not isinstance(d, dict):
        print(f"{f.stem}: no result (see {f.stem}.err)")
        continue
    keys = ("device", "precision", "epochs_run", "fit_seconds", "train_rows_per_second", "env_steps_per_second",
            "games_per_sec", "decisions_per_sec", "cpu_s_per_game", "rows_per_forward", "max_rows_per_forward",
            "win_rate", "games", "test")
    print(f.stem + ":", {k: d[k] for k in keys if k in d})
EOF
}
trap 'summarise' EXIT

step() {  # step NAME SECONDS CPU_ONLY(0/1) command...
    local name=$1 limit=$2 cpu=$3
    shift 3
    if [ "$(left)" -lt "$limit" ]; then limit=$(left); fi
    if [ "$limit" -le 5 ]; then echo "== $name: skipped (the run's time is spent)"; return; fi
    echo "== $name"
    if [ "$cpu" = 1 ]; then
        CUDA_VISIBLE_DEVICES= timeout "$limit" "$@" > "$OUT/$name.json" 2> "$OUT/$name.err"
    else
        timeout "$limit" "$@" > "$OUT/$name.json" 2> "$OUT/$name.err"
    fi
    echo "   exit $? ($(tail -c 300 "$OUT/$name.err" | tr '\n' ' '))"
}

timeout 60 cardlab datagen "$OUT/data.h5" --games "$(n 4000)" --encoder rich --workers "$WORKERS" --seed 1 --force --quiet
CFG=configs/value_full_rich_wide.yaml
EPOCHS=3
if [ "$GPU" = 1 ]; then
    for p in 32-true bf16-mixed 16-mixed; do
        step "value_gpu_$p" 150 0 cardlab train value --data "$OUT/data.h5" --config $CFG --max-epochs $EPOCHS \
            --precision $p --out "$OUT/value_gpu_$p" --json
    done
    step value_gpu_batch4096 120 0 cardlab train value --data "$OUT/data.h5" --config $CFG --max-epochs $EPOCHS \
        --batch-size 4096 --out "$OUT/value_gpu_batch4096" --json
fi
step value_cpu 240 1 cardlab train value --data "$OUT/data.h5" --config $CFG --max-epochs $EPOCHS \
    --out "$OUT/value_cpu" --json

if [ "$GPU" = 1 ]; then
    step dqn_gpu 120 0 cardlab train dqn --variant q8 --games "$N_DQN" --out "$OUT/dqn_gpu" --json
fi
step dqn_cpu 120 1 cardlab train dqn --variant q8 --games "$N_DQN" --out "$OUT/dqn_cpu" --json

SEARCH="search:ckpt=liege-full-rich"
if [ "$GPU" = 1 ]; then
    step search_net_gpu 120 0 cardlab bench search-net --games "$(n 20)" --json
    step search_net_gpu_batch256 120 0 cardlab bench search-net --games "$(n 20)" --agents "$SEARCH,batch=256" trading --json
    step arena_gpu_workers 150 0 cardlab arena "$SEARCH" trading --games "$(n 96)" --workers "$WORKERS" --json
fi
step search_net_cpu 120 1 cardlab bench search-net --games "$(n 20)" --json
step arena_cpu_workers 150 1 cardlab arena "$SEARCH" trading --games "$(n 96)" --workers "$WORKERS" --json
