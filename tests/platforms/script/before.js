// The first classic script of the pages of scripts/platforms/script.mjs, before the polyfill's:
// notes which of the four classes the window has of its own (globalThis.__hostClasses, for
// driver.js), and on a page whose config says `bare` removes them first, for a window that has
// none of them (as jsdom had none before version 27).

(function () {
  var names = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
  var config = globalThis.__scriptConfig || {};
  var host = {};
  for (var i = 0; i < names.length; i++) {
    if (config.bare) delete globalThis[names[i]];
    host[names[i]] = typeof globalThis[names[i]];
  }
  globalThis.__hostClasses = host;
})();
