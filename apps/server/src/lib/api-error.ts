import { ErrorCode, errorMessages, type Lang } from '@console/contract';

/**
 * A failure the caller should see: answered as the envelope with this code (HTTP 200), except
 * A0230, which takes the HTTP-error path (HTTP 401 `{code, msg}`; docs/product.md, "Envelope and errors").
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** A specific message per language; the code's default text when absent. */
    readonly messages?: Partial<Record<Lang, string>>,
    readonly data: unknown = null,
  ) {
    super(messages?.en ?? errorMessages[code].en);
  }

  messageFor(lang: Lang): string {
    return this.messages?.[lang] ?? errorMessages[this.code][lang];
  }
}

/** Shorthand for an error with one specific text in both languages. */
export const apiError = (code: ErrorCode, zh?: string, en?: string, data: unknown = null) =>
  new ApiError(code, zh || en ? { 'zh-cn': zh ?? en, en: en ?? zh } : undefined, data);
