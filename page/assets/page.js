// The page at / works without this script; it only enhances it:
// - the language and the calendar chosen are kept in localStorage and applied when a link
//   names neither;
// - without a chosen zone, the browser's offset picks WIB, WITA or WIT and the page's
//   main part is fetched again for that zone (the server writes every date).
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
  // Each choice: its parameter, the value this page shows, and the values it may take.
  var choices = [
    { key: 'lang', shown: root.lang, valid: /^(id|en)$/ },
    { key: 'authority', shown: body.dataset.authority, valid: /^[a-z0-9_-]{1,40}$/ },
  ];
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
    })
    .catch(function () {});
})();
