// The page at / works without this script; it only enhances it:
// - the language, the calendar and the place chosen are kept in localStorage (no cookie) and
//   applied when the address names none of them (a place in the address always wins); the
//   place can be forgotten;
// - without a chosen zone, the browser's offset picks WIB, WITA or WIT and the page's
//   main part is fetched again for that zone (the server writes every date);
// - the prayer times count down to the next one and move their marks when a time passes,
//   from the instants the page carries (data-at, UTC; tomorrow's subuh on the next line);
// - "Gunakan lokasi saya" asks the browser for its location and sends the coordinates,
//   rounded to 0.001°, and nothing else, to this service (api/v1/places), then shows the
//   nearest place, or says why not.
(function () {
  'use strict';
  var root = document.documentElement;
  var body = document.body;
  var params = new URLSearchParams(location.search);
  var remember = function (key, value) {
    try {
      if (value) localStorage.setItem(key, value);
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  };
  var forget = function (key) {
    try {
      localStorage.removeItem(key);
    } catch (e) {}
  };
  var prayer = document.getElementById('prayer');
  // Each choice: its parameter, the value this page shows, and the values it may take.
  var choices = [
    { key: 'lang', shown: root.lang, valid: /^(id|en)$/ },
    { key: 'authority', shown: body.dataset.authority, valid: /^[a-z0-9_-]{1,40}$/ },
  ];
  // Only the page with its prayer section shows a place.
  if (prayer) choices.push({ key: 'place', shown: prayer.dataset.place, valid: /^[0-9a-z.-]{1,64}$/ });
  var moved = false;
  choices.forEach(function (choice) {
    if (params.has(choice.key)) {
      var given = params.get(choice.key).toLowerCase();
      if (choice.valid.test(given)) remember(choice.key, given);
      return;
    }
    var saved = remember(choice.key);
    if (saved && choice.valid.test(saved) && saved !== choice.shown) {
      params.set(choice.key, saved);
      moved = true;
    }
  });
  if (moved) {
    location.replace('?' + params.toString() + location.hash);
    return;
  }

  // The prayer section's buttons: shown only where they work (again after a fetch).
  var buttons = function () {
    var locate = document.getElementById('locate');
    if (locate) locate.hidden = !('geolocation' in navigator);
    var forgetting = document.getElementById('forget');
    if (forgetting) forgetting.hidden = remember('place') === null;
  };
  var go = function (change) {
    var query = new URLSearchParams(location.search);
    change(query);
    location.assign('?' + query.toString());
  };
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('#locate, #forget');
    if (!button) return;
    if (button.id === 'forget') {
      forget('place');
      go(function (query) {
        query.delete('place');
      });
      return;
    }
    var status = document.getElementById('locate-status');
    var say = function (text) {
      if (status) status.textContent = text;
    };
    say(button.dataset.locating);
    navigator.geolocation.getCurrentPosition(
      function (position) {
        var at = 'lat=' + position.coords.latitude.toFixed(3) + '&lon=' + position.coords.longitude.toFixed(3);
        fetch('api/v1/places?' + at)
          .then(function (response) {
            if (!response.ok) throw new Error(response.status);
            return response.json();
          })
          .then(function (answer) {
            var nearest = answer.places && answer.places[0];
            if (!nearest) throw new Error('no place');
            if (!answer.within_limit) {
              say(
                button.dataset.far
                  .replace('{limit}', answer.limit_km)
                  .replace('{place}', nearest.name)
                  .replace('{distance}', Math.round(nearest.distance_km)),
              );
              return;
            }
            go(function (query) {
              query.set('place', nearest.id);
            });
          })
          .catch(function () {
            say(button.dataset.failed);
          });
      },
      function (error) {
        say(error.code === error.PERMISSION_DENIED ? button.dataset.denied : button.dataset.failed);
      },
      { timeout: 20000, maximumAge: 600000 },
    );
  });

  // The marks and the countdown, every second, from the section as it is now.
  var two = function (n) {
    return (n < 10 ? '0' : '') + n;
  };
  var tick = function () {
    var list = document.querySelector('#prayer ol.times');
    var line = document.getElementById('next-prayer');
    if (!list || !line) return;
    var now = Date.now();
    var times = list.querySelectorAll('li[data-at]');
    var current = null;
    var next = null;
    times.forEach(function (li) {
      if (Date.parse(li.dataset.at) <= now) current = li;
      else if (!next) next = li;
    });
    times.forEach(function (li) {
      var mark = li === current ? 'now' : li === next ? 'next' : '';
      var shown = li.classList.contains('now') ? 'now' : li.classList.contains('next') ? 'next' : '';
      if (mark === shown) return;
      li.classList.remove('now', 'next');
      li.removeAttribute('aria-current');
      var old = li.querySelector('.mark');
      if (old) old.remove();
      if (!mark) return;
      li.classList.add(mark);
      if (mark === 'now') li.setAttribute('aria-current', 'time');
      var words = document.createElement('span');
      words.className = 'mark';
      words.textContent = list.dataset[mark];
      li.append(' ', words);
    });
    var target = next
      ? { at: next.dataset.at, name: next.querySelector('.k').textContent, time: next.querySelector('.t').textContent }
      : { at: line.dataset.tomorrow, name: line.dataset.tomorrowName, time: line.dataset.tomorrowTime };
    var left = Math.ceil((Date.parse(target.at) - now) / 1000);
    if (!(left > 0)) {
      line.hidden = true;
      return;
    }
    // Only what changed is written: the page's layout is large.
    var put = function (selector, text) {
      var node = line.querySelector(selector);
      if (node.textContent !== text) node.textContent = text;
    };
    line.hidden = false;
    put('b', target.name);
    put('.t', target.time);
    put('[role="timer"]', two(Math.floor(left / 3600)) + ':' + two(Math.floor(left / 60) % 60) + ':' + two(left % 60));
    line.querySelector('.left').hidden = false;
  };
  var enhance = function () {
    buttons();
    tick();
  };
  enhance();
  setInterval(tick, 1000);

  var zones = { 420: 'WIB', 480: 'WITA', 540: 'WIT' };
  var zone = zones[-new Date().getTimezoneOffset()];
  var today = document.getElementById('today');
  if (params.has('tz') || !zone || !today || today.dataset.zone === zone) return;
  params.set('tz', zone);
  fetch('?' + params.toString())
    .then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.text();
    })
    .then(function (text) {
      var page = new DOMParser().parseFromString(text, 'text/html');
      ['today', 'zones', 'calendars', 'prayer', 'month', 'coming', 'hilal'].forEach(function (id) {
        var old = document.getElementById(id);
        var fresh = page.getElementById(id);
        if (old && fresh) old.replaceWith(document.importNode(fresh, true));
      });
      enhance();
    })
    .catch(function () {});
})();
