import { Controller, type DynamicModule, Header, Inject, Module, Optional } from '@nestjs/common';
import {
  type HealthResponse,
  healthContracts,
  openApiContracts,
  openApiPageContracts,
  type ServiceName,
} from '@meridian/contracts';
import { DataSource } from 'typeorm';
import { Endpoint } from '../http/endpoint.decorator';
import { openApiDocument } from '../http/openapi';
import { openApiPage } from '../http/openapi-page';

export interface EventTransportStatus {
  transport: 'postgres' | 'kafka';
  status: 'up' | 'down';
  detail?: string;
}

/** Provided by the events module: the transport's liveness for health checks. */
export interface EventTransportProbe {
  status(): Promise<EventTransportStatus>;
}
export const EVENT_TRANSPORT_PROBE = Symbol('EVENT_TRANSPORT_PROBE');

const startedAt = Date.now();

function createHealthController(service: ServiceName) {
  @Controller()
  class HealthController {
    constructor(
      private readonly dataSource: DataSource,
      @Optional() @Inject(EVENT_TRANSPORT_PROBE) private readonly events?: EventTransportProbe,
    ) {}

    @Endpoint(healthContracts[service])
    async health(): Promise<HealthResponse> {
      const database = await this.dataSource
        .query('SELECT 1')
        .then(() => ({ status: 'up' as const }))
        .catch((error: Error) => ({ status: 'down' as const, detail: error.message }));
      const events: EventTransportStatus = this.events
        ? await this.events.status().catch((error: Error) => ({
            transport: 'postgres' as const,
            status: 'down' as const,
            detail: error.message,
          }))
        : { transport: 'postgres', status: 'down', detail: 'event transport not started' };
      return {
        service: `${service}-service`,
        status: database.status === 'up' && events.status === 'up' ? 'up' : 'down',
        database,
        events,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      };
    }

    /** The service's OpenAPI 3.1 document, built from its contracts once, on first ask. */
    @Endpoint(openApiContracts[service])
    openApi(): Record<string, unknown> {
      document ??= openApiDocument(service);
      return document as { openapi: string; info: { title: string; version: string } };
    }

    @Endpoint(openApiPageContracts[service])
    @Header('content-type', 'text/html; charset=utf-8')
    openApiPage(): string {
      document ??= openApiDocument(service);
      return openApiPage(document, openApiContracts[service].fullPath);
    }
  }
  let document: Record<string, unknown> | undefined;
  return HealthController;
}

@Module({})
export class HealthModule {
  static forService(service: ServiceName): DynamicModule {
    return { module: HealthModule, controllers: [createHealthController(service)] };
  }
}
