"""Reference eclipses 1945-2100 with the astronomy-engine package (its own VSOP/ELP-based
ephemeris and its own Delta T model, nothing of the project's).

Writes, beside this script:
- global.csv: every solar (SearchGlobalSolarEclipse/NextGlobalSolarEclipse) and lunar
  (SearchLunarEclipse/NextLunarEclipse) eclipse with its peak in 1945-2100:
  kind,type,peak_utc,peak_tt_jd,lunar_sd_penumbral_min,lunar_sd_partial_min,lunar_sd_total_min
- local_solar.csv: the local solar eclipses (SearchLocalSolarEclipse/NextLocalSolarEclipse)
  2010-2030 at a few places (their points in data/places/kabkota.csv, elevation ignored):
  place,type,partial_begin_utc,total_begin_utc,peak_utc,total_end_utc,partial_end_utc,
  partial_begin_alt,peak_alt,partial_end_alt,obscuration

    /tmp/venv/bin/pip install astronomy-engine==2.1.19
    /tmp/venv/bin/python data/reference/eclipses/eclipses_astronomy_engine.py
"""
import csv
import os

import astronomy

HERE = os.path.dirname(os.path.abspath(__file__))
START, END = astronomy.Time.Make(1945, 1, 1, 0, 0, 0), astronomy.Time.Make(2101, 1, 1, 0, 0, 0)
PLACES = [
    ("14.08", 0.79317, 102.05110),  # Siak
    ("31.71", -6.21462, 106.84513),  # Jakarta
    ("61.72", 0.90925, 108.98463),  # Singkawang
    ("72.71", -0.90833, 119.87083),  # Palu
    ("82.71", 0.79065, 127.38424),  # Ternate
    ("91.06", -1.17670, 136.08200),  # Biak Numfor
]
KIND = {
    astronomy.EclipseKind.Penumbral: "penumbral",
    astronomy.EclipseKind.Partial: "partial",
    astronomy.EclipseKind.Annular: "annular",
    astronomy.EclipseKind.Total: "total",
}


def utc(t):
    return t.Utc().strftime("%Y-%m-%dT%H:%M:%S.%fZ") if t is not None else ""


def global_rows():
    rows = []
    e = astronomy.SearchGlobalSolarEclipse(START)
    while e.peak.ut < END.ut:
        rows.append(["solar", KIND[e.kind], utc(e.peak), f"{e.peak.tt + 2451545.0:.7f}", "", "", ""])
        e = astronomy.NextGlobalSolarEclipse(e.peak)
    e = astronomy.SearchLunarEclipse(START)
    while e.peak.ut < END.ut:
        rows.append(["lunar", KIND[e.kind], utc(e.peak), f"{e.peak.tt + 2451545.0:.7f}",
                     f"{e.sd_penum:.4f}", f"{e.sd_partial:.4f}", f"{e.sd_total:.4f}"])
        e = astronomy.NextLunarEclipse(e.peak)
    rows.sort(key=lambda r: float(r[3]))
    return rows


def local_rows():
    rows = []
    first, last = astronomy.Time.Make(2010, 1, 1, 0, 0, 0), astronomy.Time.Make(2031, 1, 1, 0, 0, 0)
    for place, lat, lon in PLACES:
        obs = astronomy.Observer(lat, lon, 0.0)
        e = astronomy.SearchLocalSolarEclipse(first, obs)
        while e.peak.time.ut < last.ut:
            tb = e.total_begin.time if e.total_begin else None
            te = e.total_end.time if e.total_end else None
            rows.append([place, KIND[e.kind], utc(e.partial_begin.time), utc(tb), utc(e.peak.time),
                         utc(te), utc(e.partial_end.time), f"{e.partial_begin.altitude:.3f}",
                         f"{e.peak.altitude:.3f}", f"{e.partial_end.altitude:.3f}",
                         f"{e.obscuration:.5f}"])
            e = astronomy.NextLocalSolarEclipse(e.peak.time, obs)
    return rows


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


write("global.csv", ["kind", "type", "peak_utc", "peak_tt_jd", "lunar_sd_penumbral_min",
                     "lunar_sd_partial_min", "lunar_sd_total_min"], global_rows())
write("local_solar.csv", ["place", "type", "partial_begin_utc", "total_begin_utc", "peak_utc",
                          "total_end_utc", "partial_end_utc", "partial_begin_alt", "peak_alt",
                          "partial_end_alt", "obscuration"], local_rows())
