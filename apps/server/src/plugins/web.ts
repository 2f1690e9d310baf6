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
  await app.register(fastifyStatic, {
    root: dist,
    preCompressed: true,
    wildcard: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
}
