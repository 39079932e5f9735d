import type { Organisation } from '@meridian/contracts';
import type { OrganisationEntity } from './organisation.entity';

export function toOrganisation(row: OrganisationEntity): Organisation {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    domain: row.domain,
    is_active: row.is_active,
    time_created: row.time_created.toISOString(),
    time_updated: row.time_updated.toISOString(),
  };
}
