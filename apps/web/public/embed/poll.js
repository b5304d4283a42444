/* global window, document */
/*
 * 社区服务 · 投票嵌入脚本 (poll embedding kit). Documentation: docs/embedding.md.
 *
 *   <script src="https://<app host>/embed/poll.js"></script>
 *   <div data-sq-poll="<poll id>" data-sq-tid="<your topic id>"></div>
 *   <div data-sq-create="single"></div>            (or "multiple")
 *
 * or from script: SqPoll.poll(el, { id, tid, onLogin }), SqPoll.create(el, { type, onCreated }).
 * Each poll is shown in an iframe that follows its content's height. The frame's messages
 * (pollCreated, login) reach the container as DOM events `sq-poll-created` and `sq-login`
 * (bubbling; `sq-login` is cancelable) and the callbacks given to SqPoll.poll/create.
 * Plain ES2017, no dependencies, no inline code: it runs under a strict CSP.
 */
(function () {
  'use strict';
  if (window.SqPoll) return;

  var script = document.currentScript;
  // The app is wherever this script was loaded from.
  var APP_ORIGIN = script && script.src ? new URL(script.src, window.location.href).origin : window.location.origin;
  var CREATE_TITLES = { single: '创建单选投票', multiple: '创建多选投票' };
  var frames = Object.create(null);
  var counter = 0;

  function resolve(target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (!el) throw new Error('SqPoll: no element ' + String(target));
    return el;
  }

  function mount(target, path, params, options) {
    var opts = options || {};
    var container = resolve(target);
    var origin = opts.origin || APP_ORIGIN;
    counter += 1;
    var iframeId = opts.iframeId || 'sq-poll-' + counter + '-' + Math.random().toString(36).slice(2, 8);
    var url = new URL(path, origin);
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    });
    url.searchParams.set('iframeId', iframeId);

    var iframe = document.createElement('iframe');
    iframe.id = iframeId;
    iframe.src = url.href;
    iframe.title = opts.title || '投票';
    iframe.setAttribute('data-sq-frame', '');
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.border = '0';
    // Until the page reports its height (the first `resize` message).
    iframe.style.height = (opts.height || 420) + 'px';
    container.appendChild(iframe);

    frames[iframeId] = { iframe: iframe, container: container, origin: origin, opts: opts };
    return {
      iframe: iframe,
      iframeId: iframeId,
      destroy: function () {
        delete frames[iframeId];
        iframe.remove();
      },
    };
  }

  function emit(record, name, detail, cancelable) {
    var event = new CustomEvent(name, { detail: detail, bubbles: true, cancelable: Boolean(cancelable) });
    return record.container.dispatchEvent(event);
  }

  /** Same-site hosts come back to this page after logging in; other hosts to the poll itself. */
  function defaultLogin(record, referer) {
    var back = record.origin === window.location.origin ? window.location.pathname + window.location.search + window.location.hash : referer || '/';
    window.location.assign(record.origin + '/quickLogin?referer=' + encodeURIComponent(back));
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'sq' || typeof data.iframeId !== 'string') return;
    var record = frames[data.iframeId];
    // Only our own frame, from the app's origin, may drive it.
    if (!record || event.origin !== record.origin || event.source !== record.iframe.contentWindow) return;
    var opts = record.opts;
    if (typeof opts.onMessage === 'function') opts.onMessage(data);

    if (data.type === 'resize') {
      if (typeof data.height === 'number' && data.height > 0) record.iframe.style.height = Math.ceil(data.height) + 'px';
    } else if (data.type === 'pollCreated') {
      var poll = { id: String(data.id), title: String(data.title), iframeId: data.iframeId };
      if (typeof opts.onCreated === 'function') opts.onCreated(poll);
      emit(record, 'sq-poll-created', poll, false);
    } else if (data.type === 'login') {
      var info = { referer: String(data.referer || ''), iframeId: data.iframeId };
      // A host that handles logins itself returns true from onLogin or cancels the DOM event.
      var handled = typeof opts.onLogin === 'function' && opts.onLogin(info) === true;
      var notCancelled = emit(record, 'sq-login', info, true);
      if (!handled && notCancelled) defaultLogin(record, info.referer);
    }
  });

  var SqPoll = {
    origin: APP_ORIGIN,
    /** Shows poll `options.id` (spec /chiocevote?id&tid&iframeId). */
    poll: function (target, options) {
      var opts = options || {};
      if (!opts.id) throw new Error('SqPoll.poll: id is required');
      return mount(target, '/chiocevote', { id: opts.id, tid: opts.tid }, opts);
    },
    /** Shows the poll creation form; `options.type` is 'single' or 'multiple' (spec /svote). */
    create: function (target, options) {
      var opts = options || {};
      var title = CREATE_TITLES[opts.type === 'single' ? 'single' : 'multiple'];
      return mount(target, '/svote', { title: title }, Object.assign({ title: title }, opts));
    },
    /** Mounts every `[data-sq-poll]` / `[data-sq-create]` element under `root` not yet mounted. */
    scan: function (root) {
      var scope = root || document;
      scope.querySelectorAll('[data-sq-poll]:not([data-sq-mounted]), [data-sq-create]:not([data-sq-mounted])').forEach(function (el) {
        el.setAttribute('data-sq-mounted', '');
        if (el.hasAttribute('data-sq-poll')) SqPoll.poll(el, { id: el.getAttribute('data-sq-poll'), tid: el.getAttribute('data-sq-tid') });
        else SqPoll.create(el, { type: el.getAttribute('data-sq-create') });
      });
    },
  };
  window.SqPoll = SqPoll;

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { SqPoll.scan(); });
  else SqPoll.scan();
})();
