import { ExportList } from '../../components/export-list';

/**
 * Export management (spec §2, 1305): every export with its report, readable filters, requester,
 * status, size and dates, and a download for finished ones; running exports refresh by themselves.
 */
export default function ExportScreen() {
  return <ExportList id="export" />;
}
