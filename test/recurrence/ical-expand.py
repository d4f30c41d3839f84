"""Expands the events of an iCalendar stream with python-icalendar and python-dateutil, independently of the calendar.

Reads the stream on stdin and a horizon (an ISO instant) as the first argument. Writes, for each VEVENT's UID, every
occurrence that starts up to the horizon: `[start, end]` as UTC `YYYY-MM-DD HH:MM:SS` for timed events, or local
`YYYY-MM-DD` days (the end inclusive, as the calendar's JSON gives it) for all-day ones. Zoned times are read as RFC
5545 section 3.3.5 says (zoneinfo's fold=0: a skipped time with the offset before the change); a TZID that is no
IANA zone is read with the fixed offset its VTIMEZONE gives. A VEVENT with a RECURRENCE-ID overrides the
occurrence of its UID that starts there, as RFC 5545 section 3.8.4.4 says: its own start and end take that one's place.
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dateutil.rrule import rruleset, rrulestr
from icalendar import Calendar


def dates_of(event, name):
    prop = event.get(name)
    if prop is None:
        return []
    return [value.dt for item in (prop if isinstance(prop, list) else [prop]) for value in item.dts]


def zone_of(event, name="DTSTART"):
    value = event[name].dt
    tzid = event[name].params.get("TZID")
    if tzid is None:
        return timezone.utc
    try:
        return ZoneInfo(tzid)
    except (ZoneInfoNotFoundError, ValueError):
        return timezone(value.utcoffset())


def in_zone(value, zone):
    """A parsed date-time on the event's wall clock in `zone`, or kept as an instant when it was written in UTC."""
    if value.utcoffset() == timedelta(0) and str(value.tzinfo) in ("UTC", "UTC+00:00"):
        return value.astimezone(timezone.utc)
    return value.replace(tzinfo=None).replace(tzinfo=zone, fold=0)


def utc(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def expand(event, horizon):
    start = event["DTSTART"].dt
    end = event["DTEND"].dt
    rules = rruleset()
    if not isinstance(start, datetime):
        days = (end - start).days - 1
        first = datetime.combine(start, datetime.min.time())
        walls = lambda values: [datetime.combine(value, datetime.min.time()) for value in values]
        rules.rdate(first)
        if "RRULE" in event:
            rules.rrule(rrulestr(event["RRULE"].to_ical().decode(), dtstart=first))
        for value in walls(dates_of(event, "RDATE")):
            rules.rdate(value)
        for value in walls(dates_of(event, "EXDATE")):
            rules.exdate(value)
        last = horizon.date()
        found = []
        for wall in rules:
            if wall.date() > last:
                break
            found.append([wall.date().isoformat(), (wall.date() + timedelta(days=days)).isoformat()])
        return found
    zone = zone_of(event)
    first = in_zone(start, zone)
    length = in_zone(end, zone) - first
    rules.rdate(first)
    if "RRULE" in event:
        rules.rrule(rrulestr(event["RRULE"].to_ical().decode(), dtstart=first))
    for value in dates_of(event, "RDATE"):
        rules.rdate(in_zone(value, zone))
    for value in dates_of(event, "EXDATE"):
        rules.exdate(in_zone(value, zone))
    found = []
    for moment in rules:
        if moment > horizon:
            break
        found.append([utc(moment), utc(moment + length)])
    return found


def span_of(event):
    """An override's own occurrence, and the start it replaces, as `expand` writes them."""
    if not isinstance(event["DTSTART"].dt, datetime):
        days = [event[name].dt for name in ("RECURRENCE-ID", "DTSTART", "DTEND")]
        return days[0].isoformat(), [days[1].isoformat(), (days[2] - timedelta(days=1)).isoformat()]
    at = {name: in_zone(event[name].dt, zone_of(event, name)) for name in ("RECURRENCE-ID", "DTSTART", "DTEND")}
    return utc(at["RECURRENCE-ID"]), [utc(at["DTSTART"]), utc(at["DTEND"])]


horizon = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
calendar = Calendar.from_ical(sys.stdin.buffer.read())
events = calendar.walk("VEVENT")
found = {str(event["UID"]): expand(event, horizon) for event in events if "RECURRENCE-ID" not in event}
for event in events:
    if "RECURRENCE-ID" in event:
        replaced, own = span_of(event)
        spans = found[str(event["UID"])]
        found[str(event["UID"])] = sorted([span for span in spans if span[0] != replaced] + [own])
print(json.dumps(found))
