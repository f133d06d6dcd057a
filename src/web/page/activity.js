// boardbot as a Discord Activity: signs the person in through the Embedded
// App SDK, finds or opens the channel's table, then hands the page to
// board.js with a boot naming that table's socket.
(() => {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const GAMES = { connect4: 'Connect Four', 'connect4-3p': 'Connect Four for three', 'connect4-3d': 'Connect Four 3D', dots: 'Dots and Boxes' };
  const LEVELS = { easy: 'easy', medium: 'medium', hard: 'hard' };
  const FAILED = 'Could not reach boardbot. Close the activity and try again.';
  const NOT_IN = 'Start boardbot from the Activities button in a Discord channel.';

  let boot = {}, words = {}, sdk = null, session = null, user = null, meId = null;
  let phase = 'connecting', error = null, participants = [];

  const w = (k, fb) => (words && typeof words[k] === 'string' ? words[k] : fb);

  window.boardbotActivity = {
    state: () => ({ phase, error, participants: participants.map((p) => ({ ...p })) }),
  };

  // The launch parameters Discord puts in an Activity's address.
  const query = new URLSearchParams(location.search);
  const param = (k) => query.get(k) || null;
  const framed = window.parent !== window && !!param('frame_id');

  function status(text, alert) {
    const s = $('activity-status');
    s.setAttribute('role', alert ? 'alert' : 'status');
    s.classList.toggle('error', !!alert);
    s.textContent = text || '';
  }

  // Stops for good: the text is shown and nothing else happens.
  function refuse(text) {
    phase = 'refused';
    error = text;
    $('open-form').hidden = true;
    status(text, true);
  }

  // Inside Discord the real SDK; in a plain browser (tests, local runs) the
  // SDK's own mock, answering with the address's instance and mock_code.
  function makeSdk(Lib) {
    if (framed) return new Lib.DiscordSDK(boot.client_id);
    const mock = new Lib.DiscordSDKMock(boot.client_id, param('guild_id'), param('channel_id'), null);
    const code = query.get('mock_code');
    if (code != null) mock._updateCommandMocks({ authorize: async () => ({ code }) });
    mock.instanceId = param('instance_id');
    return mock;
  }

  // POSTs JSON; { ok, body, error } with error already in the person's words.
  async function post(url, data) {
    let res, body = {};
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch (e) {
      return { ok: false, body, error: w('activity_failed', FAILED) };
    }
    try { body = (await res.json()) || {}; } catch (e) { body = {}; }
    const text = typeof body.error === 'string' && body.error ? body.error : w('activity_failed', FAILED);
    return { ok: res.status === 200 && !body.error, body, error: text };
  }

  // ---- participants ----

  function drawParticipants(list) {
    participants = (Array.isArray(list) ? list : [])
      .filter((p) => p && typeof p === 'object')
      .map((p) => ({ id: String(p.id || ''), name: String(p.global_name || p.username || '?'), you: meId != null && String(p.id) === meId }));
    const ul = $('participants');
    ul.textContent = '';
    for (const p of participants) {
      const li = document.createElement('li');
      li.className = 'participant' + (p.you ? ' me' : '');
      const n = document.createElement('span');
      n.className = 'name';
      n.textContent = p.name;
      li.appendChild(n);
      if (p.you) {
        const s = document.createElement('span');
        s.className = 'sub';
        s.textContent = '(' + w('you', 'you') + ')';
        li.append(' ', s);
      }
      ul.appendChild(li);
    }
    $('participants-box').hidden = !participants.length;
  }

  async function followParticipants() {
    try {
      const c = sdk.commands;
      const r = c.getInstanceConnectedParticipants ? await c.getInstanceConnectedParticipants()
        : c.getActivityInstanceConnectedParticipants ? await c.getActivityInstanceConnectedParticipants() : null;
      drawParticipants(r && r.participants);
    } catch (e) {
      drawParticipants([]);
    }
    try {
      const ev = (window.DiscordSDKLib.Events || {}).ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE || 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE';
      await sdk.subscribe(ev, (d) => drawParticipants(d && d.participants));
    } catch (e) { /* the list just stays as it is */ }
  }

  // ---- the table ----

  function play(table) {
    if (phase === 'playing' || phase === 'refused') return;
    phase = 'playing';
    error = null;
    $('open-form').hidden = true;
    status('');
    $('table').hidden = false;
    const b = document.createElement('script');
    b.id = 'boot';
    b.type = 'application/json';
    b.textContent = JSON.stringify({
      socket: table.socket + '?session=' + encodeURIComponent(session),
      login: null,
      logout: null,
      csrf: '',
      user: { name: user.name },
      words: boot.words || {},
    });
    document.head.appendChild(b);
    const s = document.createElement('script');
    s.src = '/static/board.js';
    document.head.appendChild(s);
  }

  function offerOpen() {
    phase = 'no-table';
    status(w('activity_no_table', 'No table in this channel yet: open one.'));
    $('open-form').hidden = false;
  }

  async function onOpen(e) {
    e.preventDefault();
    if (phase !== 'no-table') return;
    const button = $('open-table');
    if (button.disabled) return;
    button.disabled = true;
    error = null;
    status(w('activity_connecting', 'Connecting to Discord…'));
    const r = await post(boot.open_url, {
      session,
      instance_id: sdk.instanceId,
      channel_id: sdk.channelId,
      game: $('open-game').value,
      level: $('open-level').value,
      open: $('open-seats').checked,
    });
    button.disabled = false;
    if (r.ok && r.body.table && typeof r.body.table.socket === 'string') {
      play(r.body.table);
    } else {
      error = r.error;
      status(r.error, true);
    }
  }

  // ---- start ----

  function fillWords() {
    $('participants-title').textContent = w('activity_participants', 'In this activity');
    $('open-game-label').textContent = w('activity_game', 'Game');
    $('open-level-label').textContent = w('activity_level', 'CPU level');
    $('open-seats-label').textContent = w('activity_open_seats', 'Open seats for others');
    $('open-table').textContent = w('activity_open', 'Open a table');
    for (const o of $('open-game').options) o.textContent = w('game_' + o.value, GAMES[o.value] || o.value);
    for (const o of $('open-level').options) o.textContent = w('level_' + o.value, LEVELS[o.value] || o.value);
  }

  async function start() {
    const Lib = window.DiscordSDKLib;
    if (!Lib || (!framed && !(param('instance_id') && param('channel_id')))) {
      refuse(w('activity_not_in_instance', NOT_IN));
      return;
    }
    try {
      sdk = makeSdk(Lib);
    } catch (e) {
      refuse(w('activity_not_in_instance', NOT_IN));
      return;
    }
    let token;
    try {
      await sdk.ready();
      const { code } = await sdk.commands.authorize({
        client_id: boot.client_id,
        response_type: 'code',
        state: '',
        prompt: 'none',
        scope: ['identify'],
      });
      token = await post(boot.token_url, {
        code,
        instance_id: sdk.instanceId,
        channel_id: sdk.channelId,
        guild_id: sdk.guildId || null,
      });
      if (!token.ok || typeof token.body.access_token !== 'string' || typeof token.body.session !== 'string') {
        refuse(token.error);
        return;
      }
      const auth = await sdk.commands.authenticate({ access_token: token.body.access_token });
      meId = auth && auth.user && auth.user.id != null ? String(auth.user.id) : null;
    } catch (e) {
      refuse(w('activity_failed', FAILED));
      return;
    }
    session = token.body.session;
    user = token.body.user || {};
    phase = 'authorized';
    followParticipants();
    const t = token.body.table;
    if (t && typeof t.socket === 'string') play(t);
    else offerOpen();
  }

  function init() {
    try { boot = JSON.parse($('activity-boot').textContent || '{}') || {}; } catch (e) { boot = {}; }
    words = boot.words || {};
    fillWords();
    status(w('activity_connecting', 'Connecting to Discord…'));
    $('open-form').addEventListener('submit', onOpen);
    start();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
