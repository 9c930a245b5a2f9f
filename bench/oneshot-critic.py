"""The examples' Python critic in mode: oneshot, for bench/exec-modes.ts: the same review(), one process per review."""
import importlib.util
import json
import sys
from pathlib import Path

spec = importlib.util.spec_from_file_location("persistent_critic", Path(__file__).parent.parent / "examples" / "persistent-critic.py")
critic = importlib.util.module_from_spec(spec)
spec.loader.exec_module(critic)
sys.stdout.write(critic.review(json.load(sys.stdin)["request"]))
