import { ExportList } from '../../components/export-list';

/**
 * Export management (1305; docs/product.md, "Exports"): every export with its report, readable filters, requester,
 * status, size and dates, and a download for finished ones; running exports refresh by themselves.
 */
export default function ExportScreen() {
  return <ExportList id="export" />;
}
