"""Calls the service through a client generated from its OpenAPI document (run by
server/tests/e2e.rs: `python_client.py <base url>`, the generated package `hijri_client` on
the path). Each call must come back as the documented model with the right values; the
dates are those of the official table (data/official/months.csv) and of docs/."""

import datetime
import sys

from hijri_client import Client
from hijri_client.api.dates import convert, table, year
from hijri_client.api.hilal import hilal_info
from hijri_client.api.observances import events
from hijri_client.models import (
    CalendarSystem,
    ConvertResponse,
    EventsResponse,
    HilalInfoResponse,
    TableResponse,
    YearResponse,
)


def main(base_url: str) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True)

    # An answer with a warning: 2030 is computed (the client once crashed on these).
    answer = convert.sync(client=client, date="2030-01-01")
    assert isinstance(answer, ConvertResponse), answer
    assert answer.output.date == "1451-08-26", answer.output
    assert answer.source.value == "regional-computed", answer.source
    assert [w.code for w in answer.warnings] == ["computed"], answer.warnings
    assert "computed" in answer.warnings[0].message

    # Hijri year 1446: 355 days; Ramadhan began on 2025-03-01 (official table).
    answer = year.sync(client=client, year=1446)
    assert isinstance(answer, YearResponse), answer
    assert answer.count == 355, answer.count
    assert answer.months.field_9[0].gregorian == datetime.date(2025, 3, 1), answer.months.field_9[0]
    assert answer.warnings == []

    # The observances of 2025: Idul Fitri 1446 on 2025-03-31 (official table).
    answer = events.sync(client=client, year=2025, calendar=CalendarSystem.GREGORIAN)
    assert isinstance(answer, EventsResponse), answer
    fitri = [e for e in answer.events if e.event.value == "idul_fitri"]
    assert [e.gregorian for e in fitri] == [datetime.date(2025, 3, 31)], fitri

    # The table: 1446-09 starts 2025-03-01 and has 30 days (official table).
    answer = table.sync(client=client)
    assert isinstance(answer, TableResponse), answer
    assert answer.count == len(answer.months) > 900, answer.count
    ramadhan = [m for m in answer.months if m.hijri_month == "1446-09"]
    assert [(m.start, m.length) for m in ramadhan] == [(datetime.date(2025, 3, 1), 30)], ramadhan

    # The evening that decided 1 Ramadhan 1446 (the example of docs/calendars/README.md).
    answer = hilal_info.sync(client=client, month=9, year=1446)
    assert isinstance(answer, HilalInfoResponse), answer
    assert answer.month.start == datetime.date(2025, 3, 1), answer.month
    assert answer.evening.deciding_site.name == "Lhoknga, Aceh", answer.evening.deciding_site
    assert answer.evening.visible is True

    print("generated client: convert, year, events, table, hilal/info answered as documented")


if __name__ == "__main__":
    main(sys.argv[1])
