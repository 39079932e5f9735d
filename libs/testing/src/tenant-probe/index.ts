export * from './id-slots';
export * from './owner-digest';
export type { UploadPart } from './probe-request';
export * from './tenant-probe';
export * from './tenant-probe-suite';
