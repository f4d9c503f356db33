// The page at / in Debian's headless Chromium (puppeteer-core) and Lighthouse, against a
// running hijri-serve: `node page.mjs <origin> <output dir>`. Run by server/tests/e2e.rs
// (`make e2e`), which starts the server. Exits non-zero on the first failed check.
//
// Checks: the date shown equals /api/v1/today's for the same zone (the browser's own zone,
// WIB and WITA); the grid of Ramadhan 1447 has 1 Ramadhan on Thursday 19 February 2026; the
// English switch works and is remembered; no console error; no request leaves the server;
// with JavaScript off, today and the month are there. Screenshots at 390 and 1280 px of
// today and of Ramadhan 1447, and the Lighthouse scores (mobile and desktop) as JSON.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const [origin, out] = process.argv.slice(2);
if (!origin || !out) {
  console.error('usage: node page.mjs <origin> <output dir>');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// puppeteer wants a path: the name is looked up on the PATH as the shell would.
const chromium = execFileSync('sh', ['-c', 'command -v "$0"', process.env.HIJRI_CHROMIUM || 'chromium'])
  .toString()
  .trim();
const RAMADHAN_1447 = '/?calendar=hijri&year=1447&month=9';
const MINIMUM = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 90 };

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
  console.log(`ok: ${message}`);
}

const browser = await puppeteer.launch({
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
  ],
});

const problems = [];
const requested = [];

/** A fresh page (own context: own localStorage) that records errors and requests. */
async function open({ zone = 'Asia/Jakarta', javascript = true, width = 1280 } = {}) {
  const context = await browser.createBrowserContext();
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

// 5. Screenshots, whole pages, at 390 and 1280 px.
for (const [name, path] of [
  ['today', '/'],
  ['ramadhan-1447', RAMADHAN_1447],
]) {
  for (const width of [390, 1280]) {
    const { context, page } = await open({ width });
    await page.goto(origin + path, { waitUntil: 'networkidle0' });
    // Lazy thumbnails: scroll them in before the shot.
    await page.evaluate(async () => {
      const images = [...document.images];
      images.forEach((image) => (image.loading = 'eager'));
      await Promise.all(images.map((image) => image.decode().catch(() => {})));
    });
    await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
    await context.close();
  }
}

check(problems.length === 0, `no console error, failed request or error status ${JSON.stringify(problems)}`);
const outside = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
check(outside.length === 0, `${requested.length} requests, none outside ${origin} ${JSON.stringify(outside)}`);

// 6. Lighthouse, mobile (its default) and desktop, on the same browser.
const port = Number(new URL(browser.wsEndpoint()).port);
const scores = {};
for (const [form, config] of [
  ['mobile', undefined],
  ['desktop', desktopConfig],
]) {
  const result = await lighthouse(
    `${origin}/`,
    { port, output: 'json', logLevel: 'error', disableStorageReset: false },
    config,
  );
  scores[form] = Object.fromEntries(
    Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  );
  writeFileSync(join(out, `lighthouse-${form}.json`), result.report);
}
writeFileSync(join(out, 'lighthouse-scores.json'), JSON.stringify(scores, null, 2));
console.log(`lighthouse: ${JSON.stringify(scores)}`);
for (const [form, got] of Object.entries(scores)) {
  for (const [id, minimum] of Object.entries(MINIMUM)) {
    check(got[id] >= minimum, `lighthouse ${form} ${id} ${got[id]} >= ${minimum}`);
  }
}
await browser.close();
