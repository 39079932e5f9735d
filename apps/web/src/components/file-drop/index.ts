export { FileDrop, type FileDropProps } from './file-drop';
export { checkCsvFiles, CSV_ONLY, ONE_FILE } from './csv-file';
