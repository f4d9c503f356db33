#!/usr/bin/env python3
"""Derives data/basemap/world_land.json, the world map's basemap (KHGT's card), from the
committed land outlines of data/land/ (Natural Earth 1:50m land, see data/land/SOURCE.md).
Usage, from the repository root:

    python3 data/basemap/derive_world.py data/land data/basemap

Every ring is simplified with Douglas-Peucker at 0.1 degrees (a card draws at most 4 pixels
per degree) and written as SVG path data in integer units of 0.1 degrees with y = -latitude.
A ring cut at the antimeridian is unwrapped into one continuous ring past +-180 degrees and
written twice, once shifted by 360 degrees, so that the map's clip at +-180 shows both sides;
rings of fewer than 3 points after simplification are dropped. Writes "land" (every ring)
and "americas" (the mainland of the Americas, outlined when KHGT's PKG 2 is evaluated).
"""
import json
import sys

TOLERANCE = 0.1
UNIT = 0.1


def rings(path):
    document = json.load(open(path))
    (sx, sy), (ox, oy) = document["unit"], document["origin"]
    for flat in document["rings"]:
        x = y = 0
        points = []
        for dx, dy in zip(flat[0::2], flat[1::2]):
            x += dx
            y += dy
            points.append((x * sx + ox, y * sy + oy))
        yield points


def copies(ring):
    pairs = zip(ring, ring[1:] + ring[:1])
    jumps = any(abs(a[0] - b[0]) > 180 and not (abs(a[1]) > 89.9 and abs(b[1]) > 89.9) for a, b in pairs)
    if not jumps:
        return [ring]
    unwrapped = []
    for lon, lat in ring:
        if unwrapped:
            previous = unwrapped[-1][0]
            lon = previous + (lon - previous + 180) % 360 - 180
        unwrapped.append((lon, lat))
    shift = -360 if max(p[0] for p in unwrapped) > 180 else 360
    return [unwrapped, [(lon + shift, lat) for lon, lat in unwrapped]]


def simplified(points, tolerance):
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


def path(ring):
    points = []
    for lon, lat in simplified(ring + ring[:1], TOLERANCE):
        p = (round(lon / UNIT), round(-lat / UNIT))
        if not points or points[-1] != p:
            points.append(p)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    if len(points) < 3:
        return None
    (x0, y0), rest = points[0], points[1:]
    d = [f"M{x0} {y0}"]
    for (xa, ya), (xb, yb) in zip(points, rest):
        d.append(f"l{xb - xa} {yb - ya}")
    return "".join(d) + "z"


def layer(source):
    return [d for ring in rings(source) for copy in copies(ring) for d in [path(copy)] if d]


def main():
    land, out = sys.argv[1], sys.argv[2]
    document = {
        "source": "Natural Earth 1:50m land (public domain), from data/land/ "
        "(world-atlas@2.0.2), simplified at 0.1 degrees",
        "unit": UNIT,
        "land": layer(f"{land}/world_50m.json"),
        "americas": layer(f"{land}/americas_mainland_50m.json"),
    }
    with open(f"{out}/world_land.json", "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
