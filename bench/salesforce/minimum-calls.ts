/**
 * The fewest Salesforce API calls a pull and a push of N records can take under Salesforce's own
 * limits, to set the calls a run used against. Bulk API 2.0 query: one job create, at least one
 * status poll, and one results call per page (a page holds at most `resultPageRecords`; Salesforce
 * lets a client ask for large pages with maxRecords). Bulk API 2.0 ingest: per job one create, one
 * upload (up to 150 MB of CSV, about 100 MB after Base64 accounting: far above 50,000 rows of a
 * few fields), one close, at least one poll and one successful-results read; a job holds at most
 * 150,000,000 records a day, so one job suffices here.
 */
export interface MinimumCallsInput {
  pulled: number;
  pushed: number;
  resultPageRecords: number;
  /** Rows of one ingest upload (one job per upload in this count). */
  ingestRowsPerUpload: number;
}

export interface MinimumCalls {
  pull: number;
  push: number;
}

export function minimumCalls(input: MinimumCallsInput): MinimumCalls {
  const pages = Math.max(1, Math.ceil(input.pulled / input.resultPageRecords));
  const jobs = input.pushed === 0 ? 0 : Math.ceil(input.pushed / input.ingestRowsPerUpload);
  return { pull: 2 + pages, push: jobs * 5 };
}

/** The same pushes as sObject collections (200 records a call), as a REST client would send them. */
export function collectionCalls(pushed: number): number {
  return Math.ceil(pushed / 200);
}
