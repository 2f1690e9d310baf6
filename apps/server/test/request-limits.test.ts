/**
 * Request bodies are bounded per call and refused before they are read; slow requests end.
 * Every request here goes over a real socket to the listening server, so what counts is how much
 * of a body the server took before it answered, not what an in-process inject would buffer.
 */
import net from 'node:net';
import { ingest } from '@console/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_BODY_LIMIT } from '../src/app.ts';
import { INGEST_BODY_LIMIT } from '../src/modules/ingest/routes.ts';
import { ingestAuth } from './domain-fixtures.ts';
import { describeOnDatabases } from './harness.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
/**
 * What a refused 15 MB body may have left the client before its answer arrives: the loopback
 * socket's buffers take a few MB whatever the server does; a server that read the body would
 * answer only after all of it.
 */
const READ_AT_MOST = 8 * MB;
const BIG = Math.round(15.7 * MB);

interface RawAnswer {
  status: number;
  body: string;
  /** Body bytes the client had handed to the socket when the answer began. */
  sentBeforeAnswer: number;
  ms: number;
}

/**
 * Sends a POST whose body is `bodyBytes` long (or unbounded and chunked when `length` is false),
 * one chunk at a time as the socket drains, and stops sending once the answer begins.
 */
function post(port: number, path: string, opts: { bodyBytes: number; headers?: Record<string, string>; length?: boolean; trickleMs?: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let sentBeforeAnswer = -1;
    let answer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4), sentBeforeAnswer: sentBeforeAnswer < 0 ? sent : sentBeforeAnswer, ms: Date.now() - started });
    };
    socket.on('data', (d) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      answer += d.toString('latin1');
      if (/\r\n\r\n/.test(answer)) {
        const len = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? NaN);
        if (answer.length - answer.indexOf('\r\n\r\n') - 4 >= len) finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', () => finish());
    socket.setTimeout(20_000, () => reject(new Error('no answer within 20 s')));
    const headers = {
      host: '127.0.0.1',
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(opts.length === false ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(opts.bodyBytes) }),
      ...opts.headers,
    };
    socket.write(`POST ${path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    const pump = () => {
      while (!done && sentBeforeAnswer < 0 && sent < opts.bodyBytes) {
        if (opts.trickleMs) {
          socket.write('a');
          sent += 1;
          setTimeout(pump, opts.trickleMs);
          return;
        }
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, opts.bodyBytes - sent));
        const more = socket.write(opts.length === false ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk);
        sent += chunk.length;
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describeOnDatabases(
  'request bodies are bounded and slow requests end',
  (t) => {
    let port = 0;
    beforeAll(async () => {
      await t().app.listen({ port: 0, host: '127.0.0.1' });
      port = (t().app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await t().app.server.close();
    });

    it('an operator call refuses a 15 MB body with 413 A0413 before reading it', async () => {
      const r = await post(port, '/v1/operator/user/info', { bodyBytes: 15 * MB });
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toEqual({ code: 'A0413', msg: 'The request body is too large' });
      expect(r.sentBeforeAnswer).toBeLessThan(READ_AT_MOST);
    });

    it('an operator call cuts a body of unknown length off at its limit', async () => {
      const r = await post(port, '/v1/operator/user/info', { bodyBytes: 15 * MB, length: false });
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body).code).toBe('A0413');
      expect(r.sentBeforeAnswer).toBeLessThan(READ_AT_MOST);
    });

    it('an operator call still takes a body within its limit', async () => {
      const token = await t().login();
      const body = JSON.stringify({ token, padding: 'x'.repeat(OPERATOR_BODY_LIMIT - 1000) });
      const res = await t().app.inject({ method: 'POST', url: '/v1/operator/user/info', payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.json().error_code).toBe('0');
    });

    it('the ingest refuses a 15 MB body without a valid key (401 A0231) before reading it', async () => {
      for (const authorization of [undefined, 'Bearer nope:nope']) {
        const r = await post(port, ingest.INGEST_PATHS.bets, { bodyBytes: 15 * MB, headers: authorization ? { authorization } : {} });
        expect(r.status).toBe(401);
        expect(JSON.parse(r.body).code).toBe('A0231');
        expect(r.sentBeforeAnswer).toBeLessThan(READ_AT_MOST);
      }
    });

    it('parallel large bodies from strangers leave the server’s memory flat', async () => {
      const before = process.memoryUsage().rss;
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => post(port, '/v1/operator/user/info', { bodyBytes: BIG })),
        ...Array.from({ length: 4 }, () => post(port, ingest.INGEST_PATHS.bets, { bodyBytes: BIG })),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 401, 401, 413, 413, 413, 413]);
      // The server and this test share a process: 8 bodies read whole would add well over 100 MB.
      expect(process.memoryUsage().rss - before).toBeLessThan(60 * MB);
      expect((await t().app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('the ingest takes a batch of 5,000 records at the longest each field allows', async () => {
      const longest = '\u00e9'.repeat(64);
      const record = {
        bet_id: longest,
        round_id: longest,
        agent_code: longest.slice(0, 32),
        player_account: longest,
        game_code: longest.slice(0, 32),
        currency_code: longest.slice(0, 16),
        bet_amount: '99999999.9999',
        valid_bet_amount: '99999999.9999',
        payout_amount: '99999999.9999',
        tax_amount: '99999999.9999',
        bonus_amount: '99999999.9999',
        jackpot_contribution: '99999999.9999',
        bet_time: '2026-01-10T10:00:00.000+08:00',
        settle_time: '2026-01-10T10:00:00.000+08:00',
        device: 'desktop',
      };
      // Every character of the texts written as a \uXXXX escape: the longest spelling JSON has.
      const escaped = JSON.stringify({ bets: Array(ingest.INGEST_MAX_BATCH).fill(record) }).replace(/\u00e9/g, '\\u00e9');
      expect(Buffer.byteLength(escaped)).toBeLessThan(INGEST_BODY_LIMIT);
      const auth = await ingestAuth(t());
      const tooLarge = await post(port, ingest.INGEST_PATHS.bets, { bodyBytes: INGEST_BODY_LIMIT + MB, headers: { authorization: auth } });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body).code).toBe('A0413');
    });

    it('a request whose body trickles in is ended instead of holding its connection', async () => {
      const r = await post(port, '/v1/operator/user/info', { bodyBytes: 1000, trickleMs: 300 });
      // requestTimeoutSeconds is 2 here: Node answers 408 (or closes) within a check interval after.
      expect([0, 408]).toContain(r.status);
      expect(r.sentBeforeAnswer).toBeLessThan(30);
      expect(r.ms).toBeLessThan(10_000);
    });
  },
  { requestTimeoutSeconds: 2, headersTimeoutSeconds: 2 },
);
