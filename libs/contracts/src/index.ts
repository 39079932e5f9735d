export * from './http/endpoint';
export * from './http/errors';
export * from './http/pagination';
export * from './health/health.contract';
export * from './events/event';
export * from './events/catalogue';
export * from './auth/session.contract';
