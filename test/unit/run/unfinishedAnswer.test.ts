/**
 * What a request that ran out of time is said to have got (run/transport.ts `unfinishedAnswer`), the same
 * words in a run (`httpRequest`), a catalogue load and a map-config fetch (`boundedFetchText`), through
 * Node's transport and through a `fetch` transport: a server that sent its headers and then held its body
 * back (a Content-Length it never fills, a 2 GB chunk) answered, it was not out of reach; nor was one
 * that sent only `100 Continue` or half its headers. Raw sockets on 127.0.0.1, held open.
 */
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { boundedFetchText, BoundedFetchError } from '../../../server/src/catalogue/boundedFetch';
import { fetchTransport } from '../../../run/browser/fetchTransport';
import { httpRequest } from '../../../run/httpClient';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { RunError } from '../../../run/runErrors';
import { timeLimitAdvice, unfinishedAnswer, type AnswerProgress } from '../../../run/transport';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';

const BODY = '{"batchcomplete":true,"query":{"allpages":[]}}';
const HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n';

/** What the server writes, then holds the connection open. */
const SHAPES: Record<string, string> = {
  silent: '',
  clhang: `${HEAD}Content-Length: 1000000\r\n\r\n${BODY}`,
  chunkbig: `${HEAD}Transfer-Encoding: chunked\r\n\r\n7fffffff\r\n${BODY}`,
  continue3: 'HTTP/1.1 100 Continue\r\n\r\n'.repeat(3),
  continue1: 'HTTP/1.1 100 Continue\r\n\r\n',
  halfhead: 'HTTP/1.1 200 OK\r\nX-Slow: aaa',
};

/** What a run advises after what came (`timeLimitAdvice`): more time only where it can help. */
const RAISE = 'raise wikimapQuery.run.timeoutSeconds.';
const STILL_WORKING = `It may still be working on the query: ask for less (a lower limit), or ${RAISE}`;
const NO_MORE_TIME = 'More time would not help: check the endpoint (a proxy in between may be at fault).';
const HELD_BACK =
  /^Nothing came in its last [\d.]+ s: it held the rest back, and more time would not help\. Check the endpoint \(a proxy in between may be at fault\)\.$/;
const ADVICE: Record<string, string | RegExp> = {
  silent: STILL_WORKING,
  clhang: HELD_BACK,
  chunkbig: HELD_BACK,
  continue3: NO_MORE_TIME,
  continue1: NO_MORE_TIME,
  halfhead: NO_MORE_TIME,
};

describe('an answer cut off by the time limit: what came is said, the same way everywhere', () => {
  let server: Loopback;
  before(async () => {
    server = await listenLoopback(
      net.createServer((s) => {
        s.on('error', () => undefined);
        s.once('data', (d) => {
          const name = /^GET \/(\w+)\//.exec(d.toString('latin1'))?.[1] ?? '';
          if (SHAPES[name]) s.write(SHAPES[name]);
        });
      }),
    );
  });
  after(async () => server.close());
  const host = () => `127.0.0.1:${server.port}`;

  // [shape, what is said (HOST stands for 127.0.0.1:PORT)]
  const TABLE: Array<[string, string]> = [
    ['silent', 'HOST took the connection but sent nothing within 0.4 s'],
    ['clhang', 'HOST answered HTTP 200, but its body was not complete within 0.4 s (46 of the 1,000,000 bytes announced came)'],
    ['chunkbig', 'HOST answered HTTP 200, but its body was not complete within 0.4 s (46 bytes came)'],
    ['continue3', 'HOST sent 3 interim answers (HTTP 1xx, such as 100 Continue) but no final answer within 0.4 s'],
    ['continue1', 'HOST sent 1 interim answer (HTTP 1xx, such as 100 Continue) but no final answer within 0.4 s'],
    ['halfhead', 'HOST began its answer (28 bytes) but did not finish its headers within 0.4 s'],
  ];
  for (const [shape, said] of TABLE) {
    it(`${shape}: a run says "${said.slice(0, 60)}…", and what to check`, async () => {
      const url = `${server.origin}/${shape}/api.php?action=query`;
      await assert.rejects(httpRequest({ url, method: 'GET', transport: nodeTransport, timeoutMs: 400, maxBytes: 1e6 }), (e: unknown) => {
        assert.ok(e instanceof RunError && e.kind === 'timeout', String(e));
        const expected = said.replace('HOST', host());
        const what = `${expected[0].toUpperCase()}${expected.slice(1)}. `;
        assert.ok(e.message.startsWith(what), e.message);
        const advice = ADVICE[shape];
        if (typeof advice === 'string') assert.equal(e.message.slice(what.length), advice);
        else assert.match(e.message.slice(what.length), advice);
        return true;
      });
    });

    it(`${shape}: a catalogue or map-config fetch says the same`, async () => {
      const url = `${server.origin}/${shape}/api.php?action=paraminfo`;
      await assert.rejects(boundedFetchText(url, { transport: nodeTransport, timeoutMs: 400, maxBytes: 1e6 }), (e: unknown) => {
        assert.ok(e instanceof BoundedFetchError && e.kind === 'timeout', String(e));
        assert.equal(e.message, said.replace('HOST', host()));
        return true;
      });
    });
  }

  it("through a fetch transport (the browser build's, here over Node's fetch): once the headers came, the same words", async () => {
    const url = `${server.origin}/clhang/api.php`;
    const transport = fetchTransport((input, init) => fetch(input, init));
    await assert.rejects(boundedFetchText(url, { transport, timeoutMs: 400, maxBytes: 1e6 }), {
      message: `${host()} answered HTTP 200, but its body was not complete within 0.4 s (46 of the 1,000,000 bytes announced came)`,
    });
    // Before the headers, a fetch does not tell how far it got.
    await assert.rejects(boundedFetchText(`${server.origin}/silent/api.php`, { transport, timeoutMs: 400, maxBytes: 1e6 }), {
      message: `no answer from ${host()} within 0.4 s`,
    });
  });

  // What each stage is said as.
  const PHRASES: Array<[AnswerProgress | undefined, string]> = [
    [undefined, 'no answer from h:1 within 3 s'],
    [{ stage: 'connecting' }, 'no connection to h:1 within 3 s'],
    [{ stage: 'connected', received: 0, interim: 0 }, 'h:1 took the connection but sent nothing within 3 s'],
    [{ stage: 'connected', received: 1, interim: 0 }, 'h:1 began its answer (1 byte) but did not finish its headers within 3 s'],
    [
      { stage: 'connected', received: 5_000_000, interim: 200_000 },
      'h:1 sent 200,000 interim answers (HTTP 1xx, such as 100 Continue) but no final answer within 3 s',
    ],
    [{ stage: 'headers', status: 503, bodyBytes: 0 }, 'h:1 answered HTTP 503, but its body was not complete within 3 s (0 bytes came)'],
    [
      { stage: 'headers', status: 200, bodyBytes: 1234, declared: 1 },
      'h:1 answered HTTP 200, but its body was not complete within 3 s (1,234 of the 1 byte announced came)',
    ],
    [
      { stage: 'headers', status: 200, bodyBytes: 65_239, declared: 65_239, quietMs: 2900 },
      'h:1 answered HTTP 200 and all 65,239 bytes it announced came, but reading them did not finish within 3 s',
    ],
  ];
  for (const [progress, said] of PHRASES) {
    it(`${progress?.stage ?? 'not known'}: "${said}"`, () => assert.equal(unfinishedAnswer('h:1', progress, 3000), said));
  }
  // What a run advises after each stage: raising the time limit only where more time can help.
  const ADVISED: Array<[string, AnswerProgress | undefined, string]> = [
    ['not known (a browser before the headers)', undefined, `Check that the server runs and that the endpoint URL is right, or ${RAISE}`],
    [
      'never connected',
      { stage: 'connecting' },
      'Check that the server runs and that the endpoint URL is right (a firewall that drops connections looks the same).',
    ],
    ['connected, nothing sent (working on the query)', { stage: 'connected', received: 0, interim: 0 }, STILL_WORKING],
    ['headers begun, not finished', { stage: 'connected', received: 12, interim: 0 }, NO_MORE_TIME],
    ['interim answers only', { stage: 'connected', received: 100, interim: 4 }, NO_MORE_TIME],
    [
      'body still coming at the end',
      { stage: 'headers', status: 200, bodyBytes: 5000, quietMs: 200 },
      `It was still sending: ask for less (a lower limit), or ${RAISE}`,
    ],
    [
      'body held back for half the time',
      { stage: 'headers', status: 200, bodyBytes: 46, quietMs: 1500 },
      'Nothing came in its last 1.5 s: it held the rest back, and more time would not help. Check the endpoint (a proxy in between may be at fault).',
    ],
    [
      'held back 10 s of a 60 s limit',
      { stage: 'headers', status: 200, bodyBytes: 46, quietMs: 10_000 },
      'Nothing came in its last 10 s: it held the rest back, and more time would not help. Check the endpoint (a proxy in between may be at fault).',
    ],
    [
      'every announced byte came, quiet since (decoding a compressed answer took the time)',
      { stage: 'headers', status: 200, bodyBytes: 65_239, declared: 65_239, quietMs: 2900 },
      `Reading it took the time (a compressed answer expands): ask for less (a lower limit), or ${RAISE}`,
    ],
    [
      'quiet not known (a transport that does not tell)',
      { stage: 'headers', status: 200, bodyBytes: 46 },
      `It was still sending: ask for less (a lower limit), or ${RAISE}`,
    ],
  ];
  for (const [what, progress, advice] of ADVISED) {
    it(`advice, ${what}: "${advice.slice(0, 50)}…"`, () =>
      assert.equal(timeLimitAdvice(progress, what.includes('60 s') ? 60_000 : 3000), advice));
  }

  it('a run whose body is still coming when the time runs out is told to ask for less or raise the limit', async () => {
    const dripping = await listenLoopback(
      net.createServer((s) => {
        s.on('error', () => undefined);
        s.once('data', () => {
          s.write(`${HEAD}Content-Length: 1000000\r\n\r\n`);
          const timer = setInterval(() => s.write('['), 40);
          s.on('close', () => clearInterval(timer));
        });
      }),
    );
    try {
      const url = `${dripping.origin}/drip/api.php?action=query`;
      await assert.rejects(httpRequest({ url, method: 'GET', transport: nodeTransport, timeoutMs: 1000, maxBytes: 1e6 }), (e: unknown) => {
        assert.ok(e instanceof RunError && e.kind === 'timeout', String(e));
        assert.match(
          e.message,
          /answered HTTP 200, but its body was not complete within 1 s \(\d+ of the 1,000,000 bytes announced came\)\. It was still sending: ask for less \(a lower limit\), or raise wikimapQuery\.run\.timeoutSeconds\.$/,
        );
        return true;
      });
    } finally {
      await dripping.close();
    }
  });

  it('durations: whole seconds, or tenths', () => {
    assert.equal(unfinishedAnswer('h', undefined, 15000), 'no answer from h within 15 s');
    assert.equal(unfinishedAnswer('h', undefined, 1500), 'no answer from h within 1.5 s');
    assert.equal(unfinishedAnswer('h', undefined, 300), 'no answer from h within 0.3 s');
  });
});
