#!/usr/bin/env python3
"""A critic for `mode: persistent`: one process reviews the whole run.

Each line on stdin is one review, {"id", "request", "messages"}; each line on
stdout answers one, {"id", "reply"} (or {"id", "error"}). The check is tiny on
purpose: an artifact fails when it states a number no evidence item contains.
"""
import json
import re
import sys

NUMBER = re.compile(r"\d+(?:\.\d+)?")


def review(request):
    in_evidence = {n for item in request["evidence"] for n in NUMBER.findall(item["text"])}
    unsupported = [n for n in dict.fromkeys(NUMBER.findall(request["artifact"])) if n not in in_evidence]
    if unsupported:
        return f"Not in the evidence: {', '.join(unsupported)}.\nVERDICT: FAIL\n"
    return "Every number is in the evidence.\nVERDICT: PASS\n"


def main():
    for line in sys.stdin:
        message = json.loads(line)
        try:
            answer = {"id": message["id"], "reply": review(message["request"])}
        except Exception as err:  # one bad request fails its own review, not the process
            answer = {"id": message["id"], "error": repr(err)}
        # Flush every line: a pipe is block-buffered, and the harness waits for the whole line.
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
