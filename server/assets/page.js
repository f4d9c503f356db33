// The reference page's own script, loaded before Redoc. Redoc's menu footer shows Redocly's
// logo from their CDN; this page fetches nothing from other servers (its Content-Security-
// Policy refuses it, with an error in the console), so an image source on another origin is
// never set, whether as the attribute or the property: the footer keeps its text link and
// the page makes no request that would be refused.
(function () {
  "use strict";
  function foreign(value) {
    var url = new URL(String(value), document.baseURI);
    return url.protocol !== "data:" && url.origin !== window.location.origin;
  }
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLImageElement && String(name).toLowerCase() === "src" && foreign(value)) {
      return;
    }
    return setAttribute.call(this, name, value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (value) {
      if (!foreign(value)) {
        src.set.call(this, value);
      }
    },
  });
})();
