import { Controller, Inject } from '@nestjs/common';
import {
  type ParsedRequestOf,
  warehouseConnectionCreateContract,
  warehouseConnectionGetContract,
  warehouseConnectionListContract,
  warehouseConnectionUpdateContract,
  warehouseSchemaSetContract,
  warehouseSourceColumnListContract,
  warehouseSourceSchemaListContract,
  warehouseSourceTableListContract,
  warehouseWhitelistIpListContract,
} from '@meridian/contracts';
import { Auth, CONFIG, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import { SourcesService } from '../sources/sources.service';
import { ConnectionsService } from './connections.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class ConnectionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly sources: SourcesService,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
  ) {}

  @Endpoint(warehouseConnectionCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseConnectionCreateContract>) {
    return { connection: await this.connections.create(auth, input) };
  }

  @Endpoint(warehouseConnectionUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseConnectionUpdateContract>) {
    return { connection: await this.connections.update(auth, input) };
  }

  @Endpoint(warehouseSchemaSetContract)
  async setSchema(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseSchemaSetContract>) {
    return { connection: await this.connections.setSchema(auth, input.connection_id, input.schema_name) };
  }

  @Endpoint(warehouseConnectionListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseConnectionListContract>) {
    return this.connections.page(auth, input);
  }

  @Endpoint(warehouseConnectionGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseConnectionGetContract>) {
    return { connection: await this.connections.get(auth, input.connection_id) };
  }

  @Endpoint(warehouseWhitelistIpListContract)
  whitelist() {
    return { whitelist_ips: this.config.WHITELIST_IPS };
  }

  @Endpoint(warehouseSourceSchemaListContract)
  async schemas(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseSourceSchemaListContract>) {
    return { schemas: await this.sources.schemas(auth, input.connection_id) };
  }

  @Endpoint(warehouseSourceTableListContract)
  tables(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseSourceTableListContract>) {
    return this.sources.tables(auth, input.connection_id);
  }

  @Endpoint(warehouseSourceColumnListContract)
  async columns(@Auth() auth: RequestContext, @Input() input: In<typeof warehouseSourceColumnListContract>) {
    const columns = await this.sources.columns(auth, input.connection_id, input.table_name);
    return { table_name: input.table_name, columns };
  }
}
