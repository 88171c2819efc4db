/**
 * Google sign-in against the Auth emulator in a closed network. The Firebase SDK talks to its
 * helper iframe through Google's `https://apis.google.com/js/api.js` (gapi.iframes), which is
 * unreachable here, so the browser context is served a small stand-in that passes the same
 * messages with postMessage, in the app page and in the emulator's iframe alike. The emulator's
 * account picker also links fonts and styles from CDNs: those are answered empty.
 */
import type { BrowserContext } from 'playwright-core';

/** Runs in the page (the SDK's side) and in the emulator's helper iframe (the other side). */
const GAPI_STAND_IN = String.raw`(function () {
  if (window.gapi && window.gapi.iframes) return;
  var TAG = '__gapiStandIn';
  var handlers = {};
  var queued = [];
  var pending = {};
  var seq = 0;

  function answer(source, msg, handler) {
    Promise.resolve(handler(msg.data)).then(function (result) {
      var reply = { kind: 'res', id: msg.id, result: [result] };
      reply[TAG] = true;
      source.postMessage(reply, '*');
    });
  }

  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || !msg[TAG]) return;
    if (msg.kind === 'req') {
      var handler = handlers[msg.name];
      if (handler) answer(event.source, msg, handler);
      else queued.push({ source: event.source, msg: msg });
    } else if (msg.kind === 'res') {
      var callback = pending[msg.id];
      delete pending[msg.id];
      // The SDK's callbacks may throw after reading the answer; gapi swallows that too.
      try { if (callback) callback(msg.result); } catch (e) {}
    }
  });

  function channel(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        var waiting = queued.filter(function (q) { return q.msg.name === name; });
        queued = queued.filter(function (q) { return q.msg.name !== name; });
        waiting.forEach(function (q) { answer(q.source, q.msg, handler); });
      },
      send: function (name, data, callback) {
        var id = ++seq;
        pending[id] = callback;
        var msg = { kind: 'req', id: id, name: name, data: data };
        msg[TAG] = true;
        target().postMessage(msg, '*');
      },
    };
  }

  var context = {
    open: function (options, onOpened) {
      var el = document.createElement('iframe');
      var loaded = new Promise(function (resolve) { el.addEventListener('load', resolve); });
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(el.style, attributes.style);
        else el.setAttribute(name, attributes[name]);
      });
      el.src = options.url;
      (options.where || document.body).appendChild(el);
      var iframe = channel(function () { return el.contentWindow; });
      iframe.ping = function (callback) {
        return loaded.then(function () { if (callback) callback(); });
      };
      iframe.restyle = function () { return Promise.resolve(); };
      iframe.getIframeEl = function () { return el; };
      return Promise.resolve(onOpened ? onOpened(iframe) : iframe);
    },
    getParentIframe: function () {
      return channel(function () { return window.parent; });
    },
  };

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () { return context; },
    },
  };

  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

/** Serves the gapi stand-in and empty CDN assets to every page and frame of `context`. */
export async function serveGoogleStandIns(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/css',
      body: '',
    }),
  );
}
