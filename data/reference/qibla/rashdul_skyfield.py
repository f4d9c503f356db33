"""Reference rashdul kiblat days for 2020-2030 with Skyfield and DE440.

For each year: the instants when the Sun's apparent geocentric declination (true equator
and equinox of date) equals the Kaaba's latitude (May, July) and its negative (the
antipode: November, January); for each, the Sun's meridian transits at the Kaaba (at its
antipode for the antipode days) just before and just after that instant, with the
declination then (Kemenag's two days are these two noons). Writes data/reference/qibla/rashdul_skyfield.csv.

    /tmp/venv/bin/pip install skyfield==1.55 numpy
    /tmp/venv/bin/python data/reference/qibla/rashdul_skyfield.py
"""
import csv
import os

from skyfield.api import load, load_file, wgs84
from skyfield.searchlib import find_discrete
from skyfield.vectorlib import VectorFunction

KAABA_LAT, KAABA_LON = 21.422487, 39.826206
LAT, LON = KAABA_LAT, KAABA_LON
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))

ts = load.timescale(builtin=True)
eph = load_file(os.path.join(ROOT, "data", "ephemeris", "de440_1945_2100.bsp"))
sun = eph["sun"]
EMRAT = 81.3005682214972  # DE440's Earth/Moon mass ratio


class Earth(VectorFunction):
    """DE440's Earth: the Earth-Moon barycentre less the Moon's offset over EMRAT (the
    excerpt keeps the barycentre and the Moon, not segment 399)."""

    center, target = 0, 399

    def _at(self, t):
        pb, vb, _, _ = eph[3]._at(t)
        pm, vm, _, _ = eph[301]._at(t)
        return pb - (pm - pb) / EMRAT, vb - (vm - vb) / EMRAT, None, None


earth = Earth()
earth.ephemeris = eph


def dec_deg(t):
    return earth.at(t).observe(sun).apparent(deflectors=(10,)).radec(epoch="date")[1].degrees


def crossings(year, target):
    def above(t):
        return dec_deg(t) > target
    above.step_days = 5.0
    t, _ = find_discrete(ts.utc(year, 1, 1), ts.utc(year + 1, 1, 1), above)
    return list(t)


def transit_near(t, lat, lon):
    """The Sun's upper meridian transits at (lat, lon) within 2.5 days of t: where its
    topocentric apparent hour angle passes zero."""
    observer = earth + wgs84.latlon(lat, lon)

    def east(t):
        ha = observer.at(t).observe(sun).apparent(deflectors=(10,)).hadec()[0].hours
        return (ha % 24.0) >= 12.0
    east.step_days = 0.2
    times, kinds = find_discrete(t - 2.5, t + 2.5, east)
    return [x for x, k in zip(times, kinds) if not k]


def main():
    out = os.path.join(HERE, "rashdul_skyfield.csv")
    with open(out, "w", newline="") as g:
        w = csv.writer(g, lineterminator="\n")
        w.writerow([
            "year", "kind", "crossing_utc",
            "noon_before_utc", "declination_before_deg",
            "noon_after_utc", "declination_after_deg",
        ])
        for year in range(2020, 2031):
            rows = []
            for kind, target, lat, lon in (
                ("kaaba", LAT, LAT, LON),
                ("antipode", -LAT, -LAT, LON - 180.0),
            ):
                for c in crossings(year, target):
                    noons = transit_near(c, lat, lon)
                    before = max(t for t in noons if t.tt <= c.tt)
                    after = min(t for t in noons if t.tt > c.tt)
                    rows.append((kind, c, before, after))
            rows.sort(key=lambda r: (r[0] != "kaaba", r[1].tt))
            for kind, c, before, after in rows:
                stamp = "%Y-%m-%dT%H:%M:%SZ"
                w.writerow([
                    year, kind, c.utc_strftime(stamp),
                    before.utc_strftime(stamp), "%.6f" % dec_deg(before),
                    after.utc_strftime(stamp), "%.6f" % dec_deg(after),
                ])


if __name__ == "__main__":
    main()
