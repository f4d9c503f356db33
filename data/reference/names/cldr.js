// Writes cldr.tsv: the Hijri month and weekday names in English and Arabic as CLDR gives
// them through ICU (Node's Intl). Run: node data/reference/names/cldr.js > data/reference/names/cldr.tsv
const format = (locale, options) =>
  new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
const number = format("en-u-ca-islamic-umalqura-nu-latn", { month: "numeric" });
const rows = [["# ICU " + process.versions.icu + ", CLDR " + process.versions.cldr]];
const months = new Map();
for (let t = Date.UTC(2025, 5, 20); months.size < 12; t += 86400000) {
  const day = new Date(t);
  const month = number.format(day);
  if (!months.has(month)) {
    months.set(month, ["month", month].concat(
      ["en", "ar"].map((l) => format(l + "-u-ca-islamic-umalqura", { month: "long" }).format(day))));
  }
}
[...months.values()].sort((a, b) => a[1] - b[1]).forEach((row) => rows.push(row));
for (let i = 0; i < 7; i++) {
  const day = new Date(Date.UTC(2026, 10, 29 + i)); // 2026-11-29 is a Sunday
  rows.push(["weekday", String(i)].concat(["en", "ar"].map((l) => format(l, { weekday: "long" }).format(day))));
}
console.log(rows.map((row) => row.join("\t")).join("\n"));
