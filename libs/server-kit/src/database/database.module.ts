import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import { GuardedClient } from './guarded-client';

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema this service owns (`auth`, `campaign`, ...). */
  schema: string;
  // TypeORM's own option types: entity classes and migration classes.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  poolSize?: number;
}

/** Creates the service's schema if it is missing: TypeORM keeps its migration table inside it. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  // A connection cut mid-boot fails the query below; without a listener the closing socket's
  // 'error' would end the process before that failure is handled.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
  } catch (error) {
    // Two services starting at once may race on the same schema; the loser is fine.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

export function dataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'typeorm_migrations',
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // TypeORM's pool builds its clients with this class (pg-pool's `Client` option).
    extra: {
      max: options.poolSize ?? 10,
      application_name: `meridian-${options.schema}`,
      Client: GuardedClient,
    },
  };
}

/**
 * The service's database: its own schema, created if missing, migrated on start
 * with the checked-in migrations. `synchronize` is never on.
 */
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(options),
          dataSourceFactory: async (resolved) => {
            await ensureSchema(options.url, options.schema);
            return new DataSource(resolved!).initialize();
          },
        }),
      ],
    };
  }
}
