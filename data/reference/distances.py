"""Reference distances for the nearest-place look-up (`lat`/`lon`), issue 43.

For each point below, the place of `data/places/kabkota.csv` nearest to it on the WGS 84
ellipsoid and its geodesic distance, by GeographicLib (Karney's algorithm, PyPI
`geographiclib` 2.1), written to `distances.csv` beside this file. The service measures
great circles (haversine, R = 6371 km); `server/tests/api/where.rs` asserts that it finds
the same nearest place and a distance within 0.6 % of this one, and that the 100 km limit
holds on the geodesic side too.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install geographiclib==2.1
    /tmp/venv/bin/python data/reference/distances.py
"""

import csv
import pathlib

from geographiclib.geodesic import Geodesic

HERE = pathlib.Path(__file__).resolve().parent
PLACES = HERE.parent / "places" / "kabkota.csv"

POINTS = [
    ("Bandung, Gedung Sate (issue 43)", -6.914, 107.609),
    ("London (issue 43)", 51.5, -0.1),
    ("Jakarta, Monas", -6.1754, 106.8272),
    ("Yogyakarta, Tugu", -7.7829, 110.3671),
    ("Surakarta, Keraton", -7.5776, 110.8276),
    ("Surabaya, Tugu Pahlawan", -7.2458, 112.7378),
    ("Makassar, Pantai Losari", -5.1437, 119.4075),
    ("Denpasar, Lapangan Puputan", -8.6568, 115.2165),
    ("Jayapura", -2.5337, 140.7181),
    ("Wamena", -4.0950, 138.9444),
    ("Ambon", -3.6954, 128.1814),
    ("Banda Aceh, Masjid Raya", 5.5536, 95.3173),
    ("Singapore", 1.2903, 103.8520),
    ("Kuala Lumpur", 3.1390, 101.6869),
    ("Darwin", -12.4634, 130.8456),
    ("Makkah, Masjid al-Haram", 21.4225, 39.8262),
    ("Indian Ocean, south of Java", -10.5, 110.0),
]


def main():
    with PLACES.open(newline="") as f:
        places = [
            (r["id"], r["name"], float(r["lat"]), float(r["lon"])) for r in csv.DictReader(f)
        ]
    rows = []
    for label, lat, lon in POINTS:
        best = min(
            places,
            key=lambda p: Geodesic.WGS84.Inverse(lat, lon, p[2], p[3])["s12"],
        )
        metres = Geodesic.WGS84.Inverse(lat, lon, best[2], best[3])["s12"]
        second = sorted(
            Geodesic.WGS84.Inverse(lat, lon, p[2], p[3])["s12"] for p in places
        )[1]
        rows.append(
            {
                "label": label,
                "lat": lat,
                "lon": lon,
                "nearest_id": best[0],
                "nearest_name": best[1],
                "geodesic_km": f"{metres / 1000:.3f}",
                "second_km": f"{second / 1000:.3f}",
            }
        )
    with (HERE / "distances.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
