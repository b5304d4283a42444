// /importresidents?poiId=…: 导入住户, a community's residents from the office's spreadsheet.
export { ResidentsImportPage as Component } from '../../features/manage/pages/residents-import-page';
