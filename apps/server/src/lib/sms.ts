import type { FastifyBaseLogger } from 'fastify';

/**
 * Delivers a text message. The product ships no SMS gateway: deployments plug in their provider
 * behind this interface (buildApp's `smsSender` option).
 */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The default sender: writes the message to the server log, so a demo or development install can
 * use SMS login without a gateway. Never use it where the log is readable by others than the
 * account owners.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ sms: { phone, text } }, 'SMS (log sender; no gateway configured)');
  }
}
