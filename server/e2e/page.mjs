// The page at / in Debian's headless Chromium (puppeteer-core) and Lighthouse, against a
// running hijri-serve: `node page.mjs <origin> <output dir>`. Run by server/tests/e2e.rs
// (`make e2e`), which starts the server. Exits non-zero on the first failed check.
//
// Checks: the date shown equals /api/v1/today's for the same zone (the browser's own zone,
// WIB and WITA); the grid of Ramadhan 1447 has 1 Ramadhan on Thursday 19 February 2026 and
// marks Muhammadiyah's first day, Wednesday 18 February, which Muhammadiyah's grid shows as
// its 1 Ramadhan (data/official/muhammadiyah/months.csv); the calendar choice is remembered;
// English observance names with lang=en; the days off of March 2027 (SKB 2027): red days
// with a solid underline for libur nasional (10-11 March), dashed for cuti bersama (9, 12, 15
// March), each said in words, the legend, and the month's list saying which days are off; a
// predicted year (2030) says so; the printable year (twelve months, each day's pasaran, the
// days off and month starts of March 2027, one A4 landscape page as PDF); the card /embed
// in another page's frame (no script, no other request, inside its stated height); the
// prayer times of a chosen place (Kota Yogyakarta: today's eight times, the imsak and maghrib
// of each Ramadan day in the grid with nothing overflowing its cell at 390 px) and the
// printable imsakiyah (Ramadhan 1447 by Muhammadiyah, from Rabu 18 Februari 2026 with imsak
// 04.23; no text overflowing its cell at 390 and 1280 px nor in print; one A4 portrait page
// as PDF); the next prayer with the browser's clock fixed (the marks in words, the countdown,
// the marks moving when ashar passes, tomorrow's subuh after isya; without JavaScript the
// server's marks); the place remembered in localStorage, the address's winning, forgotten;
// "Gunakan lokasi saya" with a granted location (Kota Yogyakarta, only the coordinates sent),
// from London (farther than 100 km, said) and refused (said); the card with a place's times
// at 280 to 480 px (nothing cut inside its height, the heights measured); the English switch works and is remembered; 40 page
// loads from one address (no cache) get every card image with 200 under the default limits;
// a bad month is an HTML error page whose link leads back; no console error; no request
// leaves the server; with JavaScript off, today and the month are there. Screenshots at 390
// and 1280 px of today, of Ramadhan 1447, of March 2027 and of the year 2027, light and dark,
// of the prayer times in Ramadhan 1447 and of the imsakiyah, of the next prayer (before ashar
// at 1280 px, after isya at 390 px), and of both cards at 320 px (a second browser
// with --force-dark-mode, so prefers-color-scheme is dark), and the Lighthouse scores (mobile
// and desktop, both schemes, of today, of March 2027, of the year, of both cards, of the page
// with a place and of the imsakiyah) as JSON.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { origin, out, chromium } from './setup.mjs';
const RAMADHAN_1447 = '/?calendar=hijri&year=1447&month=9';
const MUHAMMADIYAH_1447 = '/?authority=muhammadiyah&calendar=hijri&year=1447&month=9';
const MARCH_2027 = '/?calendar=gregorian&year=2027&month=3';
const YEAR_2027 = '/?view=year&year=2027';
const EMBED = '/embed';
const PRAYER_1447 = '/?place=34.71&calendar=hijri&year=1447&month=9';
const IMSAKIYAH = '/imsakiyah?place=34.71&year=1447&authority=muhammadiyah';
// The card's heights as docs/page/README.md states them (page/src/embed.rs, HEIGHT and
// HEIGHT_WITH_TIMES): without and with a place's prayer times.
const EMBED_HEIGHT = 200;
const EMBED_HEIGHT_WITH_TIMES = 320;
const EMBED_PLACE = '/embed?place=34.71';
// Kota Yogyakarta's coordinates (data/places/kabkota.csv), and London's, 9,870 km from any place.
const YOGYAKARTA = { latitude: -7.80139, longitude: 110.36472 };
const LONDON = { latitude: 51.5, longitude: -0.1 };
const MINIMUM = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 };

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
  console.log(`ok: ${message}`);
}

/** A headless Chromium; `dark` makes the system's colour scheme dark. */
function launch(dark = false) {
  return puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ...(dark ? ['--force-dark-mode'] : []),
    ],
  });
}
const browser = await launch();

const problems = [];
const requested = [];

/** A fresh page (own context: own localStorage) that records errors and requests. */
async function open({ zone = 'Asia/Jakarta', javascript = true, width = 1280, on = browser } = {}) {
  const context = await on.createBrowserContext();
  const page = await context.newPage();
  await page.setJavaScriptEnabled(javascript);
  await page.emulateTimezone(zone);
  await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return { context, page };
}

// The page printed to PDF as the browser prints it: its number of pages and the first
// page's size in points.
async function printedPdf(page) {
  const pdf = Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const pages = (pdf.match(/\/Type\s*\/Page[^s]/g) || []).length;
  const box = (pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/) || []).slice(1).map(Number);
  return { pages, box };
}

async function api(path) {
  const response = await fetch(origin + path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** What the today section shows: zone, Hijri date, next date, Gregorian date. */
async function shownToday(page) {
  return page.$eval('#today', (section) => ({
    zone: section.dataset.zone,
    hijri: section.querySelector('h1 .hijri').dataset.date,
    next: section.querySelector('.next .hijri').dataset.date,
    gregorian: section.querySelector('.greg time').getAttribute('datetime'),
  }));
}

async function sameAsApi(page, zone) {
  const shown = await shownToday(page);
  const today = await api(`/api/v1/today?tz=${zone}&next=true`);
  check(shown.zone === zone, `the page shows zone ${zone} (${shown.zone})`);
  check(
    shown.hijri === today.output.date &&
      shown.next === today.next.date &&
      shown.gregorian === today.input.date,
    `${zone}: the page's ${shown.hijri} / ${shown.next} on ${shown.gregorian} is /today's ` +
      `${today.output.date} / ${today.next.date} on ${today.input.date}`,
  );
}

// 1. Today, in the browser's zone: Jakarta as it is, Makassar through the script.
{
  const { context, page } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await sameAsApi(page, 'WIB');
  await context.close();
}
{
  const { context, page } = await open({ zone: 'Asia/Makassar' });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#today[data-zone="WITA"]', { timeout: 10000 });
  await sameAsApi(page, 'WITA');
  const current = await page.$eval('#zones a[aria-current]', (a) => a.textContent);
  check(current === 'WITA', 'the zone switch marks WITA');
  await context.close();
}

// 2. Ramadhan 1447: 1 Ramadhan on Kamis 19 Februari 2026.
{
  const { context, page } = await open();
  await page.goto(origin + RAMADHAN_1447, { waitUntil: 'networkidle0' });
  const cell = await page.$eval('td time[datetime="2026-02-19"]', (time) => {
    const td = time.closest('td');
    const column = [...td.parentElement.children].indexOf(td);
    const head = td.closest('table').querySelectorAll('thead th')[column];
    return {
      hijri: td.querySelector('.h').textContent,
      weekday: head.getAttribute('abbr'),
      day: time.textContent,
      first: td.classList.contains('first'),
    };
  });
  check(
    cell.day === '19' && cell.hijri === '1 Ramadhan' && cell.weekday === 'Kamis' && cell.first,
    `19 Februari 2026 is ${cell.weekday}, ${cell.hijri}, the first day of the month`,
  );
  const caption = await page.$eval('table caption', (c) => c.textContent);
  check(caption.startsWith('Ramadhan 1447 H'), `caption "${caption}"`);
  await context.close();
}

// 3. The English switch, remembered in localStorage.
{
  const { context, page } = await open();
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('a.lang')]);
  let lang = await page.$eval('html', (html) => html.lang);
  const heading = await page.$eval('#today .kicker', (k) => k.textContent);
  check(lang === 'en' && heading.startsWith('Today'), `the switch gives English ("${heading}")`);
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 10000 });
  check(page.url().includes('lang=en'), `English is remembered: / became ${page.url()}`);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('a.lang')]);
  lang = await page.$eval('html', (html) => html.lang);
  check(lang === 'id', 'and the switch back gives Indonesian');
  await context.close();
}

// 4. Without JavaScript: today and the month are in the HTML.
{
  const { context, page } = await open({ javascript: false, zone: 'Asia/Makassar' });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  const shown = await shownToday(page);
  const cells = await page.$$eval('table.grid tbody td', (tds) => tds.length);
  const today = await page.$$eval('td[aria-current="date"] time', (t) => t.length);
  check(
    shown.hijri && shown.gregorian && cells >= 28 && today === 1,
    `without JavaScript: today ${shown.hijri} and a month of ${cells} cells with today marked`,
  );
  await sameAsApi(page, 'WIB');
  await context.close();
}

/** What a grid cell of `date` shows: its classes, Hijri day and the marks of other calendars. */
async function cell(page, date) {
  return page.$eval(`td time[datetime="${date}"]`, (time) => {
    const td = time.closest('td');
    return {
      classes: [...td.classList],
      hijri: td.querySelector('.h')?.textContent,
      marks: [...td.querySelectorAll('.x')].map((x) => x.textContent),
    };
  });
}

// 5. The calendars side by side: Muhammadiyah began Ramadhan 1447 on Wednesday 18 February.
{
  const { context, page } = await open();
  await page.goto(origin + MUHAMMADIYAH_1447, { waitUntil: 'networkidle0' });
  const theirs = await cell(page, '2026-02-18');
  check(
    theirs.hijri === '1 Ramadhan' && theirs.classes.includes('first'),
    `Muhammadiyah's grid: 18 Februari 2026 is ${theirs.hijri}, the first day of the month`,
  );
  const kemenag = await cell(page, '2026-02-19');
  check(
    kemenag.marks.some((m) => m.startsWith('1 Ramadhan') && m.includes('(Kemenag)')),
    `Muhammadiyah's grid marks Kemenag's 1 Ramadhan on 19 Februari: ${JSON.stringify(kemenag.marks)}`,
  );
  // The choice is remembered: the plain address now shows Muhammadiyah's calendar.
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.body.dataset.authority === 'muhammadiyah', { timeout: 10000 });
  check(page.url().includes('authority=muhammadiyah'), `the calendar is remembered: / became ${page.url()}`);
  await context.close();
}
{
  const { context, page } = await open();
  await page.goto(origin + RAMADHAN_1447, { waitUntil: 'networkidle0' });
  const theirs = await cell(page, '2026-02-18');
  check(
    theirs.hijri === '30' &&
      theirs.marks.some((m) => m.startsWith('1 Ramadhan') && m.includes('Muhammadiyah')),
    `the default grid marks Muhammadiyah's 1 Ramadhan on 18 Februari: ${JSON.stringify(theirs.marks)}`,
  );
  const listed = await page.$eval('ul.listed', (ul) => ul.textContent);
  check(
    listed.includes('Kemenag: Kamis 19 Feb') && listed.includes('Muhammadiyah: Rabu 18 Feb'),
    'the month\'s list gives both dates of Awal Ramadan',
  );
  await context.close();
}

// 6. English observance names.
{
  const { context, page } = await open();
  await page.goto(`${origin}/?lang=en&calendar=hijri&year=1447&month=12`, { waitUntil: 'networkidle0' });
  const names = await page.$$eval('td .o', (os) => os.map((o) => o.textContent));
  check(
    names.includes('Day of Arafah') && names.includes('Eid al-Adha') && names.includes('Days of Tashriq'),
    `English observance names in the grid: ${JSON.stringify([...new Set(names)])}`,
  );
  await context.close();
}

// 6b. The days off of March 2027 by the SKB 2027: red days, cuti bersama in their own style,
// not by colour alone, with a legend; the month's list says which days are off.
{
  const { context, page } = await open();
  await page.goto(origin + MARCH_2027, { waitUntil: 'networkidle0' });
  /** A cell's class, the colour and underline style of its day number, and its words. */
  const day = (date) =>
    page.$eval(`td time[datetime="${date}"]`, (time) => {
      const td = time.closest('td');
      const style = getComputedStyle(time);
      return {
        classes: [...td.classList],
        color: style.color,
        line: style.textDecorationLine,
        underline: style.textDecorationStyle,
        words: [...td.querySelectorAll('.off, .leave')].map((s) => s.textContent),
      };
    });
  const plain = await day('2027-03-16');
  for (const date of ['2027-03-10', '2027-03-11']) {
    const got = await day(date);
    check(
      got.classes.includes('libur') && got.line.includes('underline') && got.underline === 'solid' &&
        got.color !== plain.color && got.words.some((w) => w.includes('libur nasional')),
      `${date} is a red day (${got.color}, ${got.underline} underline) said in words: ${JSON.stringify(got.words)}`,
    );
  }
  const red = (await day('2027-03-10')).color;
  for (const date of ['2027-03-09', '2027-03-12', '2027-03-15']) {
    const got = await day(date);
    check(
      got.classes.includes('cuti') && got.underline === 'dashed' && got.color !== red &&
        got.color !== plain.color && got.words.includes('cuti bersama'),
      `${date} is cuti bersama in its own style (${got.color}, ${got.underline} underline)`,
    );
  }
  check(
    plain.line === 'none' && !plain.classes.includes('libur') && !plain.classes.includes('cuti'),
    `2027-03-16 is an ordinary day (${plain.color})`,
  );
  const legend = await page.$$eval('.legend li', (lis) =>
    lis.filter((li) => li.querySelector('.key.off, .key.leave')).map((li) => li.textContent),
  );
  check(
    legend.some((t) => t.endsWith('libur nasional')) && legend.some((t) => t.endsWith('cuti bersama')),
    `the legend names both kinds: ${JSON.stringify(legend)}`,
  );
  const listed = await page.$$eval('ul.listed li', (lis) => lis.map((li) => li.textContent));
  const fitri = listed.find((t) => t.includes('Idul Fitri'));
  check(
    fitri.includes('libur nasional: Rabu 10 Mar–Kamis 11 Mar') &&
      fitri.includes('cuti bersama: Selasa 9 Mar, Jumat 12 Mar, Senin 15 Mar') &&
      listed.some((t) => t.includes('Hari Suci Nyepi') && t.includes('libur nasional')),
    `the month's list says which days are off: ${JSON.stringify(listed.slice(0, 2))}`,
  );
  await page.goto(`${origin}/?year=2030&month=1`, { waitUntil: 'networkidle0' });
  const predicted = await page.$eval('ul.listed', (ul) => ul.textContent);
  check(
    predicted.includes('Tahun Baru Masehi — libur nasional perkiraan, belum ada SKB'),
    'a year without a decree says its days off are predicted',
  );
  await context.close();
}

// 6c. The printable year: twelve months, every day with its pasaran, March 2027's days off
// and 1 Syawal 1448 (10 March, SKB 2027); printed, one A4 page in landscape.
{
  const { context, page } = await open();
  await page.goto(origin + YEAR_2027, { waitUntil: 'networkidle0' });
  const shown = await page.evaluate(() => ({
    months: document.querySelectorAll('section.mini').length,
    days: document.querySelectorAll('section.mini td time').length,
    pasaran: document.querySelectorAll('section.mini td .p').length,
    syawal: [...document.querySelector('td time[datetime="2027-03-10"]').closest('td').classList],
    pasaran10: document.querySelector('td time[datetime="2027-03-10"]').nextElementSibling.textContent,
    leave: [...document.querySelector('td time[datetime="2027-03-09"]').closest('td').classList],
  }));
  check(
    shown.months === 12 && shown.days === 365 && shown.pasaran === 365,
    `the year view: ${shown.months} months, ${shown.days} days, each with its pasaran`,
  );
  check(
    shown.syawal.includes('first') && shown.syawal.includes('libur') && shown.pasaran10 === 'Legi' &&
      shown.leave.includes('cuti'),
    `10 March 2027 starts Syawal, a red day, Legi; 9 March is cuti bersama (${shown.syawal}, ${shown.leave})`,
  );
  const { pages, box } = await printedPdf(page);
  check(
    pages === 1 && Math.round(box[0]) === 842 && Math.round(box[1]) === 595,
    `printed, the year is ${pages} page of ${box.map(Math.round).join(' × ')} pt (A4 landscape)`,
  );
  await page.pdf({ path: join(out, 'year-2027.pdf'), preferCSSPageSize: true, printBackground: true });
  await context.close();
}

// 6e. Prayer times at Kota Yogyakarta: today's eight times in the section, and the imsak and
// maghrib of each Ramadan day in the grid (Bimas Islam's imsak of 19 February 2026: 04.16),
// nothing overflowing its cell, at 390 and 1280 px.
for (const width of [390, 1280]) {
  const { context, page } = await open({ width });
  await page.goto(origin + PRAYER_1447, { waitUntil: 'networkidle0' });
  const shown = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('table.grid td')].filter((td) => td.querySelector('.s'));
    const first = document.querySelector('td time[datetime="2026-02-19"]').closest('td');
    return {
      heading: document.querySelector('#prayer h2').textContent,
      times: [...document.querySelectorAll('#prayer .times .t')].map((t) => t.textContent),
      cells: cells.length,
      imsak: first.querySelector('.s.imsak')?.textContent,
      overflowing: cells
        .filter((td) => td.scrollWidth > td.clientWidth + 1)
        .map((td) => td.querySelector('time').getAttribute('datetime')),
      form: !!document.querySelector('form.place select[name="place"] option[value="34.71"][selected]'),
    };
  });
  check(
    shown.heading.includes('Kota Yogyakarta') && shown.times.length === 8 &&
      shown.times.every((t) => /^\d\d\.\d\d$/.test(t)) && shown.form,
    `${width} px: Jadwal sholat of Kota Yogyakarta with eight times ${JSON.stringify(shown.times)}`,
  );
  check(
    shown.cells >= 29 && shown.imsak && shown.imsak.endsWith('04.16') && shown.overflowing.length === 0,
    `${width} px: ${shown.cells} Ramadan cells with imsak and maghrib (19 Feb: "${shown.imsak}"), ` +
      `overflowing: ${JSON.stringify(shown.overflowing)}`,
  );
  await context.close();
}

/** The imsakiyah's table cells whose text overflows them. */
function overflowingCells() {
  return [...document.querySelectorAll('table.fast th, table.fast td')]
    .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
    .map((cell) => cell.textContent);
}

// 6f. The printable imsakiyah: Muhammadiyah's Ramadhan 1447 at Kota Yogyakarta from Rabu 18
// Februari 2026 (imsak 04.23, its Majelis Tarjih's); no cell overflowing on screen or in
// print; printed, one A4 page in portrait.
for (const width of [390, 1280]) {
  const { context, page } = await open({ width });
  await page.goto(origin + IMSAKIYAH, { waitUntil: 'networkidle0' });
  const shown = await page.evaluate(() => {
    const first = document.querySelector('table.fast tbody tr');
    return {
      rows: document.querySelectorAll('table.fast tbody tr').length,
      date: first.querySelector('time').getAttribute('datetime'),
      imsak: first.querySelectorAll('td')[1].textContent,
      heading: document.querySelector('h1').textContent,
    };
  });
  check(
    [29, 30].includes(shown.rows) && shown.date === '2026-02-18' && shown.imsak === '04.23' &&
      shown.heading.includes('Kota Yogyakarta'),
    `${width} px: the imsakiyah has ${shown.rows} days from ${shown.date}, imsak ${shown.imsak}`,
  );
  const overflowing = await page.evaluate(overflowingCells);
  check(overflowing.length === 0, `${width} px: no imsakiyah cell overflows ${JSON.stringify(overflowing)}`);
  if (width === 1280) {
    await page.emulateMediaType('print');
    await page.setViewport({ width: 703, height: 1000, deviceScaleFactor: 1 });
    const printed = await page.evaluate(overflowingCells);
    check(printed.length === 0, `in print: no imsakiyah cell overflows ${JSON.stringify(printed)}`);
    await page.emulateMediaType(null);
    const { pages, box } = await printedPdf(page);
    check(
      pages === 1 && Math.round(box[0]) === 595 && Math.round(box[1]) === 842,
      `printed, the imsakiyah is ${pages} page of ${box.map(Math.round).join(' × ')} pt (A4 portrait)`,
    );
    await page.pdf({ path: join(out, 'imsakiyah-1447.pdf'), preferCSSPageSize: true, printBackground: true });
  }
  await context.close();
}

// 6d. The card in another site's frame: framed (no refusal), no script, nothing but its one
// document requested, its content inside its stated height at 280 and 320 px, both languages.
{
  const { context, page } = await open();
  const before = requested.length;
  for (const [lang, width] of [['id', 280], ['id', 320], ['en', 280], ['en', 320]]) {
    // The host document's load event waits for its frame.
    await page.setContent(
      `<!DOCTYPE html><title>host</title><iframe src="${origin}${EMBED}?lang=${lang}" ` +
        `width="${width}" height="${EMBED_HEIGHT}" style="border:0"></iframe>`,
      { waitUntil: 'load' },
    );
    const frame = page.frames().find((f) => f.url().startsWith(`${origin}${EMBED}`));
    const card = await frame.evaluate(() => {
      const main = document.querySelector('main');
      return {
        scripts: document.scripts.length,
        height: main.getBoundingClientRect().height,
        overflow: main.scrollHeight - main.clientHeight,
        hijri: document.querySelector('.h').textContent,
        next: document.querySelector('.n')?.textContent,
      };
    });
    check(
      card.scripts === 0 && card.height <= EMBED_HEIGHT && card.overflow <= 0 && / (H|AH) /.test(card.hijri) &&
        card.next,
      `the card framed at ${width} px (${lang}): ${card.height} px high, nothing cut (${card.overflow}), ` +
        `"${card.hijri}", "${card.next}"`,
    );
  }
  const own = requested.slice(before).filter((url) => !url.startsWith('about:'));
  check(
    own.every((url) => url.startsWith(`${origin}${EMBED}?`)),
    `the card requests nothing but itself: ${JSON.stringify(own)}`,
  );
  await context.close();
}

// 6g. The next prayer on the page, with the browser's clock fixed (Date shifted, still
// ticking): at Kota Yogyakarta eight seconds before today's ashar, dzuhur is under way and
// ashar next, both said in words, with a countdown of at most eight seconds; once ashar has
// passed the marks move to ashar and maghrib without a reload; after isya the next line
// names tomorrow's subuh with its minute from /api/v1/prayer-times.
/** Makes the page's clock read `at` (ms since the epoch) when it loads, then run on. */
async function fixClock(page, at) {
  await page.evaluateOnNewDocument((at) => {
    const RealDate = Date;
    const shift = at - RealDate.now();
    class Shifted extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...args);
      }
      static now() {
        return RealDate.now() + shift;
      }
    }
    window.Date = Shifted;
  }, at);
}
/** The marks and the next line of the prayer section. */
function shownMarks(page) {
  return page.evaluate(() => ({
    now: [...document.querySelectorAll('#prayer .times li.now')].map((li) => [li.className, li.querySelector('.mark')?.textContent, li.getAttribute('aria-current')]),
    next: [...document.querySelectorAll('#prayer .times li.next')].map((li) => [li.className, li.querySelector('.mark')?.textContent]),
    line: document.getElementById('next-prayer').textContent,
    timer: document.querySelector('#next-prayer [role="timer"]').textContent,
  }));
}
{
  const day = (await api('/api/v1/today?tz=WIB')).input.date;
  const times = (await api(`/api/v1/prayer-times?place=34.71&date=${day}`)).days[0].times;
  const after = new Date(Date.parse(`${day}T12:00:00Z`) + 86400000).toISOString().slice(0, 10);
  const tomorrow = (await api(`/api/v1/prayer-times?place=34.71&date=${after}`)).days[0].times;
  const instant = (time) => Date.parse(`${day}T${time}:00+07:00`);
  const dotted = (time) => time.replace(':', '.');
  for (const width of [390, 1280]) {
    const { context, page } = await open({ width });
    await fixClock(page, instant(times.ashar) - 8000);
    await page.goto(`${origin}/?place=34.71`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.querySelector('#next-prayer [role="timer"]').textContent !== '');
    const before = await shownMarks(page);
    check(
      JSON.stringify(before.now) === JSON.stringify([['dzuhur now', 'sekarang', 'time']]) &&
        JSON.stringify(before.next) === JSON.stringify([['ashar next', 'berikutnya']]) &&
        /^00:00:0[1-8]$/.test(before.timer) && before.line.startsWith(`Sholat berikutnya: Ashar ${dotted(times.ashar)} · dalam`),
      `${width} px, 8 s before ashar: ${JSON.stringify(before)}`,
    );
    if (width === 1280) {
      const section = await page.$('#prayer');
      await section.screenshot({ path: join(out, 'prayer-next-1280.png') });
    }
    const passed = await page.evaluate(() => Date.now());
    await new Promise((resolve) => setTimeout(resolve, 9500));
    const moved = await shownMarks(page);
    // The countdown to maghrib, in seconds, against the page's clock now.
    const [h, m, sec] = moved.timer.split(':').map(Number);
    const expected = (instant(times.maghrib) - passed) / 1000 - 9.5;
    check(
      JSON.stringify(moved.now) === JSON.stringify([['ashar now', 'sekarang', 'time']]) &&
        JSON.stringify(moved.next) === JSON.stringify([['maghrib next', 'berikutnya']]) &&
        moved.line.includes(`Maghrib ${dotted(times.maghrib)}`) && Math.abs(h * 3600 + m * 60 + sec - expected) <= 3,
      `${width} px, ashar passed: the marks moved without a reload, ${JSON.stringify(moved)}`,
    );
    await context.close();
  }
  const { context, page } = await open({ width: 390 });
  await fixClock(page, instant(times.isya) + 60000);
  await page.goto(`${origin}/?place=34.71`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelector('#next-prayer [role="timer"]').textContent !== '');
  const late = await shownMarks(page);
  check(
    JSON.stringify(late.now) === JSON.stringify([['isya now', 'sekarang', 'time']]) && late.next.length === 0 &&
      late.line.startsWith(`Sholat berikutnya: Subuh besok ${dotted(tomorrow.subuh)} · dalam`) && /^(0\d|1\d):\d\d:\d\d$/.test(late.timer),
    `after isya the next is tomorrow's subuh: ${JSON.stringify(late)}`,
  );
  const section = await page.$('#prayer');
  await section.screenshot({ path: join(out, 'prayer-after-isya-390.png') });
  await context.close();
}

// 6h. The place is remembered on this device (localStorage, no cookie): the plain address
// shows it, the address's own place wins (and is remembered), other parameters are kept, and
// it can be forgotten.
{
  const { context, page } = await open();
  await page.goto(`${origin}/?place=34.71`, { waitUntil: 'networkidle0' });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.getElementById('prayer').dataset.place === '34.71', { timeout: 10000 });
  const heading = await page.$eval('#prayer h2', (h) => h.textContent);
  check(
    page.url().endsWith('?place=34.71') && heading.includes('Kota Yogyakarta'),
    `the place is remembered: / became ${page.url()} ("${heading}")`,
  );
  await page.goto(`${origin}/?place=31.71`, { waitUntil: 'networkidle0' });
  const given = await page.$eval('#prayer h2', (h) => h.textContent);
  await page.goto(`${origin}/?lang=en&calendar=hijri&year=1447&month=9`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.getElementById('prayer').dataset.place === '31.71', { timeout: 10000 });
  const url = new URL(page.url());
  check(
    given.includes('Kota Jakarta') && url.searchParams.get('lang') === 'en' && url.searchParams.get('month') === '9' &&
      url.searchParams.get('place') === '31.71',
    `the address's place wins and is remembered; the other parameters kept: ${page.url()}`,
  );
  const cookies = await page.evaluate(() => document.cookie);
  check(cookies === '' && (await page.$eval('#forget', (b) => !b.hidden)), 'no cookie, and a button to forget the place');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#forget')]);
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  // English is still remembered: the plain address becomes ?lang=en, with no place.
  await page.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 10000 });
  const forgotten = await page.evaluate(() => ({ place: document.getElementById('prayer').dataset.place, saved: localStorage.getItem('place') }));
  check(
    !forgotten.place && forgotten.saved === null && !new URL(page.url()).searchParams.has('place'),
    `forgotten: / stays without a place (${page.url()})`,
  );
  await context.close();
}

// 6i. "Gunakan lokasi saya": with the location granted at Kota Yogyakarta's coordinates the
// button lands on Kota Yogyakarta, having sent only the coordinates to this service; from
// London it says in words that the nearest place is farther than 100 km; refused, it says so.
{
  const { context, page } = await open();
  await context.overridePermissions(origin, ['geolocation']);
  await page.setGeolocation(YOGYAKARTA);
  const before = requested.length;
  await page.goto(`${origin}/?lang=en`, { waitUntil: 'networkidle0' });
  const label = await page.$eval('#locate', (b) => (b.hidden ? null : b.textContent));
  check(label === 'Use my location', `the location button is shown: "${label}"`);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#locate')]);
  const heading = await page.$eval('#prayer h2', (h) => h.textContent);
  const asked = requested.slice(before).filter((u) => u.includes('/api/'));
  const query = asked.length === 1 ? [...new URL(asked[0]).searchParams.keys()] : [];
  check(
    new URL(page.url()).searchParams.get('place') === '34.71' && new URL(page.url()).searchParams.get('lang') === 'en' &&
      heading === 'Prayer times: Kota Yogyakarta',
    `the location chose Kota Yogyakarta: ${page.url()} ("${heading}")`,
  );
  check(
    asked.length === 1 && asked[0].startsWith(`${origin}/api/v1/places?`) && JSON.stringify(query) === '["lat","lon"]',
    `only the coordinates were sent, to this service: ${JSON.stringify(asked)}`,
  );
  await page.setGeolocation(LONDON);
  await page.goto(`${origin}/?lang=en&place=34.71`, { waitUntil: 'networkidle0' });
  await page.click('#locate');
  await page.waitForFunction(() => /km/.test(document.getElementById('locate-status').textContent), { timeout: 10000 });
  const far = await page.$eval('#locate-status', (p) => p.textContent);
  check(
    far.includes('100 km') && far.includes('Kota Sabang') && /9\d{3} km/.test(far) &&
      new URL(page.url()).searchParams.get('place') === '34.71',
    `from London it says so: "${far}"`,
  );
  await context.close();
}
{
  const { context, page } = await open();
  await context.overridePermissions(origin, []);
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.click('#locate');
  await page.waitForFunction(() => /ditolak/.test(document.getElementById('locate-status').textContent), { timeout: 10000 });
  const refused = await page.$eval('#locate-status', (p) => p.textContent);
  check(refused.startsWith('Izin lokasi ditolak'), `refused, it says so: "${refused}"`);
  await context.close();
}
{
  const { context, page } = await open({ javascript: false });
  await page.goto(`${origin}/?place=34.71`, { waitUntil: 'networkidle0' });
  const plain = await page.evaluate(() => ({
    locate: document.getElementById('locate').hidden,
    next: document.querySelectorAll('#prayer .times li.next, #prayer .times li.now').length,
    line: document.getElementById('next-prayer').textContent,
  }));
  check(
    plain.locate && plain.next >= 1 && plain.line.startsWith('Sholat berikutnya: '),
    `without JavaScript: no location button, the marks and the next prayer from the server (${JSON.stringify(plain)})`,
  );
  await context.close();
}

// 6j. The card with a place's times, framed at 280 to 480 px: no script, nothing but itself
// requested, nothing cut inside its stated height, the next time marked and named; its
// content's height at each width (docs/page/README.md).
{
  const { context, page } = await open();
  const before = requested.length;
  const heights = {};
  for (const lang of ['id', 'en']) {
    for (const width of [280, 320, 360, 400, 480]) {
      await page.setContent(
        `<!DOCTYPE html><title>host</title><iframe src="${origin}${EMBED_PLACE}&lang=${lang}" ` +
          `width="${width}" height="${EMBED_HEIGHT_WITH_TIMES}" style="border:0"></iframe>`,
        { waitUntil: 'load' },
      );
      const frame = page.frames().find((f) => f.url().startsWith(`${origin}${EMBED_PLACE}`));
      const card = await frame.evaluate(() => {
        const main = document.querySelector('main');
        const style = getComputedStyle(main);
        return {
          scripts: document.scripts.length,
          height: main.getBoundingClientRect().height,
          content: Math.ceil(main.lastElementChild.getBoundingClientRect().bottom + parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth)),
          overflow: main.scrollHeight - main.clientHeight,
          wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          times: document.querySelectorAll('ol li').length,
          marked: document.querySelectorAll('ol li.x').length,
          next: document.querySelector('.np')?.textContent,
        };
      });
      heights[`${lang}-${width}`] = card.content;
      check(
        card.scripts === 0 && card.height === EMBED_HEIGHT_WITH_TIMES && card.content <= EMBED_HEIGHT_WITH_TIMES &&
          card.overflow <= 0 && card.wide <= 0 && card.times === 8 && card.marked <= 1 &&
          /^(Sholat berikutnya|Next prayer): /.test(card.next),
        `the card with times framed at ${width} px (${lang}): content ${card.content} of ${card.height} px, ` +
          `nothing cut (${card.overflow}, ${card.wide}), "${card.next}"`,
      );
    }
  }
  writeFileSync(join(out, 'embed-heights.json'), JSON.stringify(heights, null, 2));
  const own = requested.slice(before).filter((url) => !url.startsWith('about:'));
  check(
    own.every((url) => url.startsWith(`${origin}${EMBED_PLACE}&`)),
    `the card with times requests nothing but itself: ${JSON.stringify(own)}`,
  );
  await context.close();
}

// 7. 40 page loads from one address, no cache: every card image answered 200.
{
  const { context, page } = await open();
  await page.setCacheEnabled(false);
  const images = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && !response.url().startsWith('data:')) {
      images.push(response.status());
    }
  });
  for (let load = 0; load < 40; load += 1) {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await page.evaluate(async () => {
      const images = [...document.images];
      images.forEach((image) => (image.loading = 'eager'));
      await Promise.all(images.map((image) => image.decode()));
    });
  }
  const alts = await page.$$eval('.cards img', (imgs) => imgs.map((img) => img.alt));
  check(
    images.length === 80 && images.every((status) => status === 200),
    `40 page loads: ${images.length} card images, all 200 (${[...new Set(images)]})`,
  );
  check(
    alts.length === 2 && alts.every((alt) => / H\. /.test(alt) && alt.length > 40),
    `the cards' text says the month and the verdict: ${JSON.stringify(alts)}`,
  );
  await context.close();
}

// 8. An HTML error page, with a link back.
{
  const { context, page } = await open();
  // Its 400 is expected: not a problem of the page.
  page.removeAllListeners('response');
  page.removeAllListeners('console');
  const response = await page.goto(`${origin}/?year=1447&month=13`, { waitUntil: 'networkidle0' });
  const heading = await page.$eval('h1', (h) => h.textContent);
  check(
    response.status() === 400 && response.headers()['content-type'].startsWith('text/html') &&
      heading === 'Halaman ini tidak dapat ditampilkan',
    `a bad month is an HTML page (${response.status()}, "${heading}")`,
  );
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('main a')]);
  check((await page.$('#today')) !== null, `its link leads back to the calendar (${page.url()})`);
  await context.close();
}

// 9. Screenshots, whole pages, at 390 and 1280 px, light and dark.
const dark = await launch(true);
for (const [scheme, on] of [
  ['', browser],
  ['-dark', dark],
]) {
  for (const [name, path] of [
    ['today', '/'],
    ['ramadhan-1447', RAMADHAN_1447],
    ['days-off-2027-03', MARCH_2027],
    ['year-2027', YEAR_2027],
    ['prayer-ramadhan-1447', PRAYER_1447],
    ['imsakiyah-1447', IMSAKIYAH],
  ]) {
    for (const width of [390, 1280]) {
      const { context, page } = await open({ width, on });
      await page.goto(origin + path, { waitUntil: 'networkidle0' });
      const isDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
      check(isDark === (scheme === '-dark'), `${name}${scheme}-${width}: prefers-color-scheme dark ${isDark}`);
      // Lazy thumbnails: scroll them in before the shot.
      await page.evaluate(async () => {
        const images = [...document.images];
        images.forEach((image) => (image.loading = 'eager'));
        await Promise.all(images.map((image) => image.decode().catch(() => {})));
      });
      await page.screenshot({ path: join(out, `${name}${scheme}-${width}.png`), fullPage: true });
      await context.close();
    }
  }
}

// The cards at their size, as a frame shows them.
for (const [name, path, height] of [
  ['embed-320', EMBED, EMBED_HEIGHT],
  ['embed-place-320', EMBED_PLACE, EMBED_HEIGHT_WITH_TIMES],
]) {
  const { context, page } = await open({ width: 320 });
  await page.setViewport({ width: 320, height, deviceScaleFactor: 2 });
  await page.goto(origin + path, { waitUntil: 'networkidle0' });
  await page.screenshot({ path: join(out, `${name}.png`) });
  await context.close();
}

check(problems.length === 0, `no console error, failed request or error status ${JSON.stringify(problems)}`);
const outside = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
check(outside.length === 0, `${requested.length} requests, none outside ${origin} ${JSON.stringify(outside)}`);

// 10. Lighthouse, mobile (its default) and desktop, in both colour schemes, on today's page and
// on a month with days off (their colours against every background).
const scores = {};
for (const [scheme, on] of [
  ['', browser],
  ['-dark', dark],
]) {
  const port = Number(new URL(on.wsEndpoint()).port);
  for (const [name, path] of [
    ['', '/'],
    ['-days-off', MARCH_2027],
    ['-year', YEAR_2027],
    ['-embed', EMBED],
    ['-embed-place', EMBED_PLACE],
    ['-prayer', PRAYER_1447],
    ['-imsakiyah', IMSAKIYAH],
  ]) {
    for (const [form, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ]) {
      const result = await lighthouse(
        origin + path,
        { port, output: 'json', logLevel: 'error', disableStorageReset: false },
        config,
      );
      scores[`${form}${scheme}${name}`] = Object.fromEntries(
        Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
      );
      writeFileSync(join(out, `lighthouse-${form}${scheme}${name}.json`), result.report);
    }
  }
}
writeFileSync(join(out, 'lighthouse-scores.json'), JSON.stringify(scores, null, 2));
console.log(`lighthouse: ${JSON.stringify(scores)}`);
for (const [form, got] of Object.entries(scores)) {
  for (const [id, minimum] of Object.entries(MINIMUM)) {
    check(got[id] >= minimum, `lighthouse ${form} ${id} ${got[id]} >= ${minimum}`);
  }
}
await browser.close();
await dark.close();
