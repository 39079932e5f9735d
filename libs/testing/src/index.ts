export * from './test-database';
export * from './eventually';
export * from './smtp-sink';
export * from './smtp-mail-port';
export * from './auth-factories';
export * from './saml-idp';
export * from './platform';
export * from './http-probe';
