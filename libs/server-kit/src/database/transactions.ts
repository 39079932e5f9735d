import { Injectable } from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type ObjectLiteral,
  type Repository,
  type EntityTarget,
} from 'typeorm';

/**
 * One database transaction, opaque to services: they pass it from one repository
 * call to the next, and only repositories open it up (`repositoryIn`).
 */
export interface Transaction {
  readonly __transaction: unique symbol;
}

/** Runs work in one transaction; services get this instead of TypeORM. */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(manager as unknown as Transaction));
  }
}

/** The repository of an entity inside `tx`, or the given default outside a transaction. */
export function repositoryIn<T extends ObjectLiteral>(
  tx: Transaction | undefined,
  entity: EntityTarget<T>,
  outside: Repository<T>,
): Repository<T> {
  return tx ? (tx as unknown as EntityManager).getRepository(entity) : outside;
}

/** The entity manager of `tx` (raw SQL inside the transaction), or `outside`'s. */
export function managerIn(tx: Transaction | undefined, outside: Repository<ObjectLiteral>): EntityManager {
  return tx ? (tx as unknown as EntityManager) : outside.manager;
}

/** True when a write failed on a unique constraint (optionally a named one). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError =
    (error as { driverError?: { code?: string; constraint?: string } })?.driverError ?? error;
  const { code, constraint: violated } = (driverError ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
