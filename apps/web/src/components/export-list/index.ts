export { describeExportFilters, exportReportDef, type FilterNames } from './describe';
export { EXPORT_MANAGEMENT_PERMISSION, ExportList } from './export-list';
