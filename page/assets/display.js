// The mosque screen at /display. The server writes the dates and the times of three days
// (today and the two after it), each time with its UTC instant (data-at), and marks the
// next prayer as it stood then; this script, every second, from the screen's own clock in the
// place's zone (data-offset, seconds east of UTC):
// - writes the clock (hh:mm:ss) and the countdown to the next prayer, and moves the mark;
// - shows the dates of the day and, after isya, tomorrow's times, marked so;
// - fetches the screen again after midnight and after isya (the server's new day or next
//   prayer); a failed fetch keeps the screen as it is and is tried again five minutes
//   later, so that the screen runs on from what it holds for a day without the network.
(function () {
  'use strict';
  var RETRY = 300;
  var screen;
  var offset;
  var separator;
  var retryAt = 0;
  var loading = false;

  function bind() {
    screen = document.getElementById('screen');
    offset = Number(screen.getAttribute('data-offset')) || 0;
    separator = screen.getAttribute('data-separator') || ':';
  }

  function all(selector, within) {
    return Array.prototype.slice.call((within || screen).querySelectorAll(selector));
  }

  function two(n) {
    return (n < 10 ? '0' : '') + n;
  }

  // Hours, minutes and seconds of a number of seconds, as the page writes a time.
  function clock(seconds) {
    var s = Math.floor(seconds);
    return [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map(two).join(separator);
  }

  // The place's local date of an instant (seconds), YYYY-MM-DD.
  function day(seconds) {
    var local = new Date((seconds + offset) * 1000);
    return local.getUTCFullYear() + '-' + two(local.getUTCMonth() + 1) + '-' + two(local.getUTCDate());
  }

  function text(selector, value) {
    var node = screen.querySelector(selector);
    if (node && node.textContent !== value) node.textContent = value;
  }

  // The screen at the screen's clock now, and a fetch when the server's answer has moved on.
  function update() {
    var now = Date.now() / 1000;
    var today = day(now);
    text('#clock', clock((now + offset) % 86400));
    var dates = all('.dates');
    if (dates.some(function (d) { return d.getAttribute('data-day') === today; })) {
      dates.forEach(function (d) { d.hidden = d.getAttribute('data-day') !== today; });
    }
    // The next prayer: the first of the lists still ahead.
    var next = null;
    all('.day li.prayer[data-at]').some(function (li) {
      if (Number(li.getAttribute('data-at')) > now) next = li;
      return next !== null;
    });
    var shown = next && next.parentNode.parentNode;
    if (next) {
      all('.day').forEach(function (list) { list.hidden = list !== shown; });
      var tomorrow = shown.querySelector('.tomorrow');
      if (tomorrow) tomorrow.hidden = shown.getAttribute('data-day') === today;
      all('li.next').forEach(function (li) { if (li !== next) li.classList.remove('next'); });
      next.classList.add('next');
      var mark = screen.querySelector('.mark');
      if (mark && mark.parentNode !== next) next.appendChild(mark);
      text('.next-up .name', next.querySelector('.k').textContent);
      text('.next-up .at', next.querySelector('.t').textContent);
      text('#left', '\u2212' + clock(Number(next.getAttribute('data-at')) - now));
    }
    var stale = today !== screen.getAttribute('data-today') ||
      (shown && shown.getAttribute('data-day') !== screen.getAttribute('data-shown'));
    if (stale && !loading && now >= retryAt) reload(now);
  }

  // Every second, just after the second turns.
  function tick() {
    update();
    setTimeout(tick, 1000 - (Date.now() % 1000) + 10);
  }

  function reload(now) {
    if (!window.fetch || !window.DOMParser) return;
    loading = true;
    retryAt = now + RETRY;
    fetch(location.href, { cache: 'no-cache' })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('screen');
        if (!fresh) throw new Error('no screen');
        screen.parentNode.replaceChild(document.importNode(fresh, true), screen);
        bind();
        update();
      })
      .catch(function () {})
      .then(function () {
        loading = false;
      });
  }

  bind();
  tick();
})();
