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

/**
 * Response header of the report calls and the bill list when the server reads them from a
 * streaming replica (REPLICA_DATABASE_URL): how many whole seconds the replica is behind the
 * primary (0: caught up). Absent without a replica.
 */
export const REPLICA_LAG_HEADER = 'x-replica-lag';
/** From this lag on (seconds) the console says on report screens that the figures may lag. */
export const REPLICA_LAG_NOTICE_SECONDS = 5;
