// Types of the unused-dependency check, for its spec.
export interface PackageInfo {
  bin?: string | Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

export interface Source {
  path: string;
  text: string;
}

export const PENDING: Record<string, string>;

export function findUnusedDependencies(input: {
  manifest: Manifest;
  sources: Source[];
  packageInfo: (name: string) => PackageInfo | null;
  pending?: Record<string, string>;
}): { unused: string[]; stalePending: string[] };

export function readSources(root: string): Source[];

export function installedPackageInfo(root: string): (name: string) => PackageInfo | null;
