// The public surface of the report module: all that code outside the module may import of it
// (tools/eslint/boundaries.js refuses an import of any other of its files from outside).

export { exportSource, isMonthRequest, runReport, type AnyExportRequest, type Row } from './service.ts';
