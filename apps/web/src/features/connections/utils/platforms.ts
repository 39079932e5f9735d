import {
  IconAffiliate,
  IconBrandAws,
  IconChartDots,
  IconCloud,
  IconDatabase,
  IconSnowflake,
  type TablerIcon,
} from '@tabler/icons-react';

/** Spec 3 "Connection (unified list)" sources, with 'postgres' (ours). */
export type PlatformSource = 'snowflake' | 'redshift' | 'postgres' | 'salesforce' | 'hubspot' | 'segment';

export interface PlatformInfo {
  name: string;
  icon: TablerIcon;
  color: string;
}

export const PLATFORMS: Record<PlatformSource, PlatformInfo> = {
  snowflake: { name: 'Snowflake', icon: IconSnowflake, color: 'cyan' },
  redshift: { name: 'Redshift', icon: IconBrandAws, color: 'orange' },
  postgres: { name: 'Postgres', icon: IconDatabase, color: 'indigo' },
  salesforce: { name: 'Salesforce', icon: IconCloud, color: 'blue' },
  hubspot: { name: 'HubSpot', icon: IconAffiliate, color: 'orange' },
  segment: { name: 'Segment', icon: IconChartDots, color: 'teal' },
};

export const platformOf = (source: string): PlatformInfo =>
  PLATFORMS[source as PlatformSource] ?? { name: source, icon: IconDatabase, color: 'gray' };

/** Why a tile of the Add Connections dialog cannot be chosen yet. */
export const UNAVAILABLE_PLATFORMS: Partial<Record<PlatformSource, string>> = {
  salesforce: 'Salesforce connections are coming soon',
  hubspot: 'HubSpot connections are coming soon',
};
