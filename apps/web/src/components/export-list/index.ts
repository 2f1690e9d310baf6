export { describeExportFilters, type FilterNames } from './describe';
export { EXPORT_MANAGEMENT, ExportAction, type ExportActionProps } from './export-action';
export { EXPORT_MANAGEMENT_PERMISSION, ExportList } from './export-list';
