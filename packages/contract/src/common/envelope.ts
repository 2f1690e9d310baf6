import { z } from 'zod';
import { ErrorCode } from '../error-codes.ts';

/** The response envelope of every call (spec §3, §8). */
export interface Envelope<T> {
  error_code: string;
  error_msg: string;
  data: T;
}

/** Body of an HTTP error (spec §8: "On HTTP errors: code and msg"). */
export interface HttpErrorBody {
  code: string;
  msg: string;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ error_code: z.string(), error_msg: z.string(), data });

export const isSuccess = (e: { error_code: string }) => e.error_code === ErrorCode.Success;
