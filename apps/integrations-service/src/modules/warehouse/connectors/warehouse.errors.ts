import {
  type ConnectionErrorCode,
  type ConnectionTestStep,
  connectionErrorCodes,
  connectionTestErrorCode,
} from '@meridian/contracts';
import { DomainError } from '@meridian/server-kit';

/**
 * A connection test or session open that failed at one step (DNS, TCP, TLS, auth, permission).
 * The description names the step and what failed; it holds host names, never credentials.
 */
export class ConnectionTestError extends DomainError {
  constructor(
    readonly step: ConnectionTestStep,
    description: string,
  ) {
    const code = connectionTestErrorCode[step];
    super(code, { status: connectionErrorCodes[code].status, description });
  }
}

/** Another warehouse-side failure: the host refused by the SSRF rules, or a query the warehouse refused. */
export class WarehouseError extends DomainError {
  constructor(
    code: Exclude<
      ConnectionErrorCode,
      `Connection${'Dns' | 'Tcp' | 'Tls' | 'Auth' | 'Permission'}FailedException`
    >,
    description?: string,
  ) {
    super(code, {
      status: connectionErrorCodes[code].status,
      description: description ?? connectionErrorCodes[code].description,
    });
  }
}

export const stepMessages = {
  dns: (host: string) => `Could not resolve host ${host}`,
  refused: (host: string) => `The host ${host} is an internal address; connections to it are not allowed`,
  tcp: (host: string, port: number, why: string) => `Could not connect to ${host} on port ${port}: ${why}`,
  tcpTimeout: (host: string, port: number, seconds: number) =>
    `Could not connect to ${host} on port ${port} within ${seconds} seconds`,
  tls: (host: string, why: string) => `Could not establish a secure (TLS) connection to ${host}: ${why}`,
  auth: (user: string, why: string) => `Authentication failed for user ${user}: ${why}`,
  loginTimeout: (host: string, seconds: number) =>
    `${host} accepted the connection but did not complete the login within ${seconds} seconds`,
  permission: (user: string, why: string) => `The user ${user} lacks a permission: ${why}`,
} as const;

export function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
