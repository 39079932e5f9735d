/**
 * How many connections a service's TypeORM DataSource may hold: the `max` of the pg pool behind
 * it (DATABASE_POOL_SIZE must reach it; a deployment sizes Postgres' max_connections from it).
 */
export function poolMaxOf(dataSource: unknown): number {
  return (dataSource as { driver: { master: { options: { max: number } } } }).driver.master.options.max;
}
