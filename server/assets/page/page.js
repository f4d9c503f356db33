// The page at / works without this script; it only enhances it:
// - the language chosen is kept in localStorage and applied when a link has no `lang`;
// - without a chosen zone, the browser's offset picks WIB, WITA or WIT and the page's
//   main part is fetched again for that zone (the server writes every date).
(function () {
  'use strict';
  var root = document.documentElement;
  var params = new URLSearchParams(location.search);
  var stored = function (value) {
    try {
      if (value) localStorage.setItem('lang', value);
      return localStorage.getItem('lang');
    } catch (e) {
      return null;
    }
  };
  if (params.has('lang')) {
    stored(params.get('lang') === 'en' ? 'en' : 'id');
  } else {
    var saved = stored();
    if ((saved === 'en' || saved === 'id') && saved !== root.lang) {
      params.set('lang', saved);
      location.replace('?' + params.toString() + location.hash);
      return;
    }
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
      ['today', 'zones', 'month', 'coming', 'hilal'].forEach(function (id) {
        var old = document.getElementById(id);
        var fresh = page.getElementById(id);
        if (old && fresh) old.replaceWith(document.importNode(fresh, true));
      });
    })
    .catch(function () {});
})();
