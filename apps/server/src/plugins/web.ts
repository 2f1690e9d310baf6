import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built console. Files are precompressed at build (.br/.gz beside each), so no
 * compression runs per request; hashed assets are cached for a year, index.html never.
 */
export async function registerWeb(app: FastifyInstance, dist: string) {
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'the web console is not built; serving the API only');
    return;
  }
  const root = path.resolve(dist);
  // The dist folder's own assets/ only: the folders above it are the install's, and an install
  // under a folder named "assets" must not get index.html cached for a year.
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    setHeaders(res, filePath) {
      if (path.resolve(filePath).startsWith(assets)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
}
