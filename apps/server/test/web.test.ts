import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from '../src/plugins/web.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('serving the built console', () => {
  let tmp: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Installed under a folder named "assets": only the dist folder's own assets/ are hashed files.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const dist = path.join(tmp, 'assets', 'console', 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'assets', 'x.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'assets', 'x.js.br'), 'not really brotli');
    app = Fastify();
    await registerWeb(app, dist);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('never caches index.html or other top-level files, even when the install path holds a folder "assets"', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>console</title>');
  });

  it('caches the hashed files under assets/ for a year, precompressed or not', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const br = await app.inject({ method: 'GET', url: '/assets/x.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
  });
});
