export * from './address-policy';
export * from './allow-list';
export * from './outbound-http.errors';
export * from './outbound-http.client';
