import type { WarehouseType } from '@meridian/contracts';
import type { WarehouseConnector, WarehouseSession, WarehouseTarget } from './warehouse-session';

/** The connector of each warehouse type. */
export class WarehouseConnectors {
  constructor(private readonly byType: Record<WarehouseType, WarehouseConnector>) {}

  open(target: WarehouseTarget): Promise<WarehouseSession> {
    return this.byType[target.typ].open(target);
  }

  test(target: WarehouseTarget): Promise<void> {
    return this.byType[target.typ].test(target);
  }
}
