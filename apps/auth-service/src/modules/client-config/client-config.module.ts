import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller';

/** The public `client.config` endpoint: third parties the web app may load, and the internal domain. */
@Module({ controllers: [ClientConfigController] })
export class ClientConfigModule {}
