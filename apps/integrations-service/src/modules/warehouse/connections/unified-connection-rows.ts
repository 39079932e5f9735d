import { Injectable } from '@nestjs/common';
import type { UnifiedConnection } from '@meridian/contracts';

/** Connections other modules own (Salesforce, ...), as rows of the unified list. */
export interface UnifiedConnectionRowsSource {
  /** The organisation's rows of this kind: a handful at most, so the whole list, newest first. */
  rowsFor(organisationId: string): Promise<UnifiedConnection[]>;
}

/**
 * Where modules that depend on this one (Salesforce imports the credentials cipher from here)
 * hand their connections to the unified list without a cycle: they register at start-up.
 */
@Injectable()
export class UnifiedConnectionRowsRegistry {
  private readonly sources: UnifiedConnectionRowsSource[] = [];

  register(source: UnifiedConnectionRowsSource): void {
    this.sources.push(source);
  }

  async rowsFor(organisationId: string): Promise<UnifiedConnection[]> {
    const rows = await Promise.all(this.sources.map((source) => source.rowsFor(organisationId)));
    return rows.flat();
  }
}
