import type { SalesforceDml } from './salesforce-dml';
import type { SalesforceStore } from './salesforce-store';

/** What the API handlers share: the org's data, its write rules and the tunable settings. */
export interface SalesforceApiContext {
  store: SalesforceStore;
  dml: SalesforceDml;
  settings: {
    /** Default REST query page (Salesforce: 2000; `Sforce-Query-Options: batchSize=` lowers it). */
    queryPageSize: number;
    /**
     * Rows per Bulk API 2.0 query results page when the client gives no maxRecords. Every page
     * starts with the CSV header, as Salesforce's do.
     */
    bulkQueryPageSize: number;
  };
}

/** Call kinds counted separately, so a test or bench can tell where its API calls went. */
export type SalesforceCallKind =
  'oauth' | 'query' | 'describe' | 'sobject' | 'composite' | 'limits' | 'bulkIngest' | 'bulkQuery' | 'other';

export function callKindOf(path: string): SalesforceCallKind {
  if (path.startsWith('/services/oauth2/') || path.startsWith('/id/')) return 'oauth';
  const rest = /^\/services\/data\/v\d+\.\d(\/.*)?$/.exec(path)?.[1] ?? '';
  if (/^\/(query|queryAll)(\/|$)/.test(rest)) return 'query';
  if (/^\/sobjects(\/[^/]+\/describe)?\/?$/.test(rest)) return 'describe';
  if (rest.startsWith('/sobjects/')) return 'sobject';
  if (rest.startsWith('/composite')) return 'composite';
  if (rest === '/limits' || rest === '/limits/') return 'limits';
  if (rest.startsWith('/jobs/ingest')) return 'bulkIngest';
  if (rest.startsWith('/jobs/query')) return 'bulkQuery';
  return 'other';
}
