import type { FactoryProvider } from '@nestjs/common';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { RenderPool } from './render-pool';

export const RENDER_POOL = Symbol('RENDER_POOL');

/** The service's one render pool; its workers end with the application. */
export const renderPoolProvider: FactoryProvider<RenderPool> = {
  provide: RENDER_POOL,
  inject: [CONFIG],
  useFactory: (config: CampaignConfig) =>
    new RenderPool({
      size: config.RENDER_WORKERS,
      queuePerOrganisation: config.RENDER_QUEUE_PER_ORGANISATION,
    }),
};
