"""Reference daily rashdul kiblat instants with Skyfield and DE440.

For a few places of data/places/kabkota.csv and days (the place's local civil day), every
instant when the Sun's topocentric apparent azimuth (airless, WGS84 site at the place's
point and elevation) equals the place's qibla bearing (the WGS84 geodesic's initial azimuth
to the Kaaba, Python `geographiclib`) or its opposite, with the Sun's altitude then, above
or below the horizon. Writes data/reference/qibla/shadow_skyfield.csv
(`place,date,kind,utc,azimuth_deg,altitude_deg`; kind `sun_at_qibla` or
`sun_opposite_qibla`; a place-day with neither has a row of kind `none`).

    /tmp/venv/bin/python data/reference/qibla/shadow_skyfield.py
"""
import csv
import datetime as dt
import os
import sys
from zoneinfo import ZoneInfo

from geographiclib.geodesic import Geodesic
from skyfield.api import wgs84
from skyfield.searchlib import find_discrete

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rashdul_skyfield import KAABA_LAT, KAABA_LON, HERE, ROOT, earth, sun, ts  # noqa: E402

PLACES = ["11.71", "31.71", "34.71", "53.71", "73.71", "91.71"]
DAYS = ["2025-05-28", "2025-07-16", "2025-12-21", "2026-03-20", "2026-06-21", "2026-09-23"]


def main():
    with open(os.path.join(ROOT, "data", "places", "kabkota.csv"), newline="") as f:
        places = {r["id"]: r for r in csv.DictReader(f)}
    out = os.path.join(HERE, "shadow_skyfield.csv")
    with open(out, "w", newline="") as g:
        w = csv.writer(g, lineterminator="\n")
        w.writerow(["place", "date", "kind", "utc", "azimuth_deg", "altitude_deg"])
        for pid in PLACES:
            p = places[pid]
            lat, lon, elev = float(p["lat"]), float(p["lon"]), float(p["elev_m"])
            q = Geodesic.WGS84.Inverse(lat, lon, KAABA_LAT, KAABA_LON)["azi1"] % 360.0
            observer = earth + wgs84.latlon(lat, lon, elevation_m=elev)
            zone = ZoneInfo(p["tz"])

            def altaz(t):
                alt, az, _ = observer.at(t).observe(sun).apparent(deflectors=(10,)).altaz()
                return alt.degrees, az.degrees

            def east_of_qibla(t):
                return (altaz(t)[1] - q) % 360.0 < 180.0
            east_of_qibla.step_days = 1.0 / 720.0

            for day in DAYS:
                d = dt.date.fromisoformat(day)
                start = dt.datetime(d.year, d.month, d.day, tzinfo=zone)
                end = start + dt.timedelta(days=1)
                times, _ = find_discrete(ts.from_datetime(start), ts.from_datetime(end),
                                         east_of_qibla)
                if len(times) == 0:
                    w.writerow([pid, day, "none", "", "", ""])
                for t in times:
                    alt, az = altaz(t)
                    off = (az - q + 180.0) % 360.0 - 180.0
                    kind = "sun_at_qibla" if abs(off) < 90.0 else "sun_opposite_qibla"
                    w.writerow([pid, day, kind, t.utc_strftime("%Y-%m-%dT%H:%M:%SZ"),
                                "%.4f" % az, "%.4f" % alt])


if __name__ == "__main__":
    main()
