export * from './id-slots';
export * from './owner-digest';
export * from './tenant-probe';
