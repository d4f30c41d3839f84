"""Expands recurrence cases with python-dateutil, an implementation independent of the calendar's.

Reads a JSON list of cases on stdin; each case has `seed` (a wall-clock start), `zone`, `all_day`, `rule` (RRULE
text without UNTIL or COUNT), `count` or `until` (a wall-clock time), `rdates` (wall-clock times), `exclude_every`
(every nth start of the rule is excluded), `minutes` or `days` (how long each occurrence is) and `horizon` (an ISO
instant). Writes, for each case, the series' first occurrence (the rule's first start from the seed), the excluded
starts, and every occurrence's start and end as UTC instants. Wall-clock times are read as RFC 5545 section 3.3.5 says: zoneinfo's fold=0 gives a
time a clock change skips the offset before the change, and a repeated time its first instance.
"""
import json
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil.rrule import rruleset, rrulestr


def instant(wall, zone):
    return wall.replace(tzinfo=zone, fold=0).astimezone(timezone.utc)


def utc(moment):
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def expand(case):
    zone = ZoneInfo(case["zone"])
    seed = datetime.fromisoformat(case["seed"])
    first = rrulestr(case["rule"], dtstart=seed).after(seed, inc=True)
    if first is None:
        return None
    text = case["rule"]
    if case.get("count") is not None:
        text += f";COUNT={case['count']}"
    if case.get("until") is not None:
        text += ";UNTIL=" + datetime.fromisoformat(case["until"]).strftime("%Y%m%dT%H%M%S")
    rule = rrulestr(text, dtstart=first)
    horizon = datetime.fromisoformat(case["horizon"].replace("Z", "+00:00"))
    every = case["exclude_every"]
    excluded = [wall for index, wall in enumerate(rule.xafter(first, 400, inc=True)) if index % every == every - 1]
    rules = rruleset()
    rules.rrule(rule)
    for value in case["rdates"]:
        rules.rdate(datetime.fromisoformat(value))
    for wall in excluded:
        rules.exdate(wall)

    def end(wall):
        if case["all_day"]:
            return instant(wall.replace(hour=23, minute=59, second=59) + timedelta(days=case["days"]), zone)
        return instant(wall, zone) + timedelta(minutes=case["minutes"])

    occurrences = []
    for wall in rules:
        if instant(wall, zone) > horizon:
            break
        occurrences.append([utc(instant(wall, zone)), utc(end(wall))])
    return {
        "first": [utc(instant(first, zone)), utc(end(first))],
        "exdates": [wall.isoformat() for wall in excluded],
        "occurrences": occurrences,
    }


print(json.dumps([expand(case) for case in json.load(sys.stdin)]))
