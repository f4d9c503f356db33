#!/usr/bin/env python3
"""Compare days.csv with the Indonesia data of the Python `holidays` package.

Run it with a Python that has `holidays` installed (pip install holidays, in a venv
outside the repository), for example:

    /tmp/venv/bin/python data/holidays/crosscheck.py

For every year of days.csv it compares the (date, kind, slug) records with the package's
"public" category (our libur_nasional) and "government" category (our cuti_bersama) and
prints what only one side has. Every difference it prints is explained in SOURCES.md.
Exit status: 0 when the comparison ran (differences or not), 2 when it could not (no
`holidays` package, a holiday name it cannot map to a slug, an unreadable days.csv).
"""

import argparse
import csv
import sys
from pathlib import Path

# The package's English names, lower-cased and without "(observed)" / "(estimated)" or
# "Joint Holiday", to our slugs. Checked in order: the specific new years before "new year".
NAME_TO_SLUG = (
    ("eid al-fitr", "idul_fitri"),
    ("eid al-adha", "idul_adha"),
    ("islamic new year", "tahun_baru_islam"),
    ("lunar new year", "imlek"),
    ("prophet's birthday", "maulid_nabi"),
    ("isra' and mi'raj", "isra_miraj"),
    ("day of silence", "nyepi"),
    ("good friday", "wafat_yesus_kristus"),
    ("easter sunday", "paskah"),
    ("ascension", "kenaikan_yesus_kristus"),
    ("vesak", "waisak"),
    ("labor day", "hari_buruh"),
    ("pancasila day", "hari_lahir_pancasila"),
    ("independence day", "hari_kemerdekaan"),
    ("christmas", "natal"),
    ("new year", "tahun_baru"),
    ("general election day", "pemilu"),
    ("legislative election day", "pemilu"),
    ("presidential election day", "pemilu"),
    ("local election day", "pilkada"),
)

CATEGORY_TO_KIND = (("public", "libur_nasional"), ("government", "cuti_bersama"))

NAME_NOISE = (" (observed, estimated)", " (observed)", " (estimated)", " joint holiday")


def slug_of(name):
    """Our slug for one of the package's English holiday names, or None."""
    text = name.lower()
    for noise in NAME_NOISE:
        text = text.replace(noise, "")
    for needle, slug in NAME_TO_SLUG:
        if needle in text:
            return slug
    return None


def read_days(path):
    """The (date, kind, slug) records of days.csv, by year."""
    by_year = {}
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            record = (row["date"], row["kind"], row["slug"])
            by_year.setdefault(int(row["date"][:4]), set()).add(record)
    return by_year


def package_records(holidays, year):
    """The package's (date, kind, slug) records of one year; unmapped names raise."""
    records = set()
    for category, kind in CATEGORY_TO_KIND:
        table = holidays.country_holidays(
            "ID", years=year, categories=(category,), language="en_US"
        )
        for day in sorted(table):
            for name in table.get_list(day):
                slug = slug_of(name)
                if slug is None:
                    raise ValueError(f"{day}: no slug for the package's name {name!r}")
                records.add((day.isoformat(), kind, slug))
    return records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--days",
        default=str(Path(__file__).with_name("days.csv")),
        help="the days.csv to compare (default: the one beside this script)",
    )
    args = parser.parse_args()
    try:
        import holidays  # noqa: PLC0415 (the package is optional until this point)
    except ImportError:
        print("crosscheck: this python has no `holidays` package", file=sys.stderr)
        return 2
    try:
        ours = read_days(args.days)
    except (OSError, KeyError, ValueError) as error:
        print(f"crosscheck: {args.days}: {error}", file=sys.stderr)
        return 2

    total = 0
    for year in range(min(ours), max(ours) + 1):
        try:
            theirs = package_records(holidays, year)
        except ValueError as error:
            print(f"crosscheck: {error}", file=sys.stderr)
            return 2
        mine = ours.get(year, set())
        only_ours = sorted(mine - theirs)
        only_theirs = sorted(theirs - mine)
        count = len(only_ours) + len(only_theirs)
        total += count
        print(f"{year}: {count} difference(s)")
        for date, kind, slug in only_ours:
            print(f"  only in days.csv: {date} {kind} {slug}")
        for date, kind, slug in only_theirs:
            print(f"  only in holidays: {date} {kind} {slug}")
    print(
        f"total: {total} difference(s), {min(ours)}-{max(ours)}, "
        f"holidays {holidays.__version__}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
