import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG, CredentialsCipher, LOCAL_DEFAULT_KEYS, credentialKeysSchema } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import { createWarehouseConnectors } from '../connectors/connectors.factory';
import { WarehouseConnectors } from '../connectors/warehouse-connectors';
import { WarehouseSessions } from '../connectors/warehouse-sessions';
import { SourcesService } from '../sources/sources.service';
import { ConnectionCredentials } from './connection-credentials';
import { ConnectionEntity } from './connection.entity';
import { ConnectionSyncFactsRegistry } from './connection-sync-facts';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsService } from './connections.service';
import { GenericController } from './generic.controller';
import { UnifiedConnectionsService } from './unified-connections.service';
import { UnifiedConnectionRowsRegistry } from './unified-connection-rows';

/**
 * Warehouse connections, their sealed credentials, the warehouse sessions every reader goes
 * through (WarehouseSessions), the source lists, and the generic constants and connections list.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ConnectionEntity])],
  controllers: [ConnectionsController, GenericController],
  providers: [
    ConnectionsRepository,
    ConnectionsService,
    UnifiedConnectionsService,
    UnifiedConnectionRowsRegistry,
    ConnectionSyncFactsRegistry,
    ConnectionCredentials,
    SourcesService,
    WarehouseSessions,
    {
      provide: CredentialsCipher,
      inject: [CONFIG],
      useFactory: (config: IntegrationsConfig) =>
        new CredentialsCipher(
          config.CREDENTIALS_ENCRYPTION_KEYS ?? credentialKeysSchema.parse(LOCAL_DEFAULT_KEYS),
        ),
    },
    { provide: WarehouseConnectors, inject: [CONFIG], useFactory: createWarehouseConnectors },
  ],
  exports: [
    WarehouseSessions,
    ConnectionsRepository,
    ConnectionSyncFactsRegistry,
    ConnectionsService,
    CredentialsCipher,
    UnifiedConnectionRowsRegistry,
  ],
})
export class ConnectionsModule {}
