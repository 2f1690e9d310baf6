import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { API_PREFIX, type CallDef } from '@console/contract';

/** Where Swagger UI shows the API document. */
export const DOCS_PREFIX = '/docs';

export function jsonSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** The OpenAPI document is generated from the contract, so it cannot drift from what the server checks. */
export function buildOpenApiDocument(calls: readonly CallDef[], otherPaths: Record<string, unknown> = {}) {
  const paths: Record<string, unknown> = { ...otherPaths };
  for (const call of calls) {
    const access = call.access === 'public' ? 'public' : call.access === 'session' ? 'any logged-in user' : `permission ${call.access.permission}`;
    paths[API_PREFIX + call.path] = {
      post: {
        summary: call.summary,
        description: `Access: ${access}.${call.audit ? ' Writes an operation-log entry.' : ''} Send the session token as \`token\` in the body.`,
        tags: [call.path.split('/')[0]],
        requestBody: { content: { 'application/json': { schema: jsonSchema(call.request) } } },
        responses: {
          200: call.binary
            ? { description: 'The file', content: { 'application/octet-stream': {} } }
            : {
                description: 'Envelope; `data` as below when error_code is "0"',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { error_code: { type: 'string' }, error_msg: { type: 'string' }, data: jsonSchema(call.response) },
                    },
                  },
                },
              },
          401: { description: 'Missing, expired or revoked session: {"code":"A0230","msg":"…"}' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Game platform back-office console API', version: '1' },
    paths,
  };
}

/**
 * Swagger UI's request interceptor. Loading /docs sets the XSRF-TOKEN cookie (plugins/xsrf.ts), so
 * every "Try it out" call carries it and must echo it in X-XSRF-TOKEN as the console does, or it
 * is refused with 403. Only towards this page's own origin: the token is no other server's business.
 *
 * It runs in the browser: @fastify/swagger-ui sends its source text, so it may use nothing from
 * this module (not even the cookie and header names, hence the literals) and no nested named
 * functions (a transpiler may wrap those in a helper of its own).
 */
export function xsrfRequestInterceptor(request: Record<string, unknown>) {
  const page = globalThis as unknown as { document: { cookie: string }; location: { href: string; origin: string } };
  const cookie = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(page.document.cookie);
  if (cookie && new URL(String(request.url), page.location.href).origin === page.location.origin) {
    request.headers = { ...(request.headers as Record<string, string> | undefined), 'X-XSRF-TOKEN': decodeURIComponent(cookie[1]!) };
  }
  return request;
}

export async function registerOpenApi(app: FastifyInstance, calls: readonly CallDef[], otherPaths: Record<string, unknown> = {}) {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument(calls, otherPaths) as never } });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { requestInterceptor: xsrfRequestInterceptor } });
}
