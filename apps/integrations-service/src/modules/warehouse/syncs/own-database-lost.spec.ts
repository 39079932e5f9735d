import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { WarehouseError } from '../connectors/warehouse.errors';
import { queryError } from '../connectors/postgres-session';
import { ownDatabaseLost } from './own-database-lost';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('ownDatabaseLost', () => {
  it('is a terminated backend, a dropped socket or a shut-down server of our own database', () => {
    expect(ownDatabaseLost(pgError('terminating connection due to administrator command', '57P01'))).toBe(
      true,
    );
    expect(
      ownDatabaseLost(
        new QueryFailedError('SELECT 1', [], pgError('the database system is shutting down', '57P03')),
      ),
    ).toBe(true);
    expect(ownDatabaseLost(pgError('Connection terminated unexpectedly'))).toBe(true);
    expect(ownDatabaseLost(pgError('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(ownDatabaseLost(pgError('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    // What the fault tier saw pause a sync: the statement after a transaction whose connection died.
    expect(ownDatabaseLost(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('is not the warehouse losing its connection or refusing a query: those pause the sync', () => {
    expect(
      ownDatabaseLost(queryError(pgError('terminating connection due to administrator command', '57P01'))),
    ).toBe(false);
    expect(ownDatabaseLost(queryError(pgError('Connection terminated unexpectedly')))).toBe(false);
    expect(ownDatabaseLost(new WarehouseError('WarehouseQueryFailedException', 'permission denied'))).toBe(
      false,
    );
  });

  it('is not any other error of ours', () => {
    expect(ownDatabaseLost(pgError('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(ownDatabaseLost(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(ownDatabaseLost('terminated')).toBe(false);
  });
});
