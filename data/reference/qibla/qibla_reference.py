"""Reference qibla bearings for every place of data/places/kabkota.csv.

Writes data/reference/qibla/qibla.csv: for each place, the initial azimuth of the WGS84
geodesic from its point to the Kaaba (Karney's algorithm, Python `geographiclib`), the
geodesic distance, and the great-circle (spherical) initial bearing by the usual formula.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install geographiclib==2.1
    /tmp/venv/bin/python data/reference/qibla/qibla_reference.py
"""
import csv
import math
import os
import sys

from geographiclib.geodesic import Geodesic

KAABA = (21.422487, 39.826206)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def spherical(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.atan2(y, x)) % 360.0


def main():
    places = os.path.join(ROOT, "data", "places", "kabkota.csv")
    out = os.path.join(HERE, "qibla.csv")
    with open(places, newline="") as f, open(out, "w", newline="") as g:
        w = csv.writer(g, lineterminator="\n")
        w.writerow(["id", "lat", "lon", "azimuth_deg", "distance_m", "spherical_azimuth_deg"])
        for row in csv.DictReader(f):
            lat, lon = float(row["lat"]), float(row["lon"])
            inv = Geodesic.WGS84.Inverse(lat, lon, KAABA[0], KAABA[1])
            w.writerow([
                row["id"], row["lat"], row["lon"],
                "%.9f" % (inv["azi1"] % 360.0),
                "%.4f" % inv["s12"],
                "%.9f" % spherical(lat, lon, KAABA[0], KAABA[1]),
            ])
    print("wrote", out, file=sys.stderr)


if __name__ == "__main__":
    main()
