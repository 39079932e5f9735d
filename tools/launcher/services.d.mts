// Types of services.mjs for the TypeScript tests.
export const SERVICES: {
  name: string;
  schema: string;
  offset: number;
  prefixes: string[];
  health: string;
}[];

export function servicePort(service: (typeof SERVICES)[number], base: number): number;
