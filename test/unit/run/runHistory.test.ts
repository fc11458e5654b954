import assert from 'node:assert/strict';
import { HISTORY_LIMIT, RunHistory } from '../../../run/runHistory';

describe('run history', () => {
  it('keeps the last 50 runs, newest first', () => {
    const h = new RunHistory();
    for (let i = 0; i < 60; i++)
      h.add({
        label: `run ${i}`,
        request: { kind: 'map', baseUrl: 'http://127.0.0.1:1', body: { type: 'bones' } },
        outcome: 'HTTP 200',
        ok: true,
        time: 1000 + i,
      });
    assert.equal(HISTORY_LIMIT, 50);
    assert.equal(h.list().length, 50);
    assert.equal(h.list()[0].label, 'run 59');
    assert.equal(h.list()[49].label, 'run 10');
    assert.equal(new Set(h.list().map((e) => e.id)).size, 50);
  });

  it('never stores token-like parameters of a wiki run', () => {
    const h = new RunHistory();
    const e = h.add({
      label: 'wl',
      request: {
        kind: 'wiki',
        apiUrl: 'https://w.example/api.php',
        params: [
          ['list', 'watchlist'],
          ['wlowner', 'Bob'],
          ['wltoken', 'secret'],
        ],
      },
      outcome: 'ok',
      ok: true,
    });
    assert.deepEqual(e.request.kind === 'wiki' && e.request.params, [
      ['list', 'watchlist'],
      ['wlowner', 'Bob'],
    ]);
    assert.ok(!JSON.stringify(h.toJSON()).includes('secret'));
  });

  it('saves without session-only result URIs and restores from saved data, dropping junk', () => {
    const h = new RunHistory();
    const e = h.add({
      label: 'a',
      request: { kind: 'wiki', apiUrl: 'https://w.example/api.php', params: [['action', 'query']] },
      outcome: 'ok',
      ok: true,
    });
    h.setResultUri(e.id, 'wikimap-result:/x/1.jsonc');
    assert.equal(h.get(e.id)?.resultUri, 'wikimap-result:/x/1.jsonc');
    const saved = JSON.parse(JSON.stringify([...h.toJSON(), { bogus: true }, null]));
    const restored = new RunHistory(undefined, saved);
    assert.equal(restored.list().length, 1);
    assert.equal(restored.list()[0].resultUri, undefined);
    assert.deepEqual(restored.list()[0].request, e.request);
  });

  it('never stores credentials of a URL, and redacts them in entries saved by older versions', () => {
    const h = new RunHistory();
    const e = h.add({
      label: 'q',
      request: { kind: 'wiki', apiUrl: 'http://me:hunter2@wiki.example.org/w/api.php', params: [['action', 'query']] },
      outcome: 'failed at http://me:hunter2@wiki.example.org/w/api.php',
      ok: false,
    });
    assert.ok(!JSON.stringify(h.toJSON()).includes('hunter2'), JSON.stringify(e));
    const m = h.add({
      label: 'm',
      request: { kind: 'map', baseUrl: 'http://me:hunter2@127.0.0.1:8080', body: {} },
      outcome: 'ok',
      ok: true,
    });
    assert.equal((m.request as { baseUrl: string }).baseUrl, 'http://127.0.0.1:8080');
    const old = new RunHistory(50, [
      {
        id: 'a',
        time: 1,
        label: 'x',
        request: { kind: 'wiki', apiUrl: 'https://u:pw1234@w.example.org/api.php', params: [] },
        outcome: 'ok',
        ok: true,
      },
    ]);
    assert.ok(!JSON.stringify(old.toJSON()).includes('pw1234'));
  });
});
