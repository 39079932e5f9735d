import type { ServiceName } from '@meridian/contracts';
import type { HttpTarget, SignedIn } from '../auth-factories';
import { ownerDigest } from './owner-digest';
import {
  type AllowedAnswer,
  expectIsolated,
  type IdsByKind,
  probeTenantIsolation,
  type TenantProbeOptions,
} from './tenant-probe';

/** The service under test as the probe needs it, started by the suite's `start`. */
export interface TenantProbeSubject {
  target: HttpTarget;
  /** The database holding the service's schema, for the digest of the owner's rows. */
  databaseUrl: string;
  newOrganisation(): Promise<SignedIn>;
  /** Stops the service and whatever `start` started beside it. */
  close(): Promise<void>;
}

export interface TenantProbeSuiteOptions extends Pick<
  TenantProbeOptions,
  'inputs' | 'extraSlots' | 'uploads' | 'ownerReads'
> {
  start(): Promise<TenantProbeSubject>;
  /** One organisation's data: a real id of each kind the routes take, and texts only it holds. */
  seed(who: SignedIn): Promise<{ ids: IdsByKind; texts: string[] }>;
  /** Answers other than 404 the spec gives when another organisation's id is in a slot. */
  allow?: AllowedAnswer[];
  /** Waits for work the seeding set off (events still being projected) before the digest is taken. */
  settled?(): Promise<void>;
  /** `ownerDigest`'s tables left out, and tables keyed by the organisation under another column. */
  digest?: { ignore?: string[]; keyedBy?: Record<string, string> };
}

/**
 * The tenant isolation test of one service: organisation B calls every route that takes an id,
 * generated from the contracts, with organisation A's ids in its slots; every answer must be the
 * 404 (or an allowed answer), show none of A's data and change none of A's rows.
 */
export function tenantProbeSuite(service: ServiceName, options: TenantProbeSuiteOptions): void {
  describe(`${service}-service tenant isolation, generated from the contracts`, () => {
    let subject: TenantProbeSubject | undefined;
    let digest: Awaited<ReturnType<typeof ownerDigest>> | undefined;

    beforeAll(async () => {
      subject = await options.start();
    });

    afterAll(async () => {
      await digest?.close();
      await subject?.close();
    });

    it('answers 404 to every id of another organisation, shows none of its data and changes none of it', async () => {
      const s = subject!;
      const [owner, stranger] = [await s.newOrganisation(), await s.newOrganisation()];
      const [a, b] = [await options.seed(owner), await options.seed(stranger)];
      await options.settled?.();
      digest = await ownerDigest(
        s.databaseUrl,
        service,
        owner.organisation.id,
        options.digest?.ignore,
        options.digest?.keyedBy,
      );
      const report = await probeTenantIsolation({
        service,
        target: s.target,
        owner: { ...a, bearer: owner.bearer },
        stranger: { bearer: stranger.bearer, ids: b.ids },
        allow: options.allow ?? [],
        inputs: options.inputs,
        extraSlots: options.extraSlots,
        uploads: options.uploads,
        ownerReads: options.ownerReads,
        digest: digest.digest,
      });
      expectIsolated(report);
    }, 300_000);
  });
}
