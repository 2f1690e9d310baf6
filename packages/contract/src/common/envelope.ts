import { z } from 'zod';
import { ErrorCode } from '../error-codes.ts';

/** The response envelope of every call (docs/product.md, "Envelope and errors"). */
export interface Envelope<T> {
  error_code: string;
  error_msg: string;
  data: T;
}

/** Body of an HTTP error: code and msg (docs/product.md, "Envelope and errors"). */
export interface HttpErrorBody {
  code: string;
  msg: string;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ error_code: z.string(), error_msg: z.string(), data });

export const isSuccess = (e: { error_code: string }) => e.error_code === ErrorCode.Success;
