// The mosque screen at /display in Debian's headless Chromium (puppeteer-core) and
// Lighthouse, against a running hijri-serve: `node display.mjs <origin> <output dir>`. Run by
// server/tests/e2e.rs (`make e2e`), which starts the server. Exits non-zero on the first
// failed check.
//
// At 1920x1080 (landscape) and 1080x1920 (portrait), in Indonesian and English:
// - the screen served now at Kota Yogyakarta, with the browser's clock fixed (Date.now) at
//   instants read from /api/v1/prayer-times: tomorrow's ashar less 1:23:45 (the clock, the
//   dates of that day, ashar marked "berikutnya" and counted down, −01.23.45; the screen
//   fetched again, since the day changed), then tomorrow's isya and a minute (the next subuh,
//   the day after's list marked "Besok"), and the network cut, after midnight and isya: the
//   screen runs on from what it holds (the next day's dates, the marks, the countdown);
// - the screens the snapshot tests recorded at fixed clocks (snapshots/display_*.snap: in
//   Ramadan before subuh, after isya on the eve of Ramadan, after isya on a day off in
//   English), served as recorded with the browser's clock at their instants: the countdown;
// - every one: no scrolling, nothing outside the screen or its part of it, no text
//   overflowing its box, no console error, no request outside the server;
// then screenshots (display-landscape.png and display-portrait.png: Ramadan before subuh,
// docs/page/ holds copies) and Lighthouse (desktop, at both sizes) >= 95 in every category.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { origin, out, chromium } from './setup.mjs';
const PLACE = '34.71';
const WIB = 7 * 3600;
const SIZES = [
  ['landscape', 1920, 1080],
  ['portrait', 1080, 1920],
];
const MINIMUM = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 };
const snapshots = join(dirname(fileURLToPath(import.meta.url)), '../../snapshots');

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
    '--hide-scrollbars',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});

const problems = [];
const requested = [];
// Console messages of a fetch the test cut on purpose.
let offline = false;

/** A fresh page at `width` x `height` whose clock (Date.now) is `window.clock`, in ms. */
async function open(width, height, clock) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await page.evaluateOnNewDocument((ms) => {
    window.clock = ms;
    Date.now = () => window.clock;
  }, clock);
  page.on('console', (message) => {
    const cut = offline && /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(message.text());
    if (message.type() === 'error' && !cut) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (!offline) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
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

/** `YYYY-MM-DD` of a day `days` after the local date (in WIB) of `ms`. */
function wibDay(ms, days = 0) {
  return new Date(ms + WIB * 1000 + days * 86400000).toISOString().slice(0, 10);
}

/** The instant (ms) of a local `HH:MM` in WIB on `day`. */
function instant(day, hhmm) {
  return Date.parse(`${day}T${hhmm}:00+07:00`);
}

/** `h`, `m`, `s` of `seconds` joined by the screen's separator. */
function hms(seconds, separator) {
  const two = (n) => String(n).padStart(2, '0');
  return [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map(two).join(separator);
}

/** What the screen shows: clock, dates shown, the list shown, its mark, the countdown. */
function shown(page) {
  return page.evaluate(() => {
    const visible = (selector) => [...document.querySelectorAll(selector)].filter((e) => !e.closest('[hidden]'));
    const list = visible('.day')[0];
    const next = list?.querySelector('li.next');
    return {
      clock: document.getElementById('clock').textContent,
      dates: visible('.dates').map((d) => d.dataset.day),
      list: list?.dataset.day,
      tomorrow: list ? !list.querySelector('.tomorrow').hidden : null,
      next: next?.className,
      marks: document.querySelectorAll('li.next').length,
      mark: next?.querySelector('.mark')?.textContent,
      nextUp: document.querySelector('.next-up').textContent,
      left: document.getElementById('left').textContent,
    };
  });
}

/** Waits for the screen's next tick (it ticks every second). */
async function ticked(page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1200)));
}

/** Everything that leaves the screen or its part, scrolls, or overflows its box. */
function overflowing(page) {
  return page.evaluate(() => {
    const [w, h] = [innerWidth, innerHeight];
    const root = document.documentElement;
    const found = [];
    if (root.scrollWidth > w || root.scrollHeight > h) found.push(`scrolls ${root.scrollWidth}x${root.scrollHeight}`);
    const inside = (r, box) =>
      r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
    const screen = { left: 0, top: 0, right: w, bottom: h };
    for (const part of document.querySelectorAll('main > *')) {
      const box = part.getBoundingClientRect();
      if (!inside(box, screen)) found.push(`${part.tagName}.${part.className} leaves the screen`);
      for (const e of part.querySelectorAll('*')) {
        if (e.closest('[hidden]') || e.closest('.vh')) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (!inside(r, box)) found.push(`${e.tagName}.${e.className} leaves ${part.className || part.tagName}`);
        if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== 'inline') {
          found.push(`${e.tagName}.${e.className} overflows (${e.scrollWidth} > ${e.clientWidth})`);
        }
      }
    }
    return found;
  });
}

async function noOverflow(page, what) {
  const found = await overflowing(page);
  check(found.length === 0, `${what}: no scrolling, nothing outside its part, no overflow ${JSON.stringify(found)}`);
}

// 1. The screen served now, with the browser's clock fixed at instants of tomorrow.
const now = Date.now();
const tomorrow = wibDay(now, 1);
const after = wibDay(now, 2);
const { days } = await api(`/api/v1/prayer-times?place=${PLACE}&from=${tomorrow}&to=${after}`);
const times = Object.fromEntries(days.map((d) => [d.date, d.times]));
for (const [name, width, height] of SIZES) {
  for (const [lang, separator, mark, tag] of [
    ['id', '.', 'berikutnya', 'Besok'],
    ['en', ':', 'next', 'Tomorrow'],
  ]) {
    const url = `${origin}/display?place=${PLACE}${lang === 'en' ? '&lang=en' : ''}`;
    const ashar = instant(tomorrow, times[tomorrow].ashar);
    const clock = ashar - 5025 * 1000;
    const { context, page } = await open(width, height, clock);
    const loads = () => requested.filter((u) => u === url).length;
    const before = loads();
    await page.goto(url, { waitUntil: 'networkidle0' });
    await ticked(page);
    let got = await shown(page);
    const local = new Date(clock + WIB * 1000).toISOString().slice(11, 19).replaceAll(':', separator);
    check(
      got.clock === local && got.dates.join() === tomorrow && got.list === tomorrow && !got.tomorrow,
      `${name} ${lang}: at ${local} WIB on ${tomorrow} the clock says ${got.clock}, the dates and times are that day's`,
    );
    const asharText = times[tomorrow].ashar.replace(':', separator);
    check(
      got.next === 'ashar prayer next' && got.marks === 1 && got.mark === mark &&
        got.nextUp.includes('Ashar') && got.nextUp.includes(asharText) &&
        got.left === `\u2212${hms(5025, separator)}`,
      `${name} ${lang}: ashar at ${asharText} is marked "${got.mark}" and counted down: ${got.left} (${got.nextUp})`,
    );
    check(loads() - before === 2, `${name} ${lang}: the screen was fetched again after midnight (${loads() - before} loads)`);
    await noOverflow(page, `${name} ${lang} now`);

    // After tomorrow's isya: the next subuh, the day after's times marked as tomorrow.
    const isya = instant(tomorrow, times[tomorrow].isya) + 60 * 1000;
    await page.evaluate((ms) => (window.clock = ms), isya);
    await ticked(page);
    got = await shown(page);
    const subuh = instant(after, times[after].subuh);
    check(
      got.list === after && got.tomorrow && got.next === 'subuh prayer next' &&
        got.left === `\u2212${hms((subuh - isya) / 1000, separator)}`,
      `${name} ${lang}: after isya the list is ${got.list}'s marked "${tag}", subuh counted down ${got.left}`,
    );
    const tagText = await page.$eval('.day:not([hidden]) .tomorrow', (t) => t.textContent);
    check(tagText.includes(tag), `${name} ${lang}: the tag says "${tagText}"`);
    await noOverflow(page, `${name} ${lang} after isya`);

    // The network cut: past midnight the screen turns to the day after from what it holds.
    offline = true;
    await page.setOfflineMode(true);
    const dawn = instant(after, times[after].subuh) - 600 * 1000;
    await page.evaluate((ms) => (window.clock = ms), dawn);
    await ticked(page);
    got = await shown(page);
    check(
      got.dates.join() === after && got.list === after && !got.tomorrow && got.next === 'subuh prayer next' &&
        got.left === `\u2212${hms(600, separator)}`,
      `${name} ${lang}: offline past midnight the screen shows ${got.dates}, subuh in ${got.left}`,
    );
    await page.setOfflineMode(false);
    offline = false;
    await context.close();
  }
}

// 2. The screens of the snapshot tests, as recorded, at their clocks.
/** The recorded answer of snapshot `name`: its body and headers. */
function recorded(name) {
  const text = readFileSync(join(snapshots, `${name}.snap`), 'utf8');
  const answer = JSON.parse(text.slice(text.indexOf('\n---\n', 4) + 5));
  return { body: `${answer.body.join('\n')}\n`, headers: answer.headers };
}
for (const [name, clock, left] of [
  ['display_ramadan_before_subuh', '2026-02-19T03:30:00+07:00', '\u221200.56.00'],
  ['display_after_isya_eve_of_ramadan', '2026-02-18T20:00:00+07:00', '\u221208.26.00'],
  ['display_en_after_isya_day_off', '2025-08-17T20:30:00+07:00', '\u221208:13:00'],
]) {
  const { body, headers } = recorded(name);
  for (const [size, width, height] of SIZES) {
    const { context, page } = await open(width, height, Date.parse(clock));
    const url = `${origin}/display?recorded=${name}`;
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url() === url) {
        request.respond({
          status: 200,
          contentType: headers['content-type'],
          headers: { 'content-security-policy': headers['content-security-policy'] },
          body,
        });
      } else {
        request.continue();
      }
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await ticked(page);
    const got = await shown(page);
    check(got.left === left && got.marks === 1, `${name} ${size}: counted down ${got.left} at ${clock}`);
    await noOverflow(page, `${name} ${size}`);
    if (name === 'display_ramadan_before_subuh') {
      await page.screenshot({ path: join(out, `display-${size}.png`) });
    }
    await page.screenshot({ path: join(out, `${name}-${size}.png`) });
    await context.close();
  }
}

check(problems.length === 0, `no console error, failed request or error status ${JSON.stringify(problems)}`);
const outside = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
check(outside.length === 0, `${requested.length} requests, none outside ${origin} ${JSON.stringify(outside)}`);

// 3. Lighthouse, desktop, at both sizes.
const scores = {};
const port = Number(new URL(browser.wsEndpoint()).port);
for (const [size, width, height] of SIZES) {
  const config = {
    ...desktopConfig,
    settings: {
      ...desktopConfig.settings,
      screenEmulation: { mobile: false, width, height, deviceScaleFactor: 1, disabled: false },
    },
  };
  const result = await lighthouse(
    `${origin}/display?place=${PLACE}`,
    { port, output: 'json', logLevel: 'error', disableStorageReset: false },
    config,
  );
  scores[size] = Object.fromEntries(
    Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  );
  writeFileSync(join(out, `lighthouse-display-${size}.json`), result.report);
}
writeFileSync(join(out, 'lighthouse-display-scores.json'), JSON.stringify(scores, null, 2));
console.log(`lighthouse: ${JSON.stringify(scores)}`);
for (const [size, got] of Object.entries(scores)) {
  for (const [id, minimum] of Object.entries(MINIMUM)) {
    check(got[id] >= minimum, `lighthouse desktop ${size} ${id} ${got[id]} >= ${minimum}`);
  }
}
await browser.close();
