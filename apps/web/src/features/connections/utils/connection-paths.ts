import { protectedRoutes } from '@/app/routes';

/** Spec 2: a connection opens the Salesforce page, the segment page or the connection page by source. */
export function connectionPath(connection: { connection_id: string; source: string }): string {
  switch (connection.source) {
    case 'salesforce':
      return protectedRoutes.salesforceDetail.to({ id: connection.connection_id });
    case 'segment':
      return protectedRoutes.segment.to();
    default:
      return protectedRoutes.connectionDetail.to({ id: connection.connection_id });
  }
}

/** The Edit action of the overview table: a warehouse's sync setup, or the source's own page. */
export function connectionEditPath(connection: { connection_id: string; source: string }): string {
  if (connection.source === 'salesforce' || connection.source === 'segment')
    return connectionPath(connection);
  return protectedRoutes.syncConfigurationDetail.to({ id: connection.connection_id });
}
