#!/usr/bin/env python3
"""Derives the land outlines of data/land/ from Natural Earth 1:50m land as packaged in
world-atlas@2.0.2 (land-50m.json, TopoJSON). Usage, from the repository root:

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python3 data/land/derive.py package/land-50m.json data/land

Writes world_50m.json (every ring of every land polygon) and americas_mainland_50m.json
(the rings of the largest polygon of the western hemisphere: North and South America,
joined at Panama, without the islands). Coordinates stay on the TopoJSON quantisation grid
(lon = x * unit[0] + origin[0], lat = y * unit[1] + origin[1]); each ring is written as its
first point followed by the differences to each next point (closing point omitted).
"""
import json
import sys


def rings_of(topology):
    """Every polygon of the land object as a list of rings of integer (x, y) points."""
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x, y))
        arcs.append(points)

    def ring(indices):
        out = []
        for i in indices:
            points = arcs[i] if i >= 0 else arcs[~i][::-1]
            out += points[1:] if out else points
        if len(out) > 1 and out[0] == out[-1]:
            out.pop()
        return out

    (geometry,) = topology["objects"]["land"]["geometries"]
    assert geometry["type"] == "MultiPolygon"
    return [[ring(r) for r in polygon] for polygon in geometry["arcs"]]


def encoded(ring):
    flat = list(ring[0])
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        flat += [x1 - x0, y1 - y0]
    return flat


def write(path, topology, polygons, what):
    transform = topology["transform"]
    document = {
        "source": "Natural Earth 1:50m land, public domain, as packaged in world-atlas@2.0.2 "
        "(land-50m.json)",
        "what": what,
        "unit": transform["scale"],
        "origin": transform["translate"],
        "rings": [encoded(r) for polygon in polygons for r in polygon],
    }
    with open(path, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")


def main():
    source, out = sys.argv[1], sys.argv[2]
    topology = json.load(open(source))
    polygons = rings_of(topology)
    sx, tx = topology["transform"]["scale"][0], topology["transform"]["translate"][0]
    western = [p for p in polygons if max(x for x, _ in p[0]) * sx + tx < -30]
    mainland = max(western, key=lambda p: len(p[0]))
    write(f"{out}/world_50m.json", topology, polygons, "every land polygon")
    write(
        f"{out}/americas_mainland_50m.json",
        topology,
        [mainland],
        "the mainland of the Americas: the largest polygon of the western hemisphere",
    )


if __name__ == "__main__":
    main()
