// The public surface of the ingest module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { FileIngestError, ingestFile, type FileTotals } from './file.ts';
export {
  IngestRejected,
  ingestBets,
  ingestCancels,
  ingestTransfers,
  transferByIds,
  TransferRefused,
  type TransferByIds,
  type TransferByIdsRefusal,
  type TransferDone,
  type TransferRepeatField,
} from './service.ts';
