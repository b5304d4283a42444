// exceljs's streaming writer module on its own (see loadWriter in ./xlsx-stream): the class the
// package exports as `stream.xlsx.WorkbookWriter`.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  const WorkbookWriter: typeof import('exceljs').stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
