import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A contactsSynced batch that landed: a batch id is applied once, whatever its event's id. */
@Entity({ name: 'inbound_sync_batches' })
export class InboundSyncBatchEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @PrimaryColumn('text')
  batch_id!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  time_applied!: Date;
}
