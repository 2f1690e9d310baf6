import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessages, formatMoney, MONEY_UNITS_MAX, type Lang } from '@console/contract';
import { ApiError } from '../lib/api-error.ts';
import { requestLang } from '../lib/validation.ts';

/**
 * A database refusing a sum past the signed 64-bit range: SQLite's SUM() raises "integer
 * overflow", PostgreSQL's bigint arithmetic raises 22003. Each stored amount fits (the ingest
 * refuses one that would not), but a report's total over a long range can still pass it; that is
 * answered with what happened instead of a bare system error, and never with a rounded number.
 */
function isSumOverflow(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22003' || (code === 'SQLITE_ERROR' && error.message === 'integer overflow');
}

const SUM_OVERFLOW: Record<Lang, string> = {
  'zh-cn': `合计超出可计算的最大金额 ${formatMoney(MONEY_UNITS_MAX)}，请缩小日期范围`,
  en: `A total passes ${formatMoney(MONEY_UNITS_MAX)}, the largest amount that can be summed; narrow the date range`,
};

/**
 * Every failure leaves in the shapes of docs/product.md, "Envelope and errors": the envelope with a code (HTTP 200) for business and
 * validation failures, HTTP 401 `{code:"A0230", msg}` for a missing or dead session, and
 * `{code, msg}` with the HTTP status for transport-level failures (bad JSON, unknown path, limits).
 */
function answerError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(request.headers['accept-language']);
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.TokenInvalid) return reply.code(401).send({ code: error.code, msg: error.messageFor(lang) });
    if (error.code === ErrorCode.XsrfMismatch) return reply.code(403).send({ code: error.code, msg: error.messageFor(lang) });
    return reply.code(200).send({ error_code: error.code, error_msg: error.messageFor(lang), data: error.data });
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) {
    return reply.code(413).send({ code: ErrorCode.BodyTooLarge, msg: errorMessages[ErrorCode.BodyTooLarge][lang] });
  }
  if (status === 429) {
    return reply.code(429).send({ code: ErrorCode.RateLimited, msg: errorMessages[ErrorCode.RateLimited][lang] });
  }
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send({ code: ErrorCode.InvalidParameter, msg: `${errorMessages[ErrorCode.InvalidParameter][lang]}: ${error.message}` });
  }
  if (isSumOverflow(error)) {
    request.log.warn({ err: error }, 'a sum passed the 64-bit range');
    return reply.code(200).send({ error_code: ErrorCode.SystemError, error_msg: SUM_OVERFLOW[lang], data: null });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ code: ErrorCode.SystemError, msg: errorMessages[ErrorCode.SystemError][lang] });
}

/**
 * Fastify's `frameworkErrors` option (given when Fastify is built, app.ts): a URL the router cannot
 * decode (`/%`, `/v1/operator/%E0%A4%A`) fails before any route or the error handler, and would
 * otherwise be answered in Fastify's own shape.
 */
export const frameworkErrors = answerError;

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);

  app.setNotFoundHandler((request, reply) => {
    const lang = requestLang(request.headers['accept-language']);
    reply.code(404).send({ code: ErrorCode.NotFound, msg: errorMessages[ErrorCode.NotFound][lang] });
  });
}
