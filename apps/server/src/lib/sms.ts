import type { FastifyBaseLogger } from 'fastify';

/**
 * Delivers a text message. Deployments point the HTTP sender at their SMS provider (or a small
 * adapter in front of it) with SMS_WEBHOOK_URL; tests plug in their own through buildApp's
 * `smsSender` option.
 */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** How long a gateway may take to accept a message. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends each message as `POST <url>` with the JSON body `{"phone", "text"}` (and
 * `Authorization: Bearer <token>` when a token is set); any answer other than 2xx is a failed
 * delivery.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phone, text }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The body is not needed; reading it frees the connection.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}

/**
 * Writes the message to the server log, so a demo or development install can use SMS login
 * without a gateway. Never used in production (smsSenderFor), where logs are read by others than
 * the account owners.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ sms: { phone, text } }, 'SMS (log sender; no gateway configured)');
  }
}

/**
 * The sender a server uses: the gateway when SMS_WEBHOOK_URL is set; otherwise the log outside
 * production, and none in production, where SMS login is then off (a code in a log would let its
 * readers log in).
 */
export function smsSenderFor(config: { smsWebhookUrl: string; smsWebhookToken: string; production: boolean }, log: FastifyBaseLogger): SmsSender | null {
  if (config.smsWebhookUrl) return new HttpSmsSender(config.smsWebhookUrl, config.smsWebhookToken);
  return config.production ? null : new LogSmsSender(log);
}
