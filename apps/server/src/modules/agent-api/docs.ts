import { agentApi, ErrorCode } from '@console/contract';
import { jsonSchema } from '../../plugins/openapi.ts';

const ex = agentApi.AGENT_API_SIGNING_EXAMPLE;

/** How every agent API call is signed, with the worked example (docs/product.md, "The agent API"). */
export const AGENT_API_SIGNING_TEXT = [
  "For agents' own systems, not the console. Send four headers:",
  `\`X-App-Id\` (the agent key's app id), \`X-Timestamp\` (Unix seconds, within ${agentApi.AGENT_API_CLOCK_WINDOW_SECONDS} s of the server's clock),`,
  `\`X-Nonce\` (16–64 letters, digits, \`-\` or \`_\`, never repeated for the key within ${agentApi.AGENT_API_NONCE_TTL_SECONDS / 60} minutes) and`,
  '`X-Signature`: lower-case hex HMAC-SHA256, keyed with the secret, of',
  '`"POST\\n" + path + "\\n" + timestamp + "\\n" + nonce + "\\n" + sha256hex(raw body)`.',
  "The request must come from an address on the key's agent's IP whitelist (an empty whitelist admits none).",
  `Refusals: HTTP 401 \`{"code","msg"}\` with ${ErrorCode.ApiKeyInvalid} (unknown, disabled or expired key, or its agent disabled), ${ErrorCode.ApiSignatureInvalid} (signature),`,
  `${ErrorCode.ApiTimestampInvalid} (timestamp), ${ErrorCode.ApiNonceReplayed} (nonce); HTTP 403 ${ErrorCode.NoPermission} for an address off the whitelist;`,
  `HTTP 429 ${ErrorCode.RateLimited} with Retry-After once an address (any request from it) or an app id (a request in its name that would be refused) has been refused too often within a minute.`,
  `Worked example: secret \`${ex.secret}\`, path \`${ex.path}\`, timestamp \`${ex.timestamp}\`, nonce \`${ex.nonce}\`, body \`${ex.body}\`:`,
  `sha256hex(body) = \`${ex.bodySha256}\`, signature = \`${ex.signature}\`.`,
  'The reference client is packages/agent-client (createAgentClient).',
].join(' ');

export function agentApiOpenApiPaths(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const call of agentApi.agentApiCalls) {
    out[agentApi.AGENT_API_PREFIX_PATH + call.path] = {
      post: {
        summary: call.summary,
        description: AGENT_API_SIGNING_TEXT,
        tags: ['agent API'],
        parameters: [
          { name: 'X-App-Id', in: 'header', required: true, schema: { type: 'string' }, example: ex.appId },
          { name: 'X-Timestamp', in: 'header', required: true, schema: { type: 'string' }, example: ex.timestamp },
          { name: 'X-Nonce', in: 'header', required: true, schema: { type: 'string' }, example: ex.nonce },
          { name: 'X-Signature', in: 'header', required: true, schema: { type: 'string' }, example: ex.signature },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(call.request) } } },
        responses: {
          200: {
            description: 'Envelope; `data` as below when error_code is "0"',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['error_code', 'error_msg'],
                  properties: { error_code: { type: 'string' }, error_msg: { type: 'string' }, data: jsonSchema(call.response) },
                },
              },
            },
          },
          401: { description: 'Key, signature, timestamp or nonce refused: {"code":"A0232|A0233|A0234|A0235","msg":"…"}' },
          403: { description: 'The address is not on the agent\'s IP whitelist: {"code":"A0301","msg":"…"}' },
          429: { description: 'Refused too often within a minute (the address, or the app id): {"code":"A0429","msg":"…"}, with Retry-After in seconds' },
        },
      },
    };
  }
  return out;
}
