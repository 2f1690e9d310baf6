import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { HttpSmsSender, LogSmsSender, smsSenderFor } from '../src/lib/sms.ts';
import { describeOnDatabases } from './harness.ts';
import { addUser, uniquePhone } from './user-helpers.ts';

/** A real HTTP SMS gateway on loopback: records what it receives and answers `status`. */
function startGateway() {
  const received: Array<{ auth: string | undefined; type: string | undefined; body: { phone: string; text: string } }> = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(body) as { phone: string; text: string } });
      res.writeHead(status).end('{}');
    });
  });
  return {
    received,
    answer: (s: number) => (status = s),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMS senders', () => {
  const gateway = startGateway();
  let url: string;
  beforeAll(async () => {
    url = await gateway.listen();
  });
  afterAll(() => gateway.close());

  it('the HTTP sender posts the phone and text as JSON, with the token, and fails on a non-2xx answer', async () => {
    await new HttpSmsSender(url, 'gw-token').send('+8613900000001', 'code 123456');
    expect(gateway.received.at(-1)).toEqual({ auth: 'Bearer gw-token', type: 'application/json', body: { phone: '+8613900000001', text: 'code 123456' } });
    await new HttpSmsSender(url, '').send('+8613900000002', 'x');
    expect(gateway.received.at(-1)!.auth).toBeUndefined();
    gateway.answer(503);
    await expect(new HttpSmsSender(url, '').send('+8613900000003', 'x')).rejects.toThrow('HTTP 503');
    gateway.answer(200);
  });

  it('a server uses the gateway when one is set, the log outside production, and none in production', () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    expect(smsSenderFor({ smsWebhookUrl: url, smsWebhookToken: '', production: true }, log)).toBeInstanceOf(HttpSmsSender);
    expect(smsSenderFor({ smsWebhookUrl: '', smsWebhookToken: '', production: false }, log)).toBeInstanceOf(LogSmsSender);
    expect(smsSenderFor({ smsWebhookUrl: '', smsWebhookToken: '', production: true }, log)).toBeNull();
  });
});

describeOnDatabases(
  'SMS login in production without a gateway',
  (t) => {
    it('is off: no code is made or sent, and an SMS login is refused with a clear message', async () => {
      expect(t().app.smsSender).toBeNull();
      const admin = await t().login();
      const phone = uniquePhone();
      await addUser(t(), admin, { phone });
      const sent = await t().call('sendcode', { phone }, { lang: 'en' });
      expect(sent).toMatchObject({ error_code: 'B0001', error_msg: 'SMS login is not set up on this server; log in with your account and password' });
      expect((await t().call('sendcode', { phone }, { lang: 'zh-cn' })).error_msg).toContain('未开通短信登录');
      expect(await t().database.db.selectFrom('sms_code').selectAll().where('phone', '=', phone).execute()).toEqual([]);
      const login = await t().call('login', { type: 2, phone, message_code: '123456' }, { lang: 'en' });
      expect(login.error_code).toBe('B0001');
    });
  },
  { production: true },
);
